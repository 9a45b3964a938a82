/**
 * A walk-in line for the widget (service contract §16): holds its state
 * (src/booking/queue-flow.ts), reads the company's queues, joins one (a client first, as
 * a booking does, then the registration), follows the visitor's place through one small
 * source of updates, and leaves; it turns what happened into what the page and the
 * visitor notice: `bw-queue-joined`, `bw-queue-updated`, `bw-queue-called`,
 * `bw-queue-left`, `bw-error`, a polite announcement when the place changes, and focus
 * on each new screen's heading. It comes with the line's chunk (lazy-parts.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Registration } from 'booking-widget-shared/queue-types';
import { openingAt } from 'booking-widget-shared/opening-hours';
import type { SchedulingClient, SchedulingClientOptions } from '../../api/client.js';
import { SchedulingError } from '../../api/errors.js';
import { newIdempotencyKey } from '../../api/idempotency-key.js';
import { type QueueClient, createQueueClient } from '../../api/queues.js';
import type { Clock } from '../../api/time/clock.js';
import type { Catalog } from '../../booking/catalog.js';
import type * as BookingSteps from './booking-steps.js';
import type * as Challenge from '../../api/challenge.js';
import { type ManageLink, placeLink } from '../../booking/manage-link.js';
import type { ErrorPhase, Problem } from '../../booking/problems.js';
import {
  type QueueAction,
  QueueFailure,
  QueuePhase,
  type QueueState,
  placeChanged,
  checkEntries,
  placeAnnouncement,
  queueFailureOf,
  reduceQueue,
  startQueue,
} from '../../booking/queue-flow.js';
import { queueMessages } from '../../i18n/load-queue-messages.js';
import { PartMessages } from '../../i18n/part-messages.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { QueueIntentEvent } from '../events/queue-intent-event.js';
import { QueueCalledEvent, QueueJoinedEvent, QueueLeftEvent, QueueUpdatedEvent } from '../events/queue-events.js';
import type { Politeness } from '../shared/announcer.js';
import { POLL_INTERVAL_MS, type PlaceRef, type PlaceUpdates, placeUrlFor, pollPlaces } from './place-updates.js';
import { freeToday } from './queue-today.js';
import type { QueueView } from '../queue/queue.js';
import { reportProblem } from './report.js';

export interface QueueHost extends ReactiveControllerHost, EventTarget {
  /** The company whose line it is: the location the visitor chose when the widget offers several. */
  locationId: string;
}

export interface QueueDependencies {
  /** A reopened place (`<registration id>:<queue token>`); default: the page URL's `walk-in` parameter. */
  link?: (() => ManageLink | undefined) | undefined;
  /** The link a place is reopened with; default: this page with `walk-in=<id>:<token>`, none when a proxy gave no token. */
  placeUrl?: ((place: PlaceRef) => string | undefined) | undefined;
  /** The widget calls the service with an access token: no proxy, no token, the id is enough. */
  direct?: (() => boolean) | undefined;
  catalog: { readonly value: Catalog | undefined; readonly api: SchedulingClient; clientOptions(): SchedulingClientOptions };
  locale: { readonly localizer: Localizer };
  announcer: { say(text: string, politeness?: Politeness): void };
  clock(): Clock;
  problemOf(error: unknown, phase: ErrorPhase): Problem;
  /**
   * The intake questions, from the booking steps' chunk (handed over, not imported, so the two lazy
   * chunks share no third one), which also asks for `<bw-intake-questions>` and, once that is in, hands
   * over the rules its answers are checked by (`answerChecks`). With them, the
   * booking proxy's challenge (docs/proxy.md, "Bots: the booking challenge"): the join creates a client.
   */
  intake: Pick<typeof BookingSteps.laterSteps, 'pagesOf' | 'answerChecks' | 'formAnswers'> &
    Partial<Pick<typeof Challenge, 'solvedChallenge'>>;
  /** Where the place's changes come from; default: a read every 15 seconds. */
  updates?: PlaceUpdates | undefined;
}

