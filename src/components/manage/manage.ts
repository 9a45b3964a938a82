import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ManageFailure, type ManageIntent, ManagePhase } from '../../booking/manage-flow.js';
import { ManageIntentEvent } from '../events/manage-intent-event.js';
import { defineElement } from '../shared/define.js';
import { exportParts } from '../shared/parts.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import { calendarLinkStyles } from '../calendar/calendar-link.styles.js';
import { renderDetails, when } from './manage-details.js';
import { renderFailure, renderLocks, waitMessage } from './manage-notes.js';
import type { ManageView } from './manage.view.js';
import { renderNewTime } from './manage-time.js';
import { MANAGE_PARTS } from './manage.parts.js';
import { manageStyles } from './manage.styles.js';

export type { ManageView };

/**
 * @summary A visitor's own booking, opened from the link they were given: what,
 * with whom, when and the reference; a new time (the booking's time step, then a
 * confirmation) or a cancellation (after a confirmation); or, when neither is
 * possible online any more, why, and how to reach the company. It renders what it
 * is given and sends the visitor's intents up; it never calls the service.
 *
 * @event manage-intent - The visitor asked for something, or the new time's free times could not be loaded (`ManageIntentEvent`).
 *
 * @csspart manage-action - The reschedule, cancel and confirm buttons.
 * @csspart reference - The booking reference.
 * @csspart notice - The message that the time chosen was just taken.
 * @csspart calendar-link - The .ics download and the Google Calendar link for the booking's new time, once moved.
 */
