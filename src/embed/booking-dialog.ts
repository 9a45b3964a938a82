import { LitElement, html, nothing, svg, type PropertyDeclarations } from 'lit';
import type { BookingWidget } from '../components/booking-widget/booking-widget.js';
import { defineElement } from '../components/shared/define.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { bookingDialogStyles } from './booking-dialog.styles.js';
import { type SettingReader, applySettings } from './widget-settings.js';

const closeIcon = svg`<path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`;

/**
 * @summary A modal dialog holding a `<booking-widget>`: what `<booking-button>` and
 * `[data-booking-popup]` links open. While it is open the page behind is inert;
 * Escape or the close button closes it, and focus returns to what opened it.
 *
 * @slot - The `<booking-widget>`, created on first opening.
 *
 * Every event of the widget inside reaches the page from this element too (they are composed): custom-elements.json
 * lists them here, copied from `<booking-widget>`'s.
 *
 * @csspart dialog - The `<dialog>`.
 * @csspart close - The close button.
 *
 * @cssproperty --bw-dialog-width - Widest the dialog gets. Default 44rem.
 * @cssproperty --bw-backdrop - What covers the page behind. Default rgb(0 0 0 / 0.55).
 */
export class BookingDialog extends LitElement {
  static override styles = bookingDialogStyles;
  static override properties: PropertyDeclarations = {
    label: {},
    closeLabel: { attribute: 'close-label' },
  };

  private get _dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')! as HTMLDialogElement;
  }

  private _opener: HTMLElement | undefined;

  /** Speaks the widget's language: its `locale`, then the page's, then the browser's. */
  private readonly _locale = new LocaleController(this, () => [
    this.querySelector('booking-widget')?.getAttribute('locale'),
    this.closest('[lang]')?.getAttribute('lang'),
    ...(globalThis.navigator?.languages ?? []),
  ]);

  /** The dialog's accessible name; openers pass their own text ("Book now"). */
  label = '';

  /** The close button's accessible name. Default: "Close" in the widget's language. */
  closeLabel: string | undefined;

  /** Whether the dialog is open. */
  get open(): boolean {
    return this._dialog?.open ?? false;
  }

  /**
   * The widget shown. It stays between openings, so a visitor who closes the
   * dialog finds their booking where they left it.
   */
  get widget(): BookingWidget {
    return this.querySelector('booking-widget') ?? this.appendChild(document.createElement('booking-widget'));
  }

  /** Opens the dialog as a modal with these widget settings; `opener` gets focus back on close. */
  async show(settings: SettingReader, opener?: HTMLElement): Promise<void> {
    applySettings(this.widget, settings);
    // The widget's language may have just changed: the close button follows it.
    this.requestUpdate();
    await this.updateComplete;
    if (this._dialog.open) return;
    this._opener = opener;
    this._dialog.showModal();
    // In sight again: a time chosen before the dialog closed is held again (hold-controller.ts).
    this.widget.requestUpdate();
  }

  /** Closes the dialog. */
  close(): void {
    this._dialog?.close();
  }

  private _onClose() {
    // Out of sight: the widget gives back a time it holds, rather than keeping it from others until the tab closes.
    this.widget.requestUpdate();
    // Browsers differ in restoring focus after a modal dialog; do it ourselves.
    const opener = this._opener;
    this._opener = undefined;
    if (opener?.isConnected) opener.focus();
  }

  override render() {
    return html`<dialog part="dialog" aria-label=${this.label || nothing} @close=${this._onClose}>
      <div class="bar">
        <button
          part="close"
          class="close"
          type="button"
          autofocus
          aria-label=${this.closeLabel ?? this._locale.localizer.messages.close}
          @click=${this.close}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${closeIcon}</svg>
        </button>
      </div>
      <slot></slot>
    </dialog>`;
  }
}

defineElement('booking-dialog', BookingDialog);

declare global {
  interface HTMLElementTagNameMap {
    'booking-dialog': BookingDialog;
  }
}
