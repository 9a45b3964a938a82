/**
 * Manage mode for the widget: holds its state (src/booking/manage-flow.ts), reads the
 * visitor's booking and sends their move or cancellation through the manage client,
 * keeps the new time's slot store and one idempotency key per change across its
 * retries, and turns what happened into what the page and the visitor notice:
 * `bw-rescheduled`, `bw-cancelled`, `bw-error`, and focus on each new screen's heading.
 * It comes with manage mode's chunk (lazy-parts.ts), so a page that only books never
 * downloads it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SchedulingClient, SchedulingClientOptions } from '../../api/client.js';
import { SchedulingError } from '../../api/errors.js';
import { newIdempotencyKey } from '../../api/idempotency-key.js';
import { type ManageClient, createManageClient } from '../../api/manage.js';
import { appointmentTimes } from '../../api/slots.js';
import { appointmentSubject } from '../../api/appointment-subject.js';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import type { Clock } from '../../api/time/clock.js';
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import type { Catalog } from '../../booking/catalog.js';
import type { TimeInputs } from '../../booking/time-browser.js';
import type { ManageLink } from '../../booking/manage-link.js';
import {
  type ManageAction,
  bookedLength,
  ManageFailure,
  ManagePhase,
  type ManageState,
  changeOf,
  manageFailureOf,
  waitSecondsOf,
  reduceManage,
  startManage,
} from '../../booking/manage-flow.js';
import { selfServiceRules } from 'booking-widget-shared/manage-rules';
import type { ErrorPhase, Problem } from '../../booking/problems.js';
import { SlotStore } from '../../booking/slot-store.js';
import { displayZoneOf, lastBookableDay } from '../../booking/zones.js';
import { manageMessages } from '../../i18n/load-manage-messages.js';
import { PartMessages } from '../../i18n/part-messages.js';
import type { Localizer } from '../../i18n/localizer.js';
import { CancelledEvent } from '../events/cancelled-event.js';
import type { ManageIntentEvent } from '../events/manage-intent-event.js';
import { RescheduledEvent } from '../events/rescheduled-event.js';
import type { ManageView } from '../manage/manage.js';
import type { Politeness } from '../shared/announcer.js';
import { type CalendarTools, renderMovedCalendar } from '../calendar/moved-calendar.js';
import { reportProblem } from './report.js';
import type { TimeController } from './time-controller.js';

export interface ManageHost extends ReactiveControllerHost, EventTarget {
  /** The company whose booking it is: the widget's one, or the location the link opened (never the whole `company-id` of several). */
  locationId: string;
  /** `company`, `local` or a zone name: what the times are shown in until the visitor switches. */
  displayTimeZone: string;
}

export interface ManageDependencies {
  /** The visitor's link, while the widget has one. */
  link(): ManageLink | undefined;
  /** The company once loaded, the widget's client (for the free times), and how it reaches the service (the manage client's way too). */
  catalog: { readonly value: Catalog | undefined; readonly api: SchedulingClient; clientOptions(): SchedulingClientOptions };
  locale: { readonly localizer: Localizer };
  announcer: { say(text: string, politeness?: Politeness): void };
  clock(): Clock;
  problemOf(error: unknown, phase: ErrorPhase): Problem;
  /** The time step's controller class, from the steps' chunk (handed over, not imported, so the two lazy chunks share no third one). */
  TimeController: typeof TimeController;
  /** The booking code (lazy-parts.ts `loadLaterSteps`), for the confirmation's calendar links, which a moved booking shows again. */
  laterSteps(): Promise<{ calendarTools: CalendarTools }>;
  /** The visitor who cancelled books anew: the widget forgets the link and shows its first step. */
  bookAgain(): void;
}

export class ManageController implements ReactiveController {
  state: ManageState | undefined;
  /** Counts the screens the visitor moved to: each new one takes focus to its heading. */
  private _focus = 0;
  /** A moved booking's calendar links, once the booking code is in (`ManageView.movedCalendar`). */
  private _movedCalendar: ManageView['movedCalendar'];
  /** The booking, and the way to it, that the state is for. */
  private _loadedFor = '';
  private _link: ManageLink | undefined;
  private _manage: ManageClient | undefined;
  private _store: SlotStore | undefined;
  /** One key per change asked for, kept across its retries so that a retry never acts twice. */
  private _key: { for: string; key: string } | undefined;
  /** The widget's messages and manage mode's, in the localizer's language, once the latter have arrived. */
  private readonly _words = new PartMessages(manageMessages, () => this._host.requestUpdate());
  /** The new time's step: its month, free days and focus, fed from this state (registered after this controller, so it reads it updated). */
  private readonly _times: TimeController;

