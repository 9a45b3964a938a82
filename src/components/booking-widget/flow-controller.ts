/**
 * Holds the booking flow's state (src/booking/flow.ts) for the widget: sends it the
 * visitor's actions, keeps one slot store per subject, and turns what changed into
 * what the page and the visitor notice: focus on the new step's heading,
 * `bw-step-change` and `bw-slot-select`, the chunks the next steps need, and what a
 * step shows that is not loaded yet (the rest of the catalog's lists, the intake forms).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import { proxyUrl } from '../../api/transport.js';
import type { Clock } from '../../api/time/clock.js';
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import { type Catalog, readyFor } from '../../booking/catalog.js';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../booking/flow.js';
import { earliestStart } from 'booking-widget-shared/earliest-start';
import type { Preselected } from '../../booking/preselection.js';
import { subjectOf } from '../../booking/selection.js';
import { SlotStore } from '../../booking/slot-store.js';
import { Step } from '../../booking/steps.js';
import type { TimeInputs } from '../../booking/time-browser.js';
import { displayZoneOf, lastBookableDay } from '../../booking/zones.js';
import { SlotSelectEvent } from '../events/slot-select-event.js';
import { StepChangeEvent } from '../events/step-change-event.js';
import { loadLaterSteps } from './lazy-parts.js';
import { whenIdle } from './schedule.js';

export interface FlowHost extends ReactiveControllerHost, HTMLElement {
  /** The company booked: the widget's only one, or the location the visitor chose. */
  locationId: string;
  /** The page's `display-time-zone`: `company`, `local` or a zone name. */
  displayTimeZone: string;
  apiBase: string;
  /** Set: the service itself, without a proxy (and so without a live channel). */
  accessToken: unknown;
}

export interface FlowDependencies {
  api(): SchedulingClient;
  clock(): Clock;
  /** The element to focus when a step changes: its heading. */
  stepHeading(): HTMLElement | null | undefined;
  /** Loads the catalog's lists the first screen did not need: a step that shows one is waiting. */
  completeCatalog(): void;
  /** Another mode shows instead (a visitor's manage link, a walk-in line alone): the flow's steps are not the visitor's. */
  hidden(): boolean;
}

export class FlowController implements ReactiveController {
  state: FlowState | undefined;
  /**
   * The company the flow was started for (its catalog's): a `company-id` changed under the widget leaves the old
   * flow on screen until the new company's catalog arrives, and what the visitor chose there is held, booked and
   * asked about at the company it was chosen at.
   */
  companyId = '';
  /** Epoch ms before which no time is offered: now + minimum notice, taken on entering the time step. */
  earliest = 0;
  private readonly _stores = new Map<string, SlotStore>();
  private _focusHeading = false;
  /** The company whose intake forms are on their way. */
  private _askingForms: object | undefined;
  /** The first screen is the times: the catalog's other lists wait until they are painted. */
  private _catalogAfterTimes = false;

  constructor(
    private readonly _host: FlowHost,
    private readonly _deps: FlowDependencies,
  ) {
    _host.addController(this);
  }

  /** The zone times are shown in: the one the visitor switched to, else the page's. */
  get displayZone(): string {
    const { catalog, chosenZone } = this.state!;
    return displayZoneOf(chosenZone ?? this._host.displayTimeZone, catalog.company.timeZone, localTimeZone());
  }

  /** What the time step shows its times for, while it is the step shown (a TimeController's inputs). */
  timeInputs(): TimeInputs | undefined {
    const state = this.state;
    const store = this.store;
    if (state?.step !== Step.Time || !store) return undefined;
    const clock = this._deps.clock();
    const { catalog, selection } = state;
    return {
      store,
      clock,
      companyTimeZone: catalog.company.timeZone,
      displayTimeZone: this.displayZone,
      visitorTimeZone: localTimeZone(),
      earliest: this.earliest,
      lastDay: lastBookableDay(catalog, clock()),
      day: selection.day,
      slot: selection.slot,
      liveUrl: this._host.accessToken ? undefined : proxyUrl(this._host.apiBase, `/companies/${encodeURIComponent(this.companyId)}/live`),
    };
  }

