import { Task, TaskStatus } from '@lit/task';
import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { TransportErrorCode } from '../../api/errors.js';
import { companyDatesCovering, groupByDay } from '../../api/slots.js';
import { type Clock, realClock } from '../../api/time/clock.js';
import { type CalendarDate, addDays, addMonths, endOfMonth, startOfMonth } from '../../api/time/calendar-date.js';
import { formatWallClock, instantToWallClock, startOfDayInstant } from '../../api/time/zone.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { SlotStore } from '../../booking/slot-store.js';
import type { DayPicker } from '../day-picker/day-picker.js';
import '../day-picker/day-picker.js';
import { DAY_PICKER_PARTS } from '../day-picker/day-picker.parts.js';
import { AnnounceEvent } from '../events/announce-event.js';
import type { MonthChangeEvent } from '../events/month-change-event.js';
import { SlotsErrorEvent } from '../events/slots-error-event.js';
import { ZoneChangeEvent } from '../events/zone-change-event.js';
import { defineElement } from '../shared/define.js';
import { exportParts } from '../shared/parts.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import '../slot-picker/slot-picker.js';
import type { SlotPicker } from '../slot-picker/slot-picker.js';
import { SLOT_PICKER_PARTS } from '../slot-picker/slot-picker.parts.js';
import { timeStepStyles } from './time-step.styles.js';

type MonthDays = Map<CalendarDate, Date[]>;

/**
 * @summary Choosing a day and a time: the month's days with free times, the
 * chosen day's times, and the zone they are shown in.
 *
 * Days are display-zone days, which can differ from the company's; the store is
 * asked for the company-zone days that cover them. The next month is fetched as
 * soon as the shown one is on screen, so moving on needs no wait. Until the visitor
 * chooses a day, the step shows the first with free times (`shownDay`): that is
 * not a choice, so no event says it.
 *
 * @event change - The visitor chose a day or a time; read `day` and `value`.
 * @event zone-change - The visitor switched zones ({@link ZoneChangeEvent}).
 * @event slots-error - Loading free times failed ({@link SlotsErrorEvent}).
 *
 * @csspart zone - The sentence naming the zone times are shown in, with the switch.
 * @csspart next-available - The shortcut to the next free time.
 */
