import { LitElement, html, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import type { Theme } from '../components/booking-widget/booking-widget.js';
import { defineElement } from '../components/shared/define.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { accessibleText } from './accessible-text.js';
import { bookingButtonStyles } from './booking-button.styles.js';
import type { BookingDialog } from './booking-dialog.js';
import { loadDialog } from './load-dialog.js';
import { applySettings, fromAttributes } from './widget-settings.js';

/**
 * @summary A button that opens `<booking-widget>` in a modal dialog: a site's
 * "Book now" (the service's scheduling buttons). It takes the attributes of
 * `<booking-widget>` and passes them on, any added later included.
 *
 * @slot - The button's text. Default "Book".
 *
 * @event bw-ready - From the widget in the dialog: the company has loaded. `detail: { company }`.
 * @event bw-step-change - From the widget: the visitor moved to another step. `detail: { step, previousStep }`.
 * @event bw-slot-select - From the widget: the visitor chose a time. `detail: { start, startInCompanyZone, … }`.
 * @event bw-booked - From the widget: an appointment was created. `detail: { appointment }`.
 * @event bw-error - From the widget: something failed. `detail: { phase, status, errorCode, message }`.
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
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  @query('button') private _button!: HTMLButtonElement;
  @query('booking-dialog') private _dialog!: BookingDialog;

  /** The default label ("Book") in the widget's language. */
  private readonly _locale = new LocaleController(this, () => [
    this.locale,
    this.closest('[lang]')?.getAttribute('lang'),
    ...(globalThis.navigator?.languages ?? []),
  ]);

  /** The company's id or externalId. Required. */
  @property({ attribute: 'company-id', reflect: true }) companyId: string | undefined;

  /** URL of the booking proxy. Default: the page's origin. */
  @property({ attribute: 'api-base', reflect: true }) apiBase: string | undefined;

  /** Language of the widget, as a BCP 47 tag. */
  @property({ reflect: true }) locale: string | undefined;

  /** `company`, `local`, or an IANA zone name. */
  @property({ attribute: 'display-time-zone', reflect: true }) displayTimeZone: string | undefined;

  /** Preselects a service. */
  @property({ attribute: 'service-id', reflect: true }) serviceId: string | undefined;

  /** Preselects a staff member. */
  @property({ attribute: 'staff-id', reflect: true }) staffId: string | undefined;

  /** Preselects a resource. */
  @property({ attribute: 'resource-id', reflect: true }) resourceId: string | undefined;

  /** `light`, `dark` or `auto`. */
  @property({ reflect: true }) theme: Theme | undefined;

  /** The dialog's close button's accessible name. Default: "Close" in the widget's language. */
  @property({ attribute: 'close-label' }) closeLabel: string | undefined;

  /** Whether the dialog is open. */
  get open(): boolean {
    return this._dialog?.open ?? false;
  }

  /** Opens the booking dialog, as a click does. */
  async show(): Promise<void> {
    await Promise.all([this.updateComplete, loadDialog()]);
    this._dialog.label = accessibleText(this);
    await this._dialog.show(fromAttributes(this), this._button);
  }

  /** Closes the booking dialog. */
  close(): void {
    this._dialog?.close();
  }

  protected override updated() {
    // Settings changed while the dialog is open reach its widget at once.
    if (this.open) applySettings(this._dialog.widget, fromAttributes(this));
  }

  override render() {
    return html`<button part="button" type="button" aria-haspopup="dialog" @click=${this.show}><slot>${this._locale.localizer.messages.book}</slot></button>
      <booking-dialog exportparts="dialog, close" close-label=${this.closeLabel ?? nothing}></booking-dialog>`;
  }
}

defineElement('booking-button', BookingButton);

declare global {
  interface HTMLElementTagNameMap {
    'booking-button': BookingButton;
  }
}