export class QueueController implements ReactiveController {
  state: QueueState | undefined;
  private _focus = 0;
  /** The company (or reopened place) and the way to it that the state is for. */
  private _loadedFor = '';
  private _client: QueueClient | undefined;
  private _place: PlaceRef | undefined;
  private _stopWatching: (() => void) | undefined;
  /** One key per join asked for, kept across its retries so that a retry never joins twice. */
  private _key: { for: string; key: string } | undefined;
  private readonly _updates: PlaceUpdates;
  /** The widget's messages and the line's, in the localizer's language, once the latter have arrived. */
  private readonly _words = new PartMessages(queueMessages, () => this._host.requestUpdate());

  constructor(
    private readonly _host: QueueHost,
    private readonly _deps: QueueDependencies,
  ) {
    _host.addController(this);
    this._updates = _deps.updates ?? pollPlaces(() => this._client!);
  }

  hostConnected(): void {
    if (this._place && this.state && (this.state.phase === QueuePhase.Waiting || this.state.phase === QueuePhase.ConfirmLeave))
      this._watch();
  }

  hostDisconnected(): void {
    this._unwatch();
  }

  /** Before each render: the line's messages in the current language, and the queues or the place to read. */
  hostUpdate(): void {
    this._words.update(this._deps.locale.localizer);
    const catalog = this._deps.catalog.value;
    if (!catalog) return;
    const link = this.link();
    const options = this._deps.catalog.clientOptions();
    const key = `${link?.appointmentId} ${link?.token} ${this._host.locationId} ${options.apiBase} ${'accessToken' in options}`;
    if (key === this._loadedFor) return;
    this._loadedFor = key;
    this._client = createQueueClient(options);
    this._unwatch();
    this.state = startQueue();
    this.freeToday = undefined;
    this._place = link && { id: link.appointmentId, token: link.token };
    void (this._place ? this._read(false) : this._loadQueues(false));
  }

  /** The place the page was opened on, if any. */
  link(): ManageLink | undefined {
    return this._deps.link ? this._deps.link() : placeLink();
  }

  /** Whether the company has a line the visitor can join now: what the first step's offer waits for. */
  get joinable(): boolean {
    return this.state?.queue?.status === 'open';
  }

  /**
   * No time free today for what the first screen offers: `true` or `false` once known, `undefined`
   * before. Asked only once the company has an open line, so a company without one pays nothing.
   */
  freeToday: boolean | undefined;

  get view(): QueueView | undefined {
    const { state } = this;
    const messages = this._words.value;
    const catalog = this._deps.catalog.value;
    if (!state || !catalog || !messages) return undefined;
    return {
      state,
      messages,
      localizer: this._deps.locale.localizer,
      companyZone: catalog.company.timeZone,
      now: this._deps.clock()(),
      pages: this._pages(),
      placeUrl: this._place && this._placeUrl(this._place),
      pollSeconds: POLL_INTERVAL_MS / 1000,
      focus: this._focus,
    };
  }

  /** The visitor chose the line from the first step's offer: focus goes to its heading. */
  enter(): void {
    this._focus++;
    this._host.requestUpdate();
  }

  private _placeUrl(place: PlaceRef): string | undefined {
    return this._deps.placeUrl ? this._deps.placeUrl(place) : placeUrlFor(place, this._deps.direct?.() ?? false);
  }

  readonly onIntent = ({ intent }: QueueIntentEvent): void => {
    if (intent.type === 'join') void this._join();
    else if (intent.type === 'leave') void this._leave();
    else if (intent.type === 'retry') void (this._place ? this._read(true) : this._loadQueues(true));
    else if (intent.type === 'rejoin') this._rejoin();
    else this._dispatch(intent, intent.type !== 'input');
  };

  /** Joins again after leaving: the place left is forgotten (a new join makes a new one), the line read anew. */
  private _rejoin(): void {
    if (this.state?.phase !== QueuePhase.Left) return;
    this._place = undefined;
    this._key = undefined;
    this._dispatch({ type: 'rejoin' });
    void this._loadQueues(true);
  }

