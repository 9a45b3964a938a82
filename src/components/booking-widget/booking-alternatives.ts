/**
 * Never a dead end when the chosen time is taken (#24): told of it as the flow is (a 409
 * at Book, or the proxy's 409 to the hold: both send `slot-taken` through `dispatch`),
 * this owns what is offered instead (src/booking/alternatives.ts): it looks for the
 * nearest free times for the same choice — the rest of the day from the slot store,
 * read again, then the next days from `nextSlots` —, says what happened and how many are
 * offered, moves focus to the first, and tells the page (`bw-slot-gone`). Choosing one
 * is a time chosen like any other (held, then booked) and, when the details are
 * complete, the booking itself. A chunk of its own (issue 28: 1.3 KB brotli off a plain booking), which
 * the booking code (booking-steps.ts) asks for only when a time is taken: the flow changes at once, and
 * the times offered, their announcement and the focus move come once this chunk and its answers are in.
 */
import { type ReactiveController, type ReactiveControllerHost, type TemplateResult, html, nothing } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import { companyDatesCovering, slotInstants } from '../../api/slots.js';
import type { Clock } from '../../api/time/clock.js';
import { addDays } from 'booking-widget-shared/calendar-date';
import { earliestStart } from 'booking-widget-shared/earliest-start';
import { instantToWallClock, startOfDayInstant } from 'booking-widget-shared/zone';
import { type Taken, type TakenAction, displayDayOf, pickAlternatives, reduceTaken } from '../../booking/alternatives.js';
import { type FlowAction, type FlowState, offering } from '../../booking/flow.js';
import { subjectOf } from '../../booking/selection.js';
import { bookingSummary } from '../../booking/summary.js';
import type { SlotStore } from '../../booking/slot-store.js';
import { lastBookableDay } from '../../booking/zones.js';
import type { Localizer } from '../../i18n/localizer.js';
import { loadTakenMessages, takenMessages } from '../../i18n/load-taken-messages.js';
import { SlotGoneEvent } from '../events/slot-gone-event.js';
import type { Politeness } from '../shared/announcer.js';

/** What the alternatives read of the flow: the FlowController. */
export interface AlternativesFlow {
  state: FlowState | undefined;
  /** The company the flow was started for. */
  readonly companyId: string;
  dispatch(action: FlowAction): void;
  /** The free slots of what is chosen. */
  readonly store: SlotStore | undefined;
  /** The zone times are shown in: "the same day" is a day there. */
  readonly displayZone: string;
}

export interface AlternativesDependencies {
  flow: AlternativesFlow;
  api(): SchedulingClient;
  clock(): Clock;
  localizer(): Localizer;
  announce(text: string, politeness?: Politeness): void;
  /** Focuses the first time offered, or "Choose another time" when there is none. */
  focus(): void;
  /** Books with what the visitor typed, through the details form's own checks (a field to correct keeps them there). */
  submit(): void;
}

/** `nextSlots` answers at most 20 (service contract §5); the part of them on the taken day is left out. */
const NEXT_SLOTS = 20;

export class AlternativesController implements ReactiveController {
  /** The time just taken and the times offered instead, while the details step offers them. */
  taken: Taken | undefined;

  constructor(
    private readonly _host: ReactiveControllerHost & EventTarget,
    private readonly _deps: AlternativesDependencies,
  ) {
    _host.addController(this);
  }

  /** `start`, the flow's chosen time, was just taken (the booking code told the flow, and noted the time while the flow still had it). */
  offer(start: number): void {
    const state = this._deps.flow.state;
    // The visitor may have chosen another time while this chunk came: then nothing is offered, and the page is told all the same.
    this._set({ type: 'taken', start });
    if (state) void this._offer(state, start);
  }

  hostUpdated(): void {
    // A time chosen, or the step left: what was offered is no longer news. Nothing to render again: the view shows it only while offering.
    const state = this._deps.flow.state;
    if (this.taken && !(state && offering(state))) this.taken = reduceTaken(this.taken, { type: 'over' });
  }

