import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { QueueFailure, type QueueIntent, QueuePhase, placeSummary } from '../../booking/queue-flow.js';
import { AnnounceEvent } from '../events/announce-event.js';
import type { AnswerEvent } from '../events/answer-event.js';
import { QueueIntentEvent } from '../events/queue-intent-event.js';
import type { QueueView } from './queue.view.js';
import { defineElement } from '../shared/define.js';
import { exportParts } from '../shared/parts.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import { QUEUE_PARTS } from './queue.parts.js';
import { queueStyles } from './queue.styles.js';
import { openingWords } from './opening.js';
import { MAX_PARTY_SIZE } from 'booking-widget-shared/queue-types';
import { contactDirection, inNameOrder } from '../fields/text-fields.js';

export type { QueueView };

type TextField = 'firstName' | 'lastName' | 'phone';
const AUTOCOMPLETE: Record<TextField, string> = { firstName: 'given-name', lastName: 'family-name', phone: 'tel' };

/**
 * @summary A company's walk-in line (service contract §16): its welcome message, its
 * questions, name, phone and party size to join; then the visitor's place ("2 people
 * ahead of you · about 20 min"), "It's your turn" when called, leaving (after asking),
 * and the link that reopens the place. It renders what it is given and sends the
 * visitor's intents up; it never calls the service.
 *
 * @event queue-intent - The visitor typed, joined, asked to leave, left, went back or retried (`QueueIntentEvent`).
 *
 * @csspart queue-action - The join, leave and confirm buttons.
 * @csspart place - The visitor's place: the people ahead and the estimated wait.
 * @csspart notice - A message that something failed or the line is closed.
 * @csspart field-error - The message under a field that needs correcting.
 */