export class TimeStep extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, timeStepStyles];
  static override properties: PropertyDeclarations = {
    _month: { state: true, attribute: false },
    _firstFree: { state: true, attribute: false },
    localizer: { attribute: false },
    store: { attribute: false },
    clock: { attribute: false },
    companyTimeZone: {},
    displayTimeZone: {},
    visitorTimeZone: {},
    earliest: { attribute: false },
    lastDay: { attribute: false },
    day: { attribute: false },
    value: { attribute: false },
  };

  private get _dayPicker(): DayPicker | null {
    return this.renderRoot.querySelector('bw-day-picker') as DayPicker | null;
  }
  private get _slotPicker(): SlotPicker | null {
    return this.renderRoot.querySelector('bw-slot-picker') as SlotPicker | null;
  }

  /** First day of the month shown, in the display zone. */
  private _month: CalendarDate | undefined;
  /** The first day with free times of the month the step opened on: shown until the visitor chooses a day. */
  private _firstFree: CalendarDate | undefined;
  /** The store whose opening month has been settled. */
  private _openedStore: SlotStore | undefined;
  /** Stops the prefetch of the next month when it is no longer wanted. */
  private _prefetch?: AbortController;
  /** The days of the month shown that have free times, kept as one Set per result so the calendar re-renders only when they change. */
  private _available: { days: MonthDays | undefined; set: ReadonlySet<CalendarDate> } = { days: undefined, set: new Set() };

  localizer!: Localizer;
  store!: SlotStore;
  /** The widget's clock: what "today" is. */
  clock: Clock = realClock;
  companyTimeZone = 'UTC';
  /** The zone times are shown in. */
  displayTimeZone = 'UTC';
  /** The visitor's own zone. */
  visitorTimeZone = 'UTC';
  /** Epoch ms before which no slot is offered (now + minimum notice). */
  earliest = 0;
  /** The last bookable day, company zone. */
  lastDay: CalendarDate | undefined;

  /** The chosen day (display zone). */
  day: CalendarDate | undefined;
  /** The chosen time, epoch ms. */
  value: number | undefined;

  private readonly _monthTask = new Task(this, {
    task: async ([store, month], { signal }) => {
      if (!store || !month) return new Map() as MonthDays;
      const { startDate, endDate } = this._companyDaysOf(month);
      await store.ensure(startDate, endDate, signal);
      return this._daysOf(month);
    },
    args: () => [this.store, this._month, this.displayTimeZone, this.earliest, this.lastDay] as const,
    onComplete: (days) => this._afterMonthLoaded(days),
    onError: (error) => {
      if (!isAbort(error)) this.dispatchEvent(new SlotsErrorEvent(error));
    },
  });

  /** The next free time after an empty month or day, when the visitor may want it. */
  private readonly _nextTask = new Task(this, {
    task: async ([store, from], { signal }) => {
      if (!store || !from) return undefined;
      return store.nextFree(from, this.earliest, this._lastInstant, signal);
    },
    args: () => [this.store, this._emptyFrom()] as const,
  });

  /** The day whose times are shown: the one chosen, else the first with free times. */
  get shownDay(): CalendarDate | undefined {
    return this.day ?? this._firstFree;
  }

  /** Puts keyboard focus in the calendar. */
  override focus(options?: FocusOptions) {
    this._dayPicker?.focus(options);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._prefetch?.abort();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>) {
    if (changed.has('store') && this.store !== this._openedStore) {
      // A new subject opens on the month of the chosen day, or today's month until its free times are known.
      this._month = startOfMonth(this.day ?? this._displayToday);
      this._firstFree = undefined;
    }
    if (changed.has('displayTimeZone') && this.day) this._month = startOfMonth(this.day);
  }

  private get _companyToday(): CalendarDate {
    return instantToWallClock(Math.max(this.clock(), this.earliest), this.companyTimeZone).date;
  }

  private get _displayToday(): CalendarDate {
    return instantToWallClock(this.clock(), this.displayTimeZone).date;
  }

  /** The instant bookable days end, or Infinity without a limit. */
  private get _lastInstant(): number {
    return this.lastDay ? startOfDayInstant(addDays(this.lastDay, 1), this.companyTimeZone).getTime() : Infinity;
  }

  /** The last display-zone day that can hold a bookable slot. */
  private get _lastDisplayDay(): CalendarDate | undefined {
    return this.lastDay ? instantToWallClock(this._lastInstant - 1, this.displayTimeZone).date : undefined;
  }

  /** The company-zone days covering a display month, within the bookable window. */
  private _companyDaysOf(month: CalendarDate) {
    const covering = companyDatesCovering(month, endOfMonth(month), this.displayTimeZone, this.companyTimeZone);
    const startDate = covering.startDate < this._companyToday ? this._companyToday : covering.startDate;
    const endDate = this.lastDay && covering.endDate > this.lastDay ? this.lastDay : covering.endDate;
    return { startDate, endDate };
  }

  /** Bookable slots of a display month, by display day. */
  private _daysOf(month: CalendarDate): MonthDays {
    const { startDate, endDate } = this._companyDaysOf(month);
    const last = this._lastInstant;
    const bookable = this.store.slots(startDate, endDate).filter((slot) => slot.getTime() >= this.earliest && slot.getTime() < last);
    const days: MonthDays = new Map();
    for (const [day, slots] of groupByDay(bookable, this.displayTimeZone)) {
      if (startOfMonth(day) === month) days.set(day, slots);
    }
    return days;
  }

  private _afterMonthLoaded(days: MonthDays) {
    const store = this.store;
    if (this._openedStore !== store) {
      this._openedStore = store;
      // Open on the first month that has a free time, not on an empty one.
      if (!days.size && !this.day) {
        void this._openOnFirstFreeMonth(store);
        return;
      }
    }
    this._prefetchNextMonth();
    // The opening month's first free day is shown until the visitor chooses; moving to
    // another month does not move it (the keyboard's place in the calendar is the visitor's).
    if (this.day || this._firstFree) return;
    this._firstFree = [...days.keys()].sort()[0];
    if (this._firstFree) this._announceTimes(this._firstFree, days);
  }

  private async _openOnFirstFreeMonth(store: SlotStore) {
    try {
      const first = await store.nextFree(this._companyToday, this.earliest, this._lastInstant);
      if (first && store === this.store) this._month = startOfMonth(instantToWallClock(first, this.displayTimeZone).date);
    } catch {
      // The month stays as it is; the visitor can still move through months.
    }
  }

  private _prefetchNextMonth() {
    if (!this._month) return;
    const next = addMonths(this._month, 1);
    const lastDisplayDay = this._lastDisplayDay;
    if (lastDisplayDay && next > lastDisplayDay) return;
    this._prefetch?.abort();
    this._prefetch = new AbortController();
    const { startDate, endDate } = this._companyDaysOf(next);
    this.store.ensure(startDate, endDate, this._prefetch.signal).catch(() => {});
  }

  /** The company day from which to look for the next free time, when the shown month or chosen day is empty. */
  private _emptyFrom(): CalendarDate | undefined {
    const days = this._monthTask.value;
    if (this._monthTask.status !== TaskStatus.COMPLETE || !days || !this._month) return undefined;
    const dayShown = this.shownDay && startOfMonth(this.shownDay) === this._month ? this.shownDay : undefined;
    const empty = dayShown ? !days.get(dayShown)?.length : days.size === 0;
    if (!empty) return undefined;
    return instantToWallClock(startOfDayInstant(dayShown ?? this._month, this.displayTimeZone), this.companyTimeZone).date;
  }

  private _availableDays(days: MonthDays | undefined): ReadonlySet<CalendarDate> {
    if (this._available.days !== days) this._available = { days, set: new Set(days?.keys() ?? []) };
    return this._available.set;
  }

  private _change(day: CalendarDate | undefined, value: number | undefined) {
    this.day = day;
    this.value = value;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  private _onMonthChange(event: MonthChangeEvent) {
    this._month = event.month;
  }

  private _onDayChange() {
    const day = this._dayPicker!.value;
    this._change(day, undefined);
    if (day && this._monthTask.value) this._announceTimes(day, this._monthTask.value);
  }

  /** "12 times available on Tuesday, March 10", for screen-reader users. */
  private _announceTimes(day: CalendarDate, days: MonthDays) {
    const { localizer } = this;
    const count = days.get(day)?.length ?? 0;
    this.dispatchEvent(new AnnounceEvent(localizer.plural(localizer.messages.timesAvailable, count, { day: localizer.day(day) })));
  }

  private _onSlotChange() {
    this._change(this.shownDay, this._slotPicker!.value);
  }

  private _onNextAvailable() {
    const next = this._nextTask.value;
    if (!next) return;
    const day = instantToWallClock(next, this.displayTimeZone).date;
    this._month = startOfMonth(day);
    this._change(day, next.getTime());
  }

  private _renderZone() {
    const { localizer } = this;
    const { messages } = localizer;
    const at = new Date(this.value ?? this.clock());
    const shown = localizer.zoneName(this.displayTimeZone, at);
    // The date counts too: Pago Pago reads Auckland's summer clock a day behind it.
    const visitorDiffers =
      formatWallClock(instantToWallClock(at, this.visitorTimeZone)) !== formatWallClock(instantToWallClock(at, this.companyTimeZone));
    const other = this.displayTimeZone === this.visitorTimeZone ? this.companyTimeZone : this.visitorTimeZone;
    const otherName =
      other === this.visitorTimeZone ? `${localizer.zoneName(other, at)} (${messages.yourTime})` : localizer.zoneName(other, at);
    return html`<p class="zone" part="zone">
      <span>${messages.timesShownIn(shown)}</span>
      ${
        visitorDiffers
          ? html`<button type="button" class="link-button" @click=${() => this.dispatchEvent(new ZoneChangeEvent(other))}>
              ${messages.showInZone(otherName)}
            </button>`
          : nothing
      }
    </p>`;
  }

  private _renderTimes(days: MonthDays | undefined) {
    const { localizer } = this;
    const { messages } = localizer;
    const loading = this._monthTask.status === TaskStatus.PENDING;
    const day = this.shownDay && startOfMonth(this.shownDay) === this._month ? this.shownDay : undefined;
    const heading = day ? messages.timesLabel(localizer.day(day)) : messages.chooseDay;
    let body;
    if (loading && !days?.size) body = html`<p class="empty">${messages.loading}</p>`;
    else if (days && !days.size && this._nextTask.status === TaskStatus.COMPLETE && this._nextTask.value === null) {
      body = html`<p class="empty">${messages.noTimesAtAll}</p>`;
    } else if (days && !days.size) {
      // A chosen day left empty in an empty month: both facts, so the visitor neither waits on the day nor searches the month.
      body = html`<div class="empty">
        <p>${day ? messages.noTimesOnDayNorMonth : messages.noTimesThisMonth}</p>
        ${
          this._nextTask.value
            ? html`<button type="button" class="button secondary" part="next-available" @click=${this._onNextAvailable}>
                ${messages.nextAvailable(localizer.dateTime(this._nextTask.value, this.displayTimeZone))}
              </button>`
            : nothing
        }
      </div>`;
    } else if (!day) body = nothing;
    else {
      body = html`<bw-slot-picker
        exportparts=${exportParts(SLOT_PICKER_PARTS)}
        .localizer=${localizer}
        .slots=${days?.get(day) ?? []}
        .value=${this.value}
        .nextAvailable=${this._nextTask.value}
        timeZone=${this.displayTimeZone}
        @change=${this._onSlotChange}
        @next-available=${this._onNextAvailable}
      ></bw-slot-picker>`;
    }
    return html`<section class="times" aria-labelledby="times-heading">
      <h4 id="times-heading">${heading}</h4>
      ${body}
    </section>`;
  }

  override render() {
    const { localizer } = this;
    const days = this._monthTask.value;
    const failed = this._monthTask.status === TaskStatus.ERROR;
    return html`
      ${this._renderZone()}
      ${
        failed
          ? html`<div class="problem" role="alert">
              <p>${localizer.messages.loadFailed}</p>
              <button type="button" class="button secondary" @click=${() => this._monthTask.run()}>${localizer.messages.tryAgain}</button>
            </div>`
          : nothing
      }
      <div class="picker">
        <bw-day-picker
          exportparts=${exportParts(DAY_PICKER_PARTS)}
          .localizer=${localizer}
          .month=${this._month ?? this._displayToday}
          .available=${this._availableDays(days)}
          .value=${this.shownDay}
          .today=${this._displayToday}
          .min=${this._displayToday}
          .max=${this._lastDisplayDay}
          ?loading=${this._monthTask.status === TaskStatus.PENDING}
          @change=${this._onDayChange}
          @month-change=${this._onMonthChange}
        ></bw-day-picker>
        ${this._renderTimes(days)}
      </div>
    `;
  }
}

/** The step gave up a load itself (another month, or it left the page): nothing failed. */
function isAbort(error: unknown): boolean {
  return (
    (error as { errorCode?: string } | undefined)?.errorCode === TransportErrorCode.Aborted ||
    (error as Error | undefined)?.name === 'AbortError'
  );
}

defineElement('bw-time-step', TimeStep);

declare global {
  interface HTMLElementTagNameMap {
    'bw-time-step': TimeStep;
  }
}