  constructor(
    private readonly _host: ManageHost,
    private readonly _deps: ManageDependencies,
  ) {
    _host.addController(this);
    this._times = new _deps.TimeController(_host, {
      inputs: () => this._timeInputs(),
      localizer: () => _deps.locale.localizer,
      chooseDay: (day) => this._dispatch({ type: 'time', day, slot: undefined }),
      chooseTime: (day, slot) => this._dispatch({ type: 'time', day, slot }),
      zone: (timeZone) => this._dispatch({ type: 'zone', timeZone }),
      announce: (text, politeness) => _deps.announcer.say(text, politeness),
      failed: (error) => this._slotsFailed(error),
    });
  }

  hostConnected(): void {
    if (this.state?.phase === ManagePhase.Time) this._ensureStore();
  }

  hostDisconnected(): void {
    this._forgetSlots();
  }

  /** Manage mode ends (a new booking after a cancellation): this controller and its time step's leave the widget. */
  private _leave(): void {
    this._forgetSlots();
    this._host.removeController(this._times);
    this._host.removeController(this);
    this._deps.bookAgain();
  }

  /** Before each render: manage mode's messages in the current language, and the booking the link names. */
  hostUpdate(): void {
    this._words.update(this._deps.locale.localizer);
    const link = this._deps.link();
    const catalog = this._deps.catalog.value;
    if (!link || !catalog) return;
    const options = this._deps.catalog.clientOptions();
    // Only another booking, or another way to reach it, reads again.
    const key = `${link.appointmentId} ${link.token} ${this._host.locationId} ${options.apiBase} ${'accessToken' in options}`;
    if (key === this._loadedFor) return;
    this._loadedFor = key;
    this._link = link;
    this._manage = createManageClient(options);
    this._forgetSlots();
    const { company, settings } = catalog;
    this.state = startManage({
      companyZone: company.timeZone,
      rules: selfServiceRules(company),
      minNoticeMinutes: settings.minNoticeMinutes,
    });
    void this._load(false);
  }

  /** What `<bw-manage>` renders, once manage mode's messages have arrived. */
  get view(): ManageView | undefined {
    const { state } = this;
    const messages = this._words.value;
    const catalog = this._deps.catalog.value;
    if (!state || !catalog || !messages) return undefined;
    return {
      state,
      messages,
      localizer: this._deps.locale.localizer,
      company: catalog.company,
      displayZone: this._displayZone(state),
      times: this._times.view,
      timeIntents: this._times,
      focus: this._focus,
      now: this._deps.clock()(),
      movedCalendar: this._movedCalendar,
    };
  }

  /** The zone the visitor switched to, else the widget's `display-time-zone`. */
  private _displayZone(state: ManageState): string {
    return state.zone ?? displayZoneOf(this._host.displayTimeZone, state.companyZone, localTimeZone());
  }

  /** What the time step is for while a new time is chosen: exactly what the booking holds, from the earliest instant a move may take. */
  private _timeInputs(): TimeInputs | undefined {
    const state = this.state;
    const catalog = this._deps.catalog.value;
    if (state?.phase !== ManagePhase.Time || !this._store || !catalog) return undefined;
    const clock = this._deps.clock();
    return {
      store: this._store,
      clock,
      companyTimeZone: state.companyZone,
      displayTimeZone: this._displayZone(state),
      visitorTimeZone: localTimeZone(),
      earliest: state.earliest,
      lastDay: lastBookableDay(catalog, clock()),
      day: state.day,
      slot: state.slot,
    };
  }

  /** What the visitor asks of `<bw-manage>` (the new time and zone come through the time step's controller). */
  readonly onIntent = ({ intent }: ManageIntentEvent): void => {
    if (intent.type === 'book-again') this._leave();
    else if (intent.type === 'retry') void this._load(true);
    else if (intent.type === 'confirm') void this._change();
    else if (intent.type === 'reschedule' || intent.type === 'ask-cancel') this._dispatch({ type: intent.type, now: this._deps.clock()() });
    else this._dispatch(intent);
  };

  /** The time step shows the failure and a retry; the page hears of it, and the console too when retrying cannot help. */
  private _slotsFailed(error: unknown): void {
    const problem = this._deps.problemOf(error, 'slots');
    reportProblem(this._host, problem, !problem.retryable);
  }

  private _dispatch(action: ManageAction, moveFocus = true): void {
    const previous = this.state;
    if (!previous) return;
    const next = reduceManage(previous, action);
    if (next === previous) return;
    this.state = next;
    if (moveFocus && next.phase !== previous.phase) this._focus++;
    if (next.phase === ManagePhase.Time) this._ensureStore();
    this._host.requestUpdate();
  }

