/**
 * Sends the visitor's booking: once per click however fast they click, with the
 * booking code loaded on demand (lazy-parts.ts), one attempt (and its idempotency
 * keys) kept across retries, and each failure turned into what the visitor can do
 * about it: another time, a field to correct, or a retry with everything they
 * typed kept.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BookingAttempt } from '../../api/booking.js';
import type { HoldController } from './hold-controller.js';
import type { SchedulingClient } from '../../api/client.js';
import type { Attribution } from 'booking-widget-shared/attribution';
import type { Appointment } from 'booking-widget-shared/types';
import { localTimeZone } from 'booking-widget-shared/zone';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import type { Landing } from '../../booking/attribution.js';
import type { ManageTarget } from '../../booking/manage-link.js';

import type { Problem } from '../../booking/problems.js';
import type { DetailsErrors, VisitorDetails } from '../../booking/visitor-details.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import { BookedEvent } from '../events/booked-event.js';
import type { Politeness } from '../shared/announcer.js';
import { type LaterSteps, loadLaterSteps } from './lazy-parts.js';

export interface BookingDependencies {
  api(): SchedulingClient;
  /** Tells the flow what became of the booking (`booked`, `slot-taken`). */
  dispatch(action: FlowAction): void;
  messages(): Messages;
  problemOf(error: unknown): Problem;
  report(problem: Problem, logToConsole: boolean): void;
  announce(text: string, politeness?: Politeness): void;
  /** Where the visitor's link to reschedule or cancel leads (service contract §7a). */
  manageTarget(): ManageTarget;
  /** Focuses the first field or question to correct, once its message shows. */
  focusInvalid(): void;
}

/** What the visitor asked to book, and who they are. */
export interface BookingOrder {
  companyId: string;
  /** The flow: what is chosen, the company's intake forms and the visitor's answers. */
  state: FlowState;
  details: VisitorDetails;
  language: string;
}

export class BookingController implements ReactiveController {
  /** What the service refused in the visitor's details, by field. */
  fieldErrors: DetailsErrors = {};
  /** What the service refused in the answers to intake questions, by item id. */
  answerErrors: Partial<Record<string, string>> = {};
  /** A message about the booking as a whole: it failed, and Book tries again. */
  alert = '';
  /** From the click on Book until the answer: a second click does nothing. */
  pending = false;
  /** The visitor's held time, which the proxy lets them book: set by the host once the booking code (which has it) is in. */
  holds: HoldController | undefined;
  /** Kept while the visitor retries, so every retry reuses its idempotency keys. */
  private _attempt: BookingAttempt | undefined;
  private _landing: Landing | undefined;

  constructor(
    /** `attribution`: the merchant's, from their own storage (measure-properties.ts). */
    private readonly _host: ReactiveControllerHost & EventTarget & { attribution?: unknown },
    private readonly _deps: BookingDependencies,
  ) {
    _host.addController(this);
  }

  /**
   * The page the widget first connected on (service contract §15): where the visitor landed,
   * before a hash, a history change or a manage link alters the URL.
   */
  hostConnected(): void {
    this._landing ??= { url: location.href, referrer: document.referrer };
  }

  async book(order: BookingOrder): Promise<void> {
    if (this.pending) return;
    this._set({ pending: true, alert: '', fieldErrors: {}, answerErrors: {} });
    try {
      let later: LaterSteps;
      try {
        later = await loadLaterSteps();
      } catch {
        this._set({ alert: this._deps.messages().offline });
        return;
      }
      const { companyId, state, details, language } = order;
      const request = later.bookingRequest(companyId, state.catalog, state.selection, details, language, localTimeZone(), state);
      if (!request) return;
      request.attribution = later.attributionFor(this._landing!, this._host.attribution);
      this._attempt ??= new later.BookingAttempt();
      try {
        this._booked(
          await this._attempt.book(this._deps.api(), { ...request, holdToken: await this.holds?.token() }),
          later,
          request.attribution,
        );
      } catch (error) {
        this._failed(error, later, state);
      }
    } finally {
      this._set({ pending: false });
    }
  }

  private _set(changes: Partial<Pick<BookingController, 'pending' | 'alert' | 'fieldErrors' | 'answerErrors'>>): void {
    Object.assign(this, changes);
    this._host.requestUpdate();
  }

  private _booked(appointment: Appointment, later: LaterSteps, attribution: Attribution | undefined): void {
    this._attempt = undefined;
    this._deps.dispatch({ type: 'booked', appointment });
    this._deps.announce(this._deps.messages().bookingConfirmedAnnouncement);
    this._host.dispatchEvent(
      new BookedEvent({ appointment, manageUrl: later.manageUrlFor(appointment, this._deps.manageTarget()), attribution }),
    );
  }

  private _failed(error: unknown, later: LaterSteps, state: FlowState): void {
    const problem = this._deps.problemOf(error);
    const failure = later.failureOf(error, problem, this._deps.messages(), state);
    this._deps.report(problem, failure.kind === 'other' && !problem.retryable);
    if (failure.kind === 'slot-taken') {
      this._deps.dispatch({ type: 'slot-taken' });
      this._deps.announce(failure.message, 'assertive');
    } else if (failure.kind !== 'other') {
      // A field, or the answer to a question, to correct: shown under it, and said.
      this._set(
        failure.kind === 'field'
          ? { fieldErrors: { [failure.field]: failure.message } }
          : { answerErrors: { [failure.id]: failure.message } },
      );
      // Focus goes where the correction is, as after the form's own checks, and the announcement names it.
      void this._host.updateComplete.then(() => this._deps.focusInvalid());
      this._deps.announce(failure.announcement, 'assertive');
    } else {
      this._set({ alert: failure.message });
    }
  }
}