  private _pages() {
    return this._deps.intake.pagesOf(this.state?.queue?.form && { name: '', ...this.state.queue.form }, () => {});
  }

  private _dispatch(action: QueueAction, moveFocus = true): void {
    const previous = this.state;
    if (!previous) return;
    const next = reduceQueue(previous, action);
    if (next === previous) return;
    this.state = next;
    if (moveFocus && next.phase !== previous.phase) this._focus++;
    this._host.requestUpdate();
  }

  /** The company's lines, and when a closed one opens by the company's hours (the same reading the sandbox makes). */
  private async _loadQueues(retried: boolean): Promise<void> {
    const key = this._loadedFor;
    this._dispatch({ type: 'load' }, retried);
    try {
      const queues = await this._client!.listQueues(this._host.locationId);
      if (key !== this._loadedFor) return;
      const company = this._deps.catalog.value!.company;
      const opening = openingAt(company, this._deps.clock()());
      this._dispatch({ type: 'queues', queues, opensAt: opening.open ? undefined : opening.opensAt }, retried);
      if (this.joinable) void this._checkToday(key);
    } catch (error) {
      if (key !== this._loadedFor) return;
      // A proxy that serves no lines (403), or a service without them (404): no line, not a failure.
      if (!retried && error instanceof SchedulingError && (error.status === 403 || error.status === 404)) {
        this._dispatch({ type: 'queues', queues: [], opensAt: undefined }, false);
        return;
      }
      this._report(error);
      this._dispatch({ type: 'failed', failure: queueFailureOf(error) }, retried);
    }
  }

  private async _checkToday(key: string): Promise<void> {
    const free = await freeToday(this._deps.catalog.api, this._deps.catalog.value!, this._host.locationId, this._deps.clock()());
    if (key !== this._loadedFor) return;
    this.freeToday = free;
    this._host.requestUpdate();
  }

  /** Reads the place a link names: on opening, and when the visitor retries. */
  private async _read(retried: boolean): Promise<void> {
    const key = this._loadedFor;
    this._dispatch({ type: 'load' }, retried);
    try {
      const registration = await this._client!.getRegistration(this._place!.id, { queueToken: this._place!.token });
      if (key !== this._loadedFor) return;
      this._placeRead(registration, retried);
    } catch (error) {
      if (key !== this._loadedFor) return;
      this._report(error);
      this._dispatch({ type: 'failed', failure: queueFailureOf(error) }, retried);
    }
  }

  private async _join(): Promise<void> {
    const pages = this._pages();
    // The answers' rules come with the questions' element: a form that asks questions waits for them (the click that
    // comes first goes on; any other finds the join under way). Missing only when that chunk cannot load: nor can the questions.
    const rules = pages.length ? await this._deps.intake.answerChecks() : undefined;
    const state = this.state;
    const queue = state?.queue;
    // No words: the join form is not on screen (its language's words are on their way).
    const messages = this._words.value;
    if (!state || !queue || !messages || state.phase !== QueuePhase.Join || state.busy) return;
    const { entries } = state;
    const errors = {
      ...checkEntries(entries, messages, this._deps.locale.localizer),
      ...(rules?.(pages, entries.answers, messages) as Record<string, string>),
    };
    if (Object.keys(errors).length) {
      this._dispatch({ type: 'invalid', errors });
      return;
    }
    const key = this._loadedFor;
    const form = this._deps.intake.formAnswers(pages, entries.answers);
    this._dispatch({ type: 'send' });
    try {
      const body = {
        firstName: entries.firstName.trim(),
        lastName: entries.lastName.trim(),
        phoneNumbers: [{ number: entries.phone.trim(), primary: true, mobile: true }],
        language: this._deps.locale.localizer.locale,
      };
      const idempotencyKey = this._keyFor(JSON.stringify([body, form, entries.partySize]));
      const altcha = this._deps.direct?.() ? undefined : await this._deps.intake.solvedChallenge?.(this._deps.catalog.clientOptions());
      const client = await this._deps.catalog.api.insertClient(body, { idempotencyKey: `${idempotencyKey}-client`, altcha });
      const registration = await this._client!.join(
        { queue: { id: queue.id }, client: { id: client.id }, ...(form.length && { form }), partySize: entries.partySize },
        { idempotencyKey },
      );
      this._key = undefined;
      if (key !== this._loadedFor) return;
      this._place = { id: registration.id, token: registration.queueToken };
      const placeUrl = this._placeUrl(this._place);
      this._host.dispatchEvent(new QueueJoinedEvent({ registration, placeUrl }));
      this._placeRead(registration, true);
    } catch (error) {
      if (key !== this._loadedFor) return;
      this._report(error);
      this._dispatch({ type: 'failed', failure: queueFailureOf(error) });
    }
  }