  hostUpdated(): void {
    if (!this._focusHeading) return;
    this._focusHeading = false;
    this._deps.stepHeading()?.focus();
  }

  hostDisconnected(): void {
    this._forgetSlots();
  }

  /** A new catalog: the flow starts over at its first step (after the location, when one was chosen), with fresh slot stores. */
  start(catalog: Catalog, preselected: Preselected, locations = false): void {
    this._forgetSlots();
    this.state = undefined;
    this.companyId = this._host.locationId;
    const state = startFlow(catalog, preselected, locations);
    // A location just chosen: focus follows to the next step, as after any choice.
    this._apply(state, locations);
    // The free slots asked for with the company count as loaded for this subject: read now when they came
    // with it, so that the time step's first render has them.
    if (catalog.earlySlots) {
      const { startDate, endDate, response, answer } = catalog.earlySlots;
      if (answer) this.store?.ingest(startDate, endDate, answer);
      else this.store?.adopt(startDate, endDate, response);
    }
    // The lists the first screen did not need follow once it is up (its times painted, when it opens on them:
    // `timesShown`): the visitor's next step needs them, and they never compete with what is on its way to the screen.
    this._catalogAfterTimes = state.step === Step.Time && !!this.store;
    if (!this._catalogAfterTimes) whenIdle(() => this._deps.completeCatalog());
  }

  /** The time step's times are painted and the browser is idle (the TimeController says): what follows them loads now. */
  timesShown(): void {
    this.timesUp();
    this._loadLaterSteps();
  }

  /**
   * The time step is up, its times painted or its "Try again" shown: the catalog's other lists follow now (a
   * preselection they prove wrong then gives way to a choice). The booking code waits for times to book.
   */
  timesUp(): void {
    if (this._catalogAfterTimes) this._deps.completeCatalog();
    this._catalogAfterTimes = false;
  }

  dispatch(action: FlowAction): void {
    if (!this.state) return;
    // The chosen time's company day just changed on the service (booked, or taken by someone else): ask again next time.
    if (action.type === 'slot-taken' || action.type === 'booked') this._invalidateChosenDay(this.state);
    this._apply(reduceFlow(this.state, action), true);
  }

  /** The booking from its first step, focus on its heading, wherever the flow stood (a new booking after manage mode). */
  startOver(): void {
    const { step } = this.state ?? {};
    this.dispatch({ type: 'restart' });
    // Already there, unheard while the other mode showed: the page hears where the booking starts.
    if (step && this.state?.step === step) this._host.dispatchEvent(new StepChangeEvent({ step, previousStep: undefined }));
    this._focusHeading = true;
    this._host.requestUpdate();
  }

  /** The free slots of what is chosen, once enough is; kept per subject for the visitor's way back. */
  get store(): SlotStore | undefined {
    const subject = this.state && subjectOf(this.state.catalog, this.state.selection);
    return subject && this._stores.get(SlotStore.keyOf(subject));
  }

  private _apply(next: FlowState, moveFocus: boolean): void {
    const previous = this.state;
    if (next === previous) return;
    this.state = next;
    this._ensureStore(next);
    // A step whose lists are still coming (the first screen did not need them) asks for them.
    if (!readyFor(next.catalog, next.step)) this._deps.completeCatalog();
    this._askForms(next);
    this._host.requestUpdate();
    if (next.step !== previous?.step) this._enterStep(next, previous?.step, moveFocus);
    // "Try again" on the questions makes way for "Loading…": focus goes to the heading above it rather than to
    // the page. (The form that replaces "Loading…" is said by the booking code's FormArrival.)
    else if (next.step === Step.Details && previous?.forms === null && next.forms !== null) this._focusHeading = true;
    const slot = next.selection.slot;
    if (slot !== undefined && slot !== previous?.selection.slot) {
      // A time is chosen: fetch the details form and what follows now, while the visitor reaches for Continue.
      this._loadLaterSteps();
      this._host.dispatchEvent(new SlotSelectEvent(this._slotDetail(next, slot)));
    }
  }

