/**
 * Holds the booking flow's state (src/booking/flow.ts) for the widget: sends it the
 * visitor's actions, keeps one slot store per subject, and turns what changed into
 * what the page and the visitor notice: focus on the new step's heading,
 * `bw-step-change` and `bw-slot-select`, and the chunks the next steps need.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import type { Clock } from '../../api/time/clock.js';
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { Catalog } from '../../booking/catalog.js';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../booking/flow.js';
import { earliestStart } from 'booking-widget-shared/earliest-start';
import type { Preselected } from '../../booking/preselection.js';
import { subjectOf } from '../../booking/selection.js';
import { SlotStore } from '../../booking/slot-store.js';
import { Step } from '../../booking/steps.js';
import { SlotSelectEvent } from '../events/slot-select-event.js';
import { StepChangeEvent } from '../events/step-change-event.js';
import { loadLaterSteps, whenIdle } from './lazy-parts.js';

export interface FlowHost extends ReactiveControllerHost, HTMLElement {
  /** The company booked: the widget's only one, or the location the visitor chose. */
  locationId: string;
}

export interface FlowDependencies {
  api(): SchedulingClient;
  clock(): Clock;
  /** The element to focus when a step changes: its heading. */
  stepHeading(): HTMLElement | null | undefined;
}

export class FlowController implements ReactiveController {
  state: FlowState | undefined;
  /** Epoch ms before which no time is offered: now + minimum notice, taken on entering the time step. */
  earliest = 0;
  private readonly _stores = new Map<string, SlotStore>();
  private _focusHeading = false;

  constructor(
    private readonly _host: FlowHost,
    private readonly _deps: FlowDependencies,
  ) {
    _host.addController(this);
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
    // A location just chosen: focus follows to the next step, as after any choice.
    this._apply(startFlow(catalog, preselected, locations), locations);
    // The free slots asked for with the company count as loaded for this subject.
    if (catalog.earlySlots) {
      const { startDate, endDate, response } = catalog.earlySlots;
      this.store?.adopt(startDate, endDate, response);
    }
  }

  dispatch(action: FlowAction): void {
    if (!this.state) return;
    // The chosen time's company day just changed on the service (booked, or taken by someone else): ask again next time.
    if (action.type === 'slot-taken' || action.type === 'booked') this._invalidateChosenDay(this.state);
    this._apply(reduceFlow(this.state, action), true);
  }

  /** Resolves when the first screen has what it shows: at once, or once the first times are in when it opens on them. */
  firstScreen(): Promise<void> {
    return this.state?.step === Step.Time && this.store ? this.store.loaded() : Promise.resolve();
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
    this._host.requestUpdate();
    if (next.step !== previous?.step) this._enterStep(next, previous?.step, moveFocus);
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
      this.earliest = earliestStart(this._deps.clock()(), state.catalog.settings.minNoticeMinutes);
      // What comes after the times loads once they are in, at the browser's next idle moment.
      void this.store?.loaded().then(() => whenIdle(() => this._loadLaterSteps()));
    }
    if (step === Step.Details || step === Step.Done) this._loadLaterSteps();
    this._focusHeading = moveFocus;
    this._host.dispatchEvent(new StepChangeEvent({ step, previousStep }));
  }

  /** The details, booking and confirmation code; the host renders those steps once it is in. */
  private _loadLaterSteps(): void {
    // The merchant's questions show with the details form: ask for them now too, so that step
    // does not wait for one more request (the client keeps the answer for a minute).
    if (this._host.locationId)
      void this._deps
        .api()
        .listForms(this._host.locationId)
        .catch(() => {});
    loadLaterSteps().then(
      () => this._host.requestUpdate(),
      () => {},
    );
  }

  private _ensureStore(state: FlowState): void {
    const subject = subjectOf(state.catalog, state.selection);
    if (!subject) return;
    const key = SlotStore.keyOf(subject);
    if (!this._stores.has(key)) {
      const api = this._deps.api();
      this._stores.set(key, new SlotStore(api, this._host.locationId, subject, state.catalog.company.timeZone, this._deps.clock()));
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
