import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { BookingWidget, type Theme } from '../components/booking-widget/booking-widget.js';
import { defineElement } from '../components/shared/define.js';
import { exportParts } from '../components/shared/parts.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { accessibleText } from './accessible-text.js';
import { bookingButtonStyles } from './booking-button.styles.js';
import type { BookingDialog } from './booking-dialog.js';
import { BOOKING_DIALOG_PARTS } from './booking-dialog.parts.js';
import { loadDialog } from './load-dialog.js';
import { applySettings, fromAttributes } from './widget-settings.js';

/**
 * @summary A button that opens `<booking-widget>` in a modal dialog: a site's
 * "Book now" (the service's scheduling buttons). It takes the attributes of
 * `<booking-widget>` and passes them on, any added later included.
 *
 * @slot - The button's text. Default "Book".
 *
 * Every event of the widget inside reaches the page from this element too (they are composed): custom-elements.json
 * lists them here, copied from `<booking-widget>`'s.
 *
 * @csspart button - The button.
 * @csspart dialog - The dialog.
 * @csspart close - The dialog's close button.
 *
 * @cssproperty --bw-accent - Background of the button (and the widget's accent). Default #1d4ed8.
 * @cssproperty --bw-accent-text - Text on the button. Default white.
 * @cssproperty --bw-radius - Corner radius. Default 0.5em.
 * @cssproperty --bw-font-family - Font. Default the system font; `inherit` takes the page's.
 * @cssproperty --bw-font-size - Font size. Default 1rem.
 * @cssproperty --bw-focus-color - Focus ring colour. Default #111827.
 */
export class BookingButton extends LitElement {
  static override styles = bookingButtonStyles;
  static override properties: PropertyDeclarations = {
    companyId: { attribute: 'company-id', reflect: true },
    apiBase: { attribute: 'api-base', reflect: true },
    locale: { reflect: true },
    displayTimeZone: { attribute: 'display-time-zone', reflect: true },
    serviceId: { attribute: 'service-id', reflect: true },
    staffId: { attribute: 'staff-id', reflect: true },
    resourceId: { attribute: 'resource-id', reflect: true },
    theme: { reflect: true },
    closeLabel: { attribute: 'close-label' },
    prefill: { attribute: false },
    attribution: { attribute: false },
  };
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  private get _button(): HTMLButtonElement {
    return this.renderRoot.querySelector('button')! as HTMLButtonElement;
  }
  /** Its dialog, once rendered (attributes are read before the first render). */
  private get _dialog(): BookingDialog | null | undefined {
    return this.renderRoot?.querySelector('booking-dialog');
  }

  /** The default label ("Book") in the widget's language. */
  private readonly _locale = new LocaleController(this, () => [
    this.locale,
    this.closest('[lang]')?.getAttribute('lang'),
    ...(globalThis.navigator?.languages ?? []),
  ]);

  /** The company's id or externalId. Required. */
  companyId: string | undefined;

  /** URL of the booking proxy. Default: the page's origin. */
  apiBase: string | undefined;

  /** Language of the widget, as a BCP 47 tag. */
  locale: string | undefined;

  /** `company`, `local`, or an IANA zone name. */
  displayTimeZone: string | undefined;

  /** Preselects a service. */
  serviceId: string | undefined;

  /** Preselects a staff member. */
  staffId: string | undefined;

  /** Preselects a resource. */
  resourceId: string | undefined;

  /** `light`, `dark` or `auto`. */
  theme: Theme | undefined;

  /** The dialog's close button's accessible name. Default: "Close" in the widget's language. */
  closeLabel: string | undefined;

  /** Passed on to the widget in the dialog: details you already know of the visitor (its `prefill`). */
  prefill: BookingWidget['prefill'];

  /** Passed on to the widget in the dialog: where the visitor came from, from your own storage (its `attribution`). */
  attribution: BookingWidget['attribution'];

  /** Whether the dialog is open. */
  get open(): boolean {
    return this._dialog?.open ?? false;
  }

  /** Opens the booking dialog, as a click does. */
  async show(): Promise<void> {
    await Promise.all([this.updateComplete, loadDialog()]);
    const dialog = this._dialog!;
    dialog.label = accessibleText(this);
    this._passProperties();
    await dialog.show(fromAttributes(this), this._button);
  }

  /** The properties a page sets on the button reach the widget before it opens, and at once while it is open. */
  protected override updated(): void {
    if (this.open) this._passProperties();
  }

  private _passProperties(): void {
    const { widget } = this._dialog!;
    if (this.prefill !== undefined) widget.prefill = this.prefill;
    if (this.attribution !== undefined) widget.attribution = this.attribution;
  }

  /** Closes the booking dialog. */
  close(): void {
    this._dialog?.close();
  }

  /** Every attribute of the widget, not only those the button declares: each one changed while the dialog is open reaches its widget. */
  static override get observedAttributes(): string[] {
    return [...new Set([...super.observedAttributes, ...BookingWidget.observedAttributes])];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    // At once: withdrawn consent stops the widget's events now, not at the next opening.
    if (this.open) applySettings(this._dialog!.widget, fromAttributes(this));
  }

  override render() {
    return html`<button part="button" type="button" aria-haspopup="dialog" @click=${this.show}>
        <slot>${this._locale.localizer.messages.book}</slot>
      </button>
      <booking-dialog exportparts=${exportParts(BOOKING_DIALOG_PARTS)} close-label=${this.closeLabel ?? nothing}></booking-dialog>`;
  }
}

defineElement('booking-button', BookingButton);

declare global {
  interface HTMLElementTagNameMap {
    'booking-button': BookingButton;
  }
}
