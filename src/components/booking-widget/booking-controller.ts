/**
 * Sends the visitor's booking: once per click however fast they click, one attempt
 * (and its idempotency keys) kept across retries, and each failure turned into what
 * the visitor can do about it: another time, a field to correct, or a retry with
 * everything they typed kept. It comes with the booking code (booking-steps.ts, a
 * lazy chunk): the host makes it once that chunk is in, before the details show.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BookingAttempt } from '../../api/booking.js';
import type { HoldController } from './hold-controller.js';
import type { ChallengeController } from './challenge-controller.js';
import type { AlternativesController } from './booking-alternatives.js';
import type { SchedulingClient } from '../../api/client.js';
import type { Attribution } from 'booking-widget-shared/attribution';
import type { Appointment } from 'booking-widget-shared/types';
import { localTimeZone } from 'booking-widget-shared/zone';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import { attributionFor, type Landing } from '../../booking/attribution.js';
import { bookingFailure } from '../../booking/booking-failure.js';
import { bookingRequest } from '../../booking/booking-request.js';
import { formOf, pagesOf } from '../../booking/intake.js';
import { manageUrlFor } from '../../booking/manage-url.js';
import type { ManageTarget } from '../../booking/manage-link.js';

import type { Problem } from '../../booking/problems.js';
import type { DetailsErrors, VisitorDetails } from '../../booking/visitor-details.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import { BookedEvent } from '../events/booked-event.js';
import type { Politeness } from '../shared/announcer.js';

export interface BookingDependencies {
  api(): SchedulingClient;
  /** The flow as it is now: a booking's answer is told only while the flow still wants what was booked. */
  state(): FlowState | undefined;
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
  /** The booking proxy's challenge, solved while the visitor types: set with `holds`. */
  challenge: ChallengeController | undefined;
  /** The times offered when the one chosen was taken (#24): set by the host with the holds. */
  alternatives: AlternativesController | undefined;
  /** Kept while the visitor retries, so every retry reuses its idempotency keys. */
  private _attempt: BookingAttempt | undefined;

  constructor(
    /** `attribution`: the merchant's, from their own storage; `_landing`: the page it first connected on (measure-properties.ts). */
    private readonly _host: ReactiveControllerHost &
      EventTarget & { attribution?: unknown; analyticsConsent?: string; _landing?: Landing | undefined },
    private readonly _deps: BookingDependencies,
  ) {
    _host.addController(this);
  }

  /** Where the visitor's link to reschedule or cancel the booking made leads. */
  manageTarget(): ManageTarget {
    return this._deps.manageTarget();
  }

  /** Registered like every controller of the widget, though nothing happens on connecting: its work starts on request. */
  hostConnected(): void {}

  async book(order: BookingOrder): Promise<void> {
    if (this.pending) return;
    this._set({ pending: true, alert: '', fieldErrors: {}, answerErrors: {} });
    try {
      const { companyId, state, details, language } = order;
      const request = bookingRequest(companyId, state.catalog, state.selection, details, language, localTimeZone(), state);
      if (!request) return;
      const host = this._host;
      request.attribution = await attributionFor(host._landing!, host.attribution, host.analyticsConsent === 'granted');
      const holdToken = await this.holds?.token();
      // The hold the booking waited for was refused (someone else has the time; the flow says so already), or the visitor
      // went on meanwhile: the booking is not sent, and Book is free at once for the time they choose next.
      if (this._movedOn(state)) return;
      this._attempt ??= new BookingAttempt();
      try {
        const challenge = this.challenge && ((fresh: boolean) => this.challenge!.take(fresh));
        this._booked(await this._attempt.book(this._deps.api(), { ...request, holdToken, challenge }), request.attribution);
      } catch (error) {
        // A failure that comes once the visitor has chosen another time is not theirs any more: told, it would take that time away.
        if (!this._movedOn(state)) this._failed(error, state);
      }
    } finally {
      this._set({ pending: false });
    }
  }

  /** The flow no longer wants what `booked` is booking: another step, or another time (a taken one is cleared). */
  private _movedOn(booked: FlowState): boolean {
    const now = this._deps.state();
    return now?.step !== booked.step || now.selection.slot !== booked.selection.slot;
  }

  private _set(changes: Partial<Pick<BookingController, 'pending' | 'alert' | 'fieldErrors' | 'answerErrors'>>): void {
    Object.assign(this, changes);
    this._host.requestUpdate();
  }

  private _booked(appointment: Appointment, attribution: Attribution | undefined): void {
    this._attempt = undefined;
    this._deps.dispatch({ type: 'booked', appointment });
    this._deps.announce(this._deps.messages().bookingConfirmedAnnouncement);
    this._host.dispatchEvent(
      new BookedEvent({ appointment, manageUrl: manageUrlFor(appointment, this._deps.manageTarget()), attribution }),
    );
  }

  private _failed(error: unknown, state: FlowState): void {
    const problem = this._deps.problemOf(error);
    // A refused answer is said with its question's title.
    const questions = pagesOf(formOf(state.catalog, state.selection, state.forms ?? undefined)).flat();
    const failure = bookingFailure(error, problem, this._deps.messages(), (id) => questions.find((item) => item.id === id)?.title);
    this._deps.report(problem, failure.kind === 'other' && !problem.retryable);
    if (failure.kind === 'slot-taken') {
      // Said, with the times offered instead, once they are found (booking-alternatives.ts).
      this._deps.dispatch({ type: 'slot-taken' });
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