export class WalkInQueue extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, queueStyles];
  static override properties: PropertyDeclarations = {
    view: { attribute: false },
  };

  /** The line's state and what it is shown with. */
  view!: QueueView;

  /** "Try again" was pressed: the failure's heading stays above "Loading…", so focus has a place that is not the page. */
  private _retried = false;
  /** Join was pressed: the errors that answer it take focus to the first field to correct; those left as the visitor types do not. */
  private _joining = false;
  /** The line, or the place a link names, has shown once. */
  private _landed = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('exportparts', exportParts(QUEUE_PARTS));
  }

  protected override firstUpdated(): void {
    // Chosen from the first step's offer (or joined again): the line's heading takes focus, as a new step's does.
    if (this.view.focus > 0) this.renderRoot.querySelector('h3')?.focus();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('view');
    // Another screen: focus goes to its heading. A place that only moved up keeps focus where the visitor left it.
    if (before && before.focus !== this.view.focus) this.renderRoot.querySelector('h3')?.focus();
    const { state } = this.view;
    if (!this._landed && state.phase !== QueuePhase.Loading) {
      this._landed = true;
      // Reopened from the place's link (it was read, or the link is refused): the place comes into view, as manage mode's
      // booking does, and focus stays with the page. A line the page merely offers stays where the merchant put it.
      const linked = state.registration || state.failure === QueueFailure.LinkInvalid || state.failure === QueueFailure.Gone;
      const { top, bottom } = this.getBoundingClientRect();
      if (linked && document.activeElement === document.body && (top >= innerHeight || bottom <= 0))
        this.scrollIntoView({ block: 'start' });
    }
    // A join refused for its fields: focus on the first to correct, once. Each field typed in then drops its own error
    // (a new set of errors), and focus stays where the visitor types.
    const { errors } = state;
    if (this._joining && before?.state.errors !== errors && Object.keys(errors).length) {
      this._joining = false;
      // Said as the details form says it: how many to correct, then each as focus reaches it.
      const { localizer, messages } = this.view;
      this.dispatchEvent(new AnnounceEvent(localizer.plural(messages.fixErrors, Object.keys(errors).length), 'assertive'));
      void this._focusInvalid();
    }
  }

  /**
   * Focuses the first field to correct, once every message shows: a question first, as the form shows them first
   * (`<bw-intake-questions>` focuses its own, a group of choices on an option), then the line's own fields.
   */
  private async _focusInvalid(): Promise<void> {
    await this.updateComplete;
    const questions = this.renderRoot.querySelector<Element & { focusInvalid?: () => Promise<boolean> }>('bw-intake-questions');
    if (await questions?.focusInvalid?.()) return;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  private _send = (intent: QueueIntent) => {
    this._joining = intent.type === 'join';
    // Read again ("Try again", "Join the line again"): "Loading…" comes under a heading, which takes focus.
    if (intent.type === 'retry' || intent.type === 'rejoin') {
      this._retried = true;
      this.renderRoot.querySelector('h3')?.focus();
    }
    return this.dispatchEvent(new QueueIntentEvent(intent));
  };

  private _section(heading: string, body: unknown): TemplateResult {
    return html`<section aria-labelledby="queue-heading">
      <h3 id="queue-heading" tabindex="-1">${heading}</h3>
      ${body}
    </section>`;
  }

  private _button(label: string, intent: QueueIntent, secondary = false): TemplateResult {
    const { busy } = this.view.state;
    const { messages } = this.view;
    const sending = busy && (intent.type === 'join' || intent.type === 'leave');
    return html`<button
      type=${intent.type === 'join' ? 'submit' : 'button'}
      class=${secondary ? 'button secondary' : 'button'}
      part="queue-action"
      aria-disabled=${sending ? 'true' : nothing}
      @click=${(event: Event) => {
        if (intent.type === 'join') return;
        event.preventDefault();
        if (!sending) this._send(intent);
      }}
    >
      ${sending ? (intent.type === 'join' ? messages.joining : messages.leaving) : label}
    </button>`;
  }

  private _failure(): TemplateResult | typeof nothing {
    const { state, messages } = this.view;
    const { failure } = state;
    if (!failure || failure === QueueFailure.Closed) return nothing;
    const said: Partial<Record<QueueFailure, string>> = {
      [QueueFailure.TooMany]: messages.tooMany,
      [QueueFailure.LinkInvalid]: messages.linkInvalid,
      [QueueFailure.Gone]: messages.gone,
    };
    return html`<p class="notice" part="notice" role="alert">${said[failure] ?? messages.failed}</p>`;
  }

  private _text(field: TextField, type: string, hint?: string): TemplateResult {
    const { messages, state } = this.view;
    const error = state.errors[field];
    return html`<div class="field">
      <label for=${field}>${messages[field]}</label>
      ${hint ? html`<p class="hint" id=${`${field}-hint`}>${hint}</p>` : nothing}
      <input
        id=${field}
        name=${field}
        type=${type}
        dir=${contactDirection(type) ?? nothing}
        autocomplete=${AUTOCOMPLETE[field]}
        required
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${hint ? `${field}-hint ${field}-error` : `${field}-error`}
        .value=${state.entries[field]}
        @input=${(event: Event) => this._send({ type: 'input', change: { [field]: (event.target as HTMLInputElement).value } })}
      />
      <p id=${`${field}-error`} class="error" part="field-error">${error ?? ''}</p>
    </div>`;
  }

  private _renderJoin(): TemplateResult {
    const { messages, state, pages, localizer } = this.view;
    const { queue, entries } = state;
    return this._section(
      queue!.name,
      html`${queue!.welcomeMessage ? html`<p dir="auto">${queue!.welcomeMessage}</p>` : nothing}
        <form
          novalidate
          @submit=${(event: Event) => {
            event.preventDefault();
            if (!state.busy) this._send({ type: 'join' });
          }}
        >
          ${
            pages.length
              ? html`<bw-intake-questions
                  .localizer=${localizer}
                  .pages=${pages}
                  .value=${entries.answers}
                  .errors=${state.errors}
                  @bw-answer=${(event: AnswerEvent) => this._send({ type: 'input', change: { answers: { [event.id]: event.value } } })}
                  ><p>${messages.loading}</p></bw-intake-questions
                >`
              : nothing
          }
          ${inNameOrder(messages, this._text('firstName', 'text'), this._text('lastName', 'text'))}
          ${this._text('phone', 'tel', messages.phoneHint)} ${this._party()} ${this._failure()}
          <div class="actions">${this._button(messages.join, { type: 'join' })}</div>
        </form>`,
    );
  }

  /**
   * The party size, kept as typed: a number the line does not take is said on Join, not quietly changed. Its
   * `value` attribute only starts the field: what the visitor types stays as typed ("1." reads as no number).
   */
  private _party(): TemplateResult {
    const { messages, state } = this.view;
    const error = state.errors.partySize;
    return html`<div class="field">
      <label for="partySize">${messages.partySize}</label>
      <input
        id="partySize"
        name="partySize"
        type="number"
        inputmode="numeric"
        min="1"
        max=${MAX_PARTY_SIZE}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="partySize-error"
        value=${Number.isNaN(state.entries.partySize) ? '' : String(state.entries.partySize)}
        @input=${(event: Event) => this._send({ type: 'input', change: { partySize: (event.target as HTMLInputElement).valueAsNumber } })}
      />
      <p id="partySize-error" class="error" part="field-error">${error ?? ''}</p>
    </div>`;
  }

  private _placeLink(): TemplateResult | typeof nothing {
    const { placeUrl, messages } = this.view;
    return placeUrl ? html`<p>${messages.keepLink} <a href=${placeUrl}>${messages.placeLink}</a></p>` : nothing;
  }

  private _renderWaiting(): TemplateResult {
    const { messages, state, localizer } = this.view;
    const registration = state.registration!;
    return this._section(
      messages.yourPlace,
      html`${this._failure()}
        <p class="place" part="place">${placeSummary(registration, messages, localizer)}</p>
        ${state.queue?.thankMessage ? html`<p dir="auto">${state.queue.thankMessage}</p>` : nothing}
        <p class="hint">${messages.updated(localizer.number(this.view.pollSeconds))}</p>
        ${this._placeLink()}
        <div class="actions">${this._button(messages.leave, { type: 'ask-leave' }, true)}</div>`,
    );
  }

  private _renderClosed(): TemplateResult {
    const { messages, state, localizer, companyZone, now } = this.view;
    const opens = state.opensAt === undefined ? undefined : openingWords(state.opensAt, now, companyZone, messages, localizer);
    return this._section(
      state.queue?.name ?? messages.joinLine,
      html`<p class="closed" part="notice">${messages.closed}${opens ? ` ${opens}` : ''}</p>`,
    );
  }

  override render() {
    const { messages, state } = this.view;
    switch (state.phase) {
      case QueuePhase.Loading: {
        const loading = html`<p role="status">${messages.loading}</p>`;
        return this._retried ? this._section(messages.yourPlace, loading) : loading;
      }
      case QueuePhase.Closed:
        return this._renderClosed();
      case QueuePhase.Join:
        return this._renderJoin();
      case QueuePhase.Waiting:
        return this._renderWaiting();
      case QueuePhase.Called:
        return this._section(
          messages.yourTurn,
          html`${this._failure()}
            <p class="place" part="place">${messages.yourTurnText}</p>
            <div class="actions">${this._button(messages.leave, { type: 'ask-leave' }, true)}</div>`,
        );
      case QueuePhase.ConfirmLeave:
        return this._section(
          messages.leaveQuestion,
          html`${this._failure()}
            <div class="actions">
              ${this._button(messages.confirmLeave, { type: 'leave' })} ${this._button(messages.stay, { type: 'back' }, true)}
            </div>`,
        );
      case QueuePhase.Left:
        return this._section(messages.left, html`<div class="actions">${this._button(messages.joinAgain, { type: 'rejoin' })}</div>`);
      case QueuePhase.Ended:
        return this._section(messages.ended, nothing);
      case QueuePhase.Failed:
        return this._section(
          messages.yourPlace,
          html`${this._failure()}
          ${state.failure === QueueFailure.Retry ? html`<div class="actions">${this._button(messages.tryAgain, { type: 'retry' })}</div>` : nothing}`,
        );
    }
  }
}

defineElement('bw-queue', WalkInQueue);

declare global {
  interface HTMLElementTagNameMap {
    'bw-queue': WalkInQueue;
  }
}
