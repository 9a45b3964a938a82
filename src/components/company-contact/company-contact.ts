import { LitElement, css, html, nothing, type PropertyDeclarations } from 'lit';
import type { Company } from 'booking-widget-shared/types';
import { addressOf, mapLink } from '../../booking/locations.js';
import type { Localizer } from '../../i18n/localizer.js';
import { defineElement } from '../shared/define.js';
import { baseStyles } from '../shared/styles.js';

/**
 * @summary Where the company is and how to reach it (service contract §12): its address as a
 * map link, its phone (`tel:`) and e-mail (`mailto:`). The company's text, never HTML.
 * Arrives with the time step's chunk; the confirmation shows it too.
 *
 * @csspart contact - The address, phone and e-mail.
 */
/**
 * An e-mail address that a narrow widget (large text, a phone) breaks after its `@` and before its
 * dots, as typesetters do, rather than mid-word ("….example.co" / "m"); the link's name stays whole.
 */
const breakable = (email: string) => email.split(/(?<=@)|(?=\.)/).map((part, index) => (index ? html`<wbr />${part}` : part));

export class CompanyContact extends LitElement {
  static override styles = [
    baseStyles,
    css`
      ul {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25em 1.25em;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      li {
        min-inline-size: 0;
        overflow-wrap: anywhere;
      }
      a {
        color: var(--_link);
        display: inline-block;
        min-block-size: 24px;
      }
      /* A left-to-right phone or e-mail broken over two lines lines up as the page does, not by its own direction. */
      :host(:dir(rtl)) a {
        text-align: right;
      }
    `,
  ];
  static override properties: PropertyDeclarations = {
    company: { attribute: false },
    localizer: { attribute: false },
  };

  company: Company | undefined;
  localizer!: Localizer;

  override render() {
    const { company } = this;
    if (!company) return nothing;
    const { messages } = this.localizer;
    const address = addressOf(company);
    const map = mapLink(company);
    const phone = company.phone?.trim();
    const email = company.email?.trim();
    if (!address && !phone && !email) return nothing;
    return html`<ul part="contact">
      ${
        address
          ? html`<li>
              ${
                map
                  ? html`<a href=${map} target="_blank" rel="noopener noreferrer"
                      ><bdi>${address}</bdi><span class="visually-hidden">${` (${messages.showOnMap}, ${messages.opensInNewTab})`}</span></a
                    >`
                  : html`<bdi>${address}</bdi>`
              }
            </li>`
          : nothing
      }
      ${phone ? html`<li><a href=${`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label=${`${messages.phone}: ${phone}`} dir="ltr">${phone}</a></li>` : nothing}
      ${email ? html`<li><a href=${`mailto:${email}`} aria-label=${`${messages.email}: ${email}`} dir="ltr">${breakable(email)}</a></li>` : nothing}
    </ul>`;
  }
}

defineElement('bw-company-contact', CompanyContact);

declare global {
  interface HTMLElementTagNameMap {
    'bw-company-contact': CompanyContact;
  }
}