export class ManageBooking extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, calendarLinkStyles, manageStyles];
  static override properties: PropertyDeclarations = {
    view: { attribute: false },
  };

  /** The booking's state and what it is shown with. */
  view!: ManageView;

  /** "Try again" was pressed: the failure's heading stays above "Loading…", so focus has a place that is not the page. */
  private _retried = false;
  /** The booking, or why it cannot open, has shown once. */
  private _landed = false;

  override connectedCallback(): void {
    super.connectedCallback();
    // Set here rather than by the widget, whose first-load code then need not carry the list.
    this.setAttribute('exportparts', exportParts(MANAGE_PARTS));
  }

  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('view');
    // The visitor moved to another screen: focus goes to its heading, so they hear where they are.
    if (before && before.focus !== this.view.focus) this.renderRoot.querySelector('h3')?.focus();
    if (!this._landed && this.view.state.phase !== ManagePhase.Loading) {
      this._landed = true;
      this._intoView();
    }
  }

  /**
   * A visitor who followed their link lands at the top of the page, and the widget may be far below it: the booking
   * comes into view as it shows. Focus stays with the page (opening never takes it), and a visitor who has moved on
   * meanwhile (focus on something, or the widget in view) stays where they are.
   */
  private _intoView(): void {
    const { top, bottom } = this.getBoundingClientRect();
    if (document.activeElement === document.body && (top >= innerHeight || bottom <= 0)) this.scrollIntoView({ block: 'start' });
  }

  private _send = (request: ManageIntent) => this.dispatchEvent(new ManageIntentEvent(request));

  private _section(heading: string, body: unknown): TemplateResult {
    return html`<section aria-labelledby="manage-heading">
      <h3 id="manage-heading" tabindex="-1">${heading}</h3>
      ${body}
    </section>`;
  }

  /** A button that sends `intent`; the one that sends a change says so while it is on its way, and does nothing more. */
  private _button(label: string, intent: ManageIntent, secondary = false): TemplateResult {
    const { busy } = this.view.state;
    const sending = busy && intent.type === 'confirm';
    return html`<button
      type="button"
      class=${secondary ? 'button secondary' : 'button'}
      part="manage-action"
      aria-disabled=${sending ? 'true' : nothing}
      @click=${() => !sending && this._send(intent)}
    >
      ${sending ? this.view.messages.saving : label}
    </button>`;
  }

  /** The buttons; under them, while a change is on its way, "taking longer than usual" once it is (shared styles' `.slow`). */
  private _actions(...buttons: (TemplateResult | typeof nothing)[]): TemplateResult {
    const { busy } = this.view.state;
    return html`<div class="actions">${buttons}</div>
      ${busy ? html`<p class="slow" role="status">${this.view.messages.slowAnswer}</p>` : nothing}`;
  }

  /** A change that failed where trying again may help: the visitor's choice stays, and the same button retries. */
  private _retryNotice() {
    return this.view.state.failure?.kind === ManageFailure.Retry
      ? html`<p class="notice" role="alert">${waitMessage(this.view) ?? this.view.messages.changeFailed}</p>`
      : nothing;
  }

  private _renderView(): TemplateResult {
    const { messages, state } = this.view;
    const failed = Boolean(state.failure);
    return this._section(
      messages.yourBooking,
      html`${failed ? renderLocks(this.view) : nothing} ${renderDetails(this.view)} ${failed ? nothing : renderLocks(this.view)}
      ${this._actions(
        state.locks.reschedule ? nothing : this._button(messages.reschedule, { type: 'reschedule' }),
        state.locks.cancel ? nothing : this._button(messages.cancelBooking, { type: 'ask-cancel' }, true),
      )}`,
    );
  }

  private _renderTime(): TemplateResult {
    const { messages, state } = this.view;
    return this._section(
      messages.chooseNewTime,
      html`<p>${messages.currentTimeIs(when(this.view, state.start))}</p>
        ${state.slotTaken ? html`<p class="notice" part="notice" role="alert">${messages.slotTaken}</p>` : nothing}
        ${renderNewTime(this.view)}
        ${this._actions(
          state.slot === undefined ? nothing : this._button(messages.continue, { type: 'continue' }),
          this._button(messages.back, { type: 'back' }, true),
        )}`,
    );
  }

  override render() {
    const { messages, state } = this.view;
    switch (state.phase) {
      case ManagePhase.Loading: {
        const loading = html`<p role="status">${messages.loading}</p>`;
        return this._retried ? this._section(messages.yourBooking, loading) : loading;
      }
      case ManagePhase.Failed:
        return this._section(
          messages.yourBooking,
          renderFailure(this.view, () => {
            this._retried = true;
            this.renderRoot.querySelector('h3')?.focus();
            this._send({ type: 'retry' });
          }),
        );
      case ManagePhase.View:
        return this._renderView();
      case ManagePhase.Time:
        return this._renderTime();
      case ManagePhase.ConfirmMove:
        return this._section(
          messages.confirmNewTime,
          html`${this._retryNotice()}
          ${renderDetails(this.view, [
            [messages.currentTime, when(this.view, state.start)],
            [messages.newTime, when(this.view, state.slot!)],
          ])}
          ${this._actions(this._button(messages.moveBooking, { type: 'confirm' }), this._button(messages.back, { type: 'back' }, true))}`,
        );
      case ManagePhase.ConfirmCancel:
        return this._section(
          messages.cancelQuestion,
          html`${this._retryNotice()} ${renderDetails(this.view)}
          ${this._actions(this._button(messages.confirmCancel, { type: 'confirm' }), this._button(messages.keepBooking, { type: 'back' }, true))}`,
        );
      case ManagePhase.Moved:
        // The calendar entry made at booking still says the old time: its file again, at the new one, once its code is in.
        return this._section(messages.moved, html`${renderDetails(this.view)} ${this.view.movedCalendar?.(this.view) ?? nothing}`);
      case ManagePhase.Cancelled:
        return this._section(
          messages.cancelled,
          html`${renderDetails(this.view)} ${this._actions(this._button(messages.bookAnother, { type: 'book-again' }, true))}`,
        );
    }
  }
}

defineElement('bw-manage', ManageBooking);

declare global {
  interface HTMLElementTagNameMap {
    'bw-manage': ManageBooking;
  }
}