  private _enterStep(state: FlowState, previousStep: Step | undefined, moveFocus: boolean): void {
    const { step } = state;
    if (step === Step.Time) {
      // What comes after the times loads once they are painted, at the browser's next idle moment (`timesShown`).
      this.earliest = earliestStart(this._deps.clock()(), state.catalog.settings.minNoticeMinutes);
    }
    if (step === Step.Details || step === Step.Done) this._loadLaterSteps();
    this._focusHeading = moveFocus;
    if (!this._deps.hidden()) this._host.dispatchEvent(new StepChangeEvent({ step, previousStep }));
  }

  /** The details, booking and confirmation code; the host renders those steps once it is in. */
  private _loadLaterSteps(): void {
    // The merchant's questions show with the details form: ask for them now too, so that step
    // does not wait for one more request (the client keeps the answer for a minute).
    if (this.companyId)
      void this._deps
        .api()
        .listForms(this.companyId)
        .catch(() => {});
    loadLaterSteps().then(
      () => this._host.requestUpdate(),
      () => {},
    );
  }

  /**
   * The merchant's questions are part of the details form, which shows once they are known:
   * asked for on the details step until they are in (`forms` undefined again: "Try again").
   * The answer goes to the flow unless another company's flow has started since.
   */
  private _askForms(state: FlowState): void {
    const { company } = state.catalog;
    if (state.step !== Step.Details || state.forms !== undefined || this._askingForms === company) return;
    this._askingForms = company;
    const { companyId } = this;
    loadLaterSteps()
      .then((later) => later.fetchForms(this._deps.api(), companyId))
      .then(
        (forms) => {
          this._askingForms = undefined;
          if (this.state?.catalog.company === company) this.dispatch({ type: 'forms', forms });
        },
        // Without the details code (offline) the step keeps showing that it is loading.
        () => (this._askingForms = undefined),
      );
  }

  private _ensureStore(state: FlowState): void {
    const subject = subjectOf(state.catalog, state.selection);
    if (!subject) return;
    const key = SlotStore.keyOf(subject);
    if (!this._stores.has(key)) {
      const api = this._deps.api();
      this._stores.set(key, new SlotStore(api, this.companyId, subject, state.catalog.company.timeZone, this._deps.clock()));
    }
  }

  private _invalidateChosenDay({ selection, catalog }: FlowState): void {
    if (selection.slot === undefined) return;
    const day = instantToWallClock(selection.slot, catalog.company.timeZone).date;
    this.store?.invalidate(day, day);
  }

  private _slotDetail(state: FlowState, slot: number) {
    const { timeZone } = state.catalog.company;
    const start = new Date(slot);
    const { date, time } = instantToWallClock(start, timeZone);
    return { start: start.toISOString(), startInCompanyZone: { dateTime: `${date}T${time}`, timeZone }, ...subjectFields(state) };
  }

  /** Stops and drops every slot store: the widget left the page, or loads another company or API. */
  private _forgetSlots(): void {
    for (const store of this._stores.values()) store.dispose();
    this._stores.clear();
  }
}

/** The subject, as the `bw-slot-select` event names it. */
function subjectFields(state: FlowState) {
  const subject = subjectOf(state.catalog, state.selection)!;
  if (subject.kind === 'service') return { serviceId: subject.serviceId, ...(subject.staffId && { staffId: subject.staffId }) };
  return { resourceId: subject.resourceId, resourceCount: subject.resourceCount ?? 1 };
}
