import { LitElement, html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import type { Company } from 'booking-widget-shared/types';
import { defineElement } from '../shared/define.js';
import { safePicture } from '../shared/safe-picture.js';
import { baseStyles } from '../shared/styles.js';
import { companyHeaderStyles } from './company-header.styles.js';
import { looksLikeHtml, setSanitizedHtml } from './sanitize-html.js';

/**
 * @summary The company: picture, name, description (sanitised HTML) and the
 * merchant's welcome message (plain text).
 *
 * @csspart picture - The company's picture.
 * @csspart name - The company's name.
 * @csspart description - The company's description.
 * @csspart welcome - The welcome message.
 */
export class CompanyHeader extends LitElement {
  static override styles = [baseStyles, companyHeaderStyles];
  static override properties: PropertyDeclarations = {
    company: { attribute: false },
    welcomeMessage: {},
    _pictureDue: { state: true },
  };

  private get _description(): HTMLElement | null {
    return this.renderRoot.querySelector('.description') as HTMLElement | null;
  }

  company!: Company;

  /** Plain text from the merchant's settings. */
  welcomeMessage: string | undefined;

  /**
   * The picture's source is set just after the first paint, in its reserved box. An inline picture
   * (a `data:` SVG) is parsed on the main thread in the very task that sets it, about a sixth of the
   * first screen's work on a slow phone (issue 28); a picture on the network starts loading a frame later.
   */
  private _pictureDue = false;

  override firstUpdated() {
    requestAnimationFrame(() => setTimeout(() => (this._pictureDue = true)));
  }

  protected override updated(changed: PropertyValues<this>) {
    if (changed.has('company') && this._description) {
      const description = this.company.description ?? '';
      // Plain text never goes through an HTML parser at all.
      if (looksLikeHtml(description)) void setSanitizedHtml(this._description, description);
      else this._description.textContent = description;
    }
  }

  override render() {
    const { company } = this;
    const picture = safePicture(company.picture?.url);
    return html`
      <div class="identity">
        ${picture ? html`<img part="picture" src=${this._pictureDue ? picture : nothing} alt="" />` : nothing}
        <h2 part="name"><bdi>${company.name}</bdi></h2>
      </div>
      <div class="description" part="description" dir="auto" ?hidden=${!company.description}></div>
      ${this.welcomeMessage ? html`<p class="welcome" part="welcome" dir="auto">${this.welcomeMessage}</p>` : nothing}
    `;
  }
}

defineElement('bw-company-header', CompanyHeader);

declare global {
  interface HTMLElementTagNameMap {
    'bw-company-header': CompanyHeader;
  }
}