  /** Reads the booking: on opening (focus stays where it is) and when the visitor retries (focus goes to the outcome). */
  private async _load(retried: boolean): Promise<void> {
    const key = this._loadedFor;
    const link = this._link!;
    this._dispatch({ type: 'load' }, retried);
    try {
      const appointment = await this._manage!.getAppointment(this._host.locationId, link.appointmentId, { manageToken: link.token });
      if (key === this._loadedFor) {
        const catalog = this._deps.catalog.value;
        const length = catalog && bookedLength(catalog, appointment);
        this._dispatch({ type: 'loaded', appointment, now: this._deps.clock()(), length }, retried);
      }
    } catch (error) {
      if (key !== this._loadedFor) return;
      const failure = manageFailureOf(error);
      this._report(error, failure);
      this._dispatch({ type: 'load-failed', failure, waitSeconds: waitSecondsOf(error) }, retried);
    }
  }

  /** Sends the move or the cancellation the visitor confirmed: once per click however fast they click. */
  private async _change(): Promise<void> {
    const state = this.state;
    const change = state && changeOf(state);
    if (!state || !change || state.busy) return;
    // The page hears of every change made; the screen, only of those to the booking it still shows (the link may change meanwhile).
    const key = this._loadedFor;
    const current = () => key === this._loadedFor;
    const { appointment, slot, start, end, companyZone } = state;
    const manageToken = this._link!.token;
    const companyId = this._host.locationId;
    this._dispatch({ type: 'send' });
    try {
      if (change === 'cancel') {
        await this._manage!.cancelAppointment(companyId, appointment!.id, { manageToken, idempotencyKey: this._keyFor('cancel') });
        if (current()) this._dispatch({ type: 'cancelled' });
        this._host.dispatchEvent(new CancelledEvent({ appointment: appointment! }));
      } else {
        // The moved booking's calendar links come with the booking code (the confirmation's own): fetched beside the move.
        const steps = this._deps.laterSteps();
        const times = appointmentTimes(new Date(slot!), (end - start) / 60_000, companyZone);
        const idempotencyKey = this._keyFor(`move ${slot}`);
        const moved = await this._manage!.rescheduleAppointment(companyId, appointment!, times, { manageToken, idempotencyKey });
        // The free times from the old start to the new one just changed.
        this._store?.invalidate(...companyDays(start, slot!, companyZone));
        if (current()) this._dispatch({ type: 'moved', appointment: moved });
        steps.then(
          ({ calendarTools }) => ((this._movedCalendar = (view) => renderMovedCalendar(view, calendarTools)), this._host.requestUpdate()),
          () => {},
        );
        const previousStart = new Date(start).toISOString();
        this._host.dispatchEvent(new RescheduledEvent({ appointment: { ...appointment!, ...moved }, previousStart }));
      }
      this._key = undefined;
    } catch (error) {
      if (!current()) return;
      const failure = manageFailureOf(error, change);
      // A time taken, or no longer free online: its day is asked for again.
      if (slot !== undefined && (failure === ManageFailure.SlotTaken || failure === ManageFailure.TooLate)) {
        this._store?.invalidate(...companyDays(slot, slot, companyZone));
      }
      this._report(error, failure);
      this._dispatch({ type: 'change-failed', failure, waitSeconds: waitSecondsOf(error) });
    }
  }

  /**
   * Tells the page (`bw-error`, phase `manage`). A link expired, a booking gone or too close, a time
   * taken are the visitor's situation, not the merchant's set-up: the console hears only of the rest.
   */
  private _report(error: unknown, failure: ManageFailure): void {
    const problem = this._deps.problemOf(error, 'manage');
    const visitors = failure !== ManageFailure.Refused && failure !== ManageFailure.Retry && error instanceof SchedulingError;
    const merchantMessage = visitors
      ? `<booking-widget>: the visitor's booking could not be read or changed (${error.status} ${error.errorCode}: ${error.message}).`
      : problem.merchantMessage;
    reportProblem(this._host, { ...problem, merchantMessage }, failure === ManageFailure.Refused);
  }

  private _keyFor(change: string): string {
    if (this._key?.for !== change) this._key = { for: change, key: newIdempotencyKey() };
    return this._key.key;
  }

  /** The free times of exactly what the booking holds, so that only its time can change. */
  private _ensureStore(): void {
    const { appointment, companyZone } = this.state!;
    const subject = appointment && appointmentSubject(appointment);
    if (!subject || (this._store && SlotStore.keyOf(this._store.subject) === SlotStore.keyOf(subject))) return;
    this._store?.dispose();
    this._store = new SlotStore(this._deps.catalog.api, this._host.locationId, subject, companyZone, this._deps.clock());
  }

  private _forgetSlots(): void {
    this._store?.dispose();
    this._store = undefined;
  }
}

/** The company days from one instant to another, in either order. */
function companyDays(a: number, b: number, companyZone: string): [CalendarDate, CalendarDate] {
  const [first, last] = [Math.min(a, b), Math.max(a, b)].map((ms) => instantToWallClock(ms, companyZone).date);
  return [first!, last!];
}
