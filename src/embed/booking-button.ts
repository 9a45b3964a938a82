import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import type { Theme } from '../components/booking-widget/booking-widget.js';
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
 * @event bw-ready - From the widget in the dialog: the company has loaded. `detail: { company }`.
 * @event bw-step-change - From the widget: the visitor moved to another step. `detail: { step, previousStep }`.
 * @event bw-slot-select - From the widget: the visitor chose a time. `detail: { start, startInCompanyZone, … }`.
 * @event bw-slot-held - From the widget: the proxy holds the chosen time for the visitor. `detail: { start, expiresAt }`.
 * @event bw-slot-released - From the widget: the held time was given back. `detail: { start, reason }`.
 * @event bw-slot-gone - From the widget: the chosen time was taken by someone else first; the nearest free times are offered. `detail: { start, alternatives }`.
 * @event bw-booked - From the widget: an appointment was created. `detail: { appointment, manageUrl?, attribution? }`.
 * @event bw-rescheduled - From the widget in manage mode: the visitor moved their booking. `detail: { appointment, previousStart }`.
 * @event bw-cancelled - From the widget in manage mode: the visitor cancelled their booking. `detail: { appointment }`.
 * @event bw-queue-joined - From the widget: the visitor joined the walk-in line. `detail: { registration, placeUrl? }`.
 * @event bw-queue-updated - From the widget: the visitor's place in the line changed. `detail: { registration }`.
 * @event bw-queue-called - From the widget: staff called the visitor. `detail: { registration }`.
 * @event bw-queue-left - From the widget: the visitor left the line. `detail: { registration }`.
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
  };
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  private get _button(): HTMLButtonElement {
    return this.renderRoot.querySelector('button')! as HTMLButtonElement;
  }
  private get _dialog(): BookingDialog {
    return this.renderRoot.querySelector('booking-dialog')! as BookingDialog;
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