  /**
   * The times offered (Enter on one chooses and books it) and the way back to the times; without them when
   * none is free; while they are looked for, the line alone (booking-steps.ts frames it, and says the line
   * until this chunk is in).
   */
  render(displayZone: string, localizer: Localizer, backToTimes: () => void): TemplateResult | undefined {
    const { taken } = this;
    const state = this._deps.flow.state;
    if (!taken || !state || !offering(state)) return undefined;
    const words = takenMessages(localizer.locale);
    const offered = taken.alternatives ?? [];
    const day = displayDayOf(taken.start, displayZone);
    // What the times are for, as the summary they replace said it: what, with whom, the day and the zone (a visitor
    // shown another zone's times must still know which); the group's label reads it too.
    const summary = bookingSummary(state.catalog, { ...state.selection, slot: taken.start }, displayZone, localizer.messages)!;
    return html`<p id="taken-line">${offered.length ? localizer.plural(words.takenOffer, offered.length) : localizer.messages.slotTaken}</p>
      <p id="taken-for">
        <bdi>${summary.what}</bdi>${summary.withWhom ? html` · <bdi>${summary.withWhom}</bdi>` : ''} · ${localizer.day(day)}
        (${localizer.zoneName(displayZone, summary.start)})
      </p>
      ${offered.map(
        (start) =>
          // Choosing one books it (Enter on it is the visitor's Book): its name says so.
          html`<button type="button" class="button" @click=${() => void this.choose(start)}>
            ${words.bookAt(
              displayDayOf(start, displayZone) === day
                ? localizer.time(new Date(start), displayZone)
                : localizer.dateTime(new Date(start), displayZone),
            )}
          </button>`,
      )}
      ${
        taken.alternatives
          ? html`<button type="button" class="button secondary" @click=${backToTimes}>${words.chooseAnotherTime}</button>`
          : nothing
      }`;
  }

  /** Book without a time (the one chosen was taken): focus goes to the times offered instead. */
  focus(): void {
    this._deps.focus();
  }

  /**
   * The visitor chose one of the times offered: it is chosen (and held, as the details step holds
   * any chosen time), then booked once the hold is asked for, so the booking carries its token.
   */
  async choose(start: number): Promise<void> {
    const { flow } = this._deps;
    flow.dispatch({ type: 'time', day: displayDayOf(start, flow.displayZone), slot: start });
    await this._host.updateComplete;
    if (flow.state?.selection.slot === start) this._deps.submit();
  }

  private _set(action: TakenAction): void {
    this.taken = reduceTaken(this.taken, action);
    this._host.requestUpdate();
  }

  private async _offer(state: FlowState, start: number): Promise<void> {
    const { localizer } = this._deps;
    const [alternatives, words] = await Promise.all([this._find(state, start).catch(() => []), loadTakenMessages(localizer().locale)]);
    if (this.taken?.start === start) {
      this._set({ type: 'found', start, alternatives });
      const count = alternatives.length;
      this._deps.announce(count ? localizer().plural(words.takenOffer, count) : localizer().messages.slotTaken);
      await this._host.updateComplete;
      this._deps.focus();
    }
    const iso = (instant: number) => new Date(instant).toISOString();
    this._host.dispatchEvent(new SlotGoneEvent({ start: iso(start), alternatives: alternatives.map(iso) }));
  }

  /** The same choice's free times: the taken time's display day read again (the flow let it go), and the days after. */
  private async _find({ catalog, selection }: FlowState, taken: number): Promise<number[]> {
    const { flow } = this._deps;
    const subject = subjectOf(catalog, selection);
    const store = flow.store;
    if (!subject || !store) return [];
    const companyZone = catalog.company.timeZone;
    const displayTimeZone = flow.displayZone;
    const day = displayDayOf(taken, displayTimeZone);
    const { startDate, endDate } = companyDatesCovering(day, day, displayTimeZone, companyZone);
    // The company day the taken time's display day ends in: the next days' times start there.
    const nextFrom = instantToWallClock(startOfDayInstant(addDays(day, 1), displayTimeZone), companyZone).date;
    const now = this._deps.clock()();
    const lastDay = lastBookableDay(catalog, now);
    const [sameDay, later] = await Promise.all([
      store.ensure(startDate, endDate).then(() => store.slots(startDate, endDate)),
      this._deps
        .api()
        .getNextSlots(this._deps.flow.companyId, { ...subject, startDate: nextFrom, number: NEXT_SLOTS })
        .then((answer) => slotInstants(answer, companyZone)),
    ]);
    return pickAlternatives({
      taken,
      sameDay,
      later,
      displayTimeZone,
      earliest: earliestStart(now, catalog.settings.minNoticeMinutes),
      before: lastDay ? startOfDayInstant(addDays(lastDay, 1), companyZone).getTime() : Infinity,
    });
  }
}