  private async _leave(): Promise<void> {
    const state = this.state;
    if (state?.phase !== QueuePhase.ConfirmLeave || state.busy || !this._place) return;
    const key = this._loadedFor;
    this._dispatch({ type: 'send' });
    try {
      await this._client!.leave(this._place.id, { queueToken: this._place.token });
      if (key !== this._loadedFor) return;
      this._unwatch();
      this._dispatch({ type: 'left' });
      this._host.dispatchEvent(new QueueLeftEvent({ registration: this.state!.registration! }));
    } catch (error) {
      if (key !== this._loadedFor) return;
      this._report(error);
      this._dispatch({ type: 'failed', failure: queueFailureOf(error) });
    }
  }

  /** A reading of the place: the screen, the page's events, and a polite word when what the visitor sees changed. */
  private _placeRead(registration: Registration, moveFocus = false): void {
    const before = this.state?.registration;
    const wasCalled = before?.status === 'ingoing';
    this._dispatch({ type: 'place', registration }, moveFocus);
    const state = this.state!;
    if (before && placeChanged(before, registration)) {
      this._host.dispatchEvent(new QueueUpdatedEvent({ registration: state.registration! }));
      const words = this._words.value;
      const said = words && placeAnnouncement(state.registration!, words, this._deps.locale.localizer);
      if (said) this._deps.announcer.say(said, registration.status === 'ingoing' ? 'assertive' : 'polite');
    }
    if (registration.status === 'ingoing' && !wasCalled)
      this._host.dispatchEvent(new QueueCalledEvent({ registration: state.registration! }));
    if (state.phase === QueuePhase.Waiting || state.phase === QueuePhase.ConfirmLeave || state.phase === QueuePhase.Called) this._watch();
    else this._unwatch();
  }

  private _watch(): void {
    if (this._stopWatching || !this._place) return;
    const key = this._loadedFor;
    this._stopWatching = this._updates.watch(
      this._place,
      (registration) => key === this._loadedFor && this._placeRead(registration),
      // A failed reading keeps the last place on screen; the next one may go through. A link no longer valid stops the watch.
      (error) => {
        if (key !== this._loadedFor) return;
        const failure = queueFailureOf(error);
        if (failure === QueueFailure.LinkInvalid || failure === QueueFailure.Gone) {
          this._unwatch();
          this._dispatch({ type: 'failed', failure }, false);
        }
      },
    );
  }

  private _unwatch(): void {
    this._stopWatching?.();
    this._stopWatching = undefined;
  }

  /** Tells the page (`bw-error`, phase `queue`); a closed line, an expired link or a limit reached are the visitor's situation, not the merchant's. */
  private _report(error: unknown): void {
    const problem = this._deps.problemOf(error, 'queue');
    const failure = queueFailureOf(error);
    const visitors = failure !== QueueFailure.Refused && failure !== QueueFailure.Retry && error instanceof SchedulingError;
    reportProblem(this._host, problem, !visitors && !problem.retryable);
  }

  private _keyFor(join: string): string {
    if (this._key?.for !== join) this._key = { for: join, key: newIdempotencyKey() };
    return this._key.key;
  }
}
