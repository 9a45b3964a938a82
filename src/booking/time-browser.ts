/**
 * The calendar of free times, as the time step shows it, without the DOM: which month is
 * on screen and whether its times are in, the days that have some, the first such day
 * (shown until the visitor chooses one), the next free time after an empty month or day,
 * the next month fetched ahead, and the day the keyboard is on.
 *
 * Days are display-zone days, which can differ from the company's; the store is asked
 * for the company-zone days that cover them. What is chosen (the day, the time) is not
 * kept here: its owner (the booking flow, or manage mode) hands it in with the rest of
 * the inputs at every update, and hears of the visitor's choices from the controller.
 */
import { TransportErrorCode } from '../api/errors.js';
import { companyDatesCovering, groupByDay } from '../api/slots.js';
import { type CalendarDate, addDays, addMonths, endOfMonth, startOfMonth } from 'booking-widget-shared/calendar-date';
import type { Clock } from '../api/time/clock.js';
import { instantToWallClock, startOfDayInstant } from 'booking-widget-shared/zone';
import type { SlotStore } from './slot-store.js';

export const TimesStatus = { Loading: 'loading', Ready: 'ready', Failed: 'failed' } as const;
export type TimesStatus = (typeof TimesStatus)[keyof typeof TimesStatus];

/** What the times are for and how to show them: read from their owner at every update. */
export interface TimeInputs {
  /** The booking proxy's live channel for the company (#24), read by the time step's controller; none in direct mode. */
  liveUrl?: string | undefined;
  /** The free slots of what is booked (or moved). */
  store: SlotStore;
  /** What "today" is. */
  clock: Clock;
  companyTimeZone: string;
  /** The zone days and times are shown in. */
  displayTimeZone: string;
  /** The visitor's own zone (the step offers to switch to it). */
  visitorTimeZone: string;
  /** Epoch ms before which no slot is offered (now + minimum notice). */
  earliest: number;
  /** The last bookable company-zone day, if there is a limit. */
  lastDay: CalendarDate | undefined;
  /** The day the visitor chose, in the display zone. */
  day: CalendarDate | undefined;
  /** The time the visitor chose, epoch ms. */
  slot: number | undefined;
}

/** What the time step shows. A new object whenever anything in it changes, never changed in place. */
export interface TimesView {
  /** The first day of the month shown (display zone). */
  readonly month: CalendarDate;
  readonly status: TimesStatus;
  /** The free times of the month last loaded, by display day; `undefined` before the first answer. */
  readonly days: ReadonlyMap<CalendarDate, readonly Date[]> | undefined;
  /** The days of `days` (one Set per answer, so the calendar re-renders only when they change). */
  readonly available: ReadonlySet<CalendarDate>;
  /** The day whose times are shown: the one chosen, else the first with free times of the month the step opened on. */
  readonly day: CalendarDate | undefined;
  /** The time chosen, epoch ms. */
  readonly slot: number | undefined;
  /** The day the visitor moved the calendar's tab stop to, until another day is shown. */
  readonly focused: CalendarDate | undefined;
  /** The next free time after an empty month or day, once known; `null` when there is none. */
  readonly next: Date | null | undefined;
  /** Today, and the last day that can hold a bookable time (display zone). */
  readonly today: CalendarDate;
  readonly lastDay: CalendarDate | undefined;
  /** The instant zone names are given for: the time chosen, else now. */
  readonly at: number;
  readonly companyTimeZone: string;
  readonly displayTimeZone: string;
  readonly visitorTimeZone: string;
}

export interface TimeBrowserEvents {
  /** Something shown changed on its own (an answer arrived): render again. */
  changed(): void;
  /** Loading the month shown failed; the view says so and `retry()` tries again. */
  failed(error: unknown): void;
  /** The step opened on `day`, which the visitor did not choose: the first day with free times. */
  opened(day: CalendarDate, times: number): void;
}

type MonthDays = Map<CalendarDate, Date[]>;

export class TimeBrowser {
  private _inputs: TimeInputs | undefined;
  private _month: CalendarDate = '';
  private _status: TimesStatus = TimesStatus.Loading;
  private _opening = false;
  private _days: MonthDays | undefined;
  private _available: ReadonlySet<CalendarDate> = new Set();
  private _firstFree: CalendarDate | undefined;
  private _focused: CalendarDate | undefined;
  private _next: Date | null | undefined;
  /** The store whose opening month is settled (opened on a month with free times, or on the chosen day's). */
  private _opened = false;
  /** What the month shown was last loaded for: loaded again when any of it changes. */
  private _loadedFor: readonly unknown[] = [];
  private _load: AbortController | undefined;
  private _prefetch: AbortController | undefined;
  /** The company day the next free time was last looked up from, and for which store. */
  private _nextFrom: [SlotStore, CalendarDate] | undefined;
  private _view: TimesView | undefined;

  constructor(private readonly _events: TimeBrowserEvents) {}

  /**
   * Takes the inputs as they are now: at every update of whatever shows the times.
   * `undefined` while no time step is on screen: loads stop, and the next inputs open
   * the calendar afresh (on the chosen day's month, or this month until its times are in).
   */
  update(inputs: TimeInputs | undefined): void {
    const before = this._inputs;
    const shown = this._shownDay;
    this._inputs = inputs;
    if (!inputs) {
      this._stop();
      return;
    }
    if (!before || inputs.store !== before.store) this._open(inputs);
    // Another zone regroups every day: the calendar opens afresh there, on the chosen day's month (the owner reads the
    // day again in that zone), or on that zone's first free day: the visitor's own today may come before the company's.
    else if (inputs.displayTimeZone !== before.displayTimeZone) this._open(inputs);
    // Another day shown (chosen, or read again in another zone) takes the calendar's tab stop.
    if (this._shownDay !== shown) this._focused = undefined;
    if (!before || (Object.keys(inputs) as (keyof TimeInputs)[]).some((key) => inputs[key] !== before[key])) this._view = undefined;
    this._settle();
  }

  /**
   * Asks the service again for the month shown, without showing it as loading: the
   * visitor came back to the tab (#24), and times may have been booked or freed
   * meanwhile. What they see changes only when the answer is in.
   */
  refresh(): void {
    const inputs = this._inputs;
    if (!inputs || this._status !== TimesStatus.Ready) return;
    const { startDate, endDate } = this._companyDaysOf(inputs, this._month);
    inputs.store.invalidate(startDate, endDate);
    this._loadedFor = [inputs.store, this._month, inputs.displayTimeZone, inputs.earliest, inputs.lastDay];
    void this._loadMonth(inputs, this._month, true);
  }

  /**
   * A company-zone day's free times changed on the service (the live channel; `undefined`: some day did,
   * which the poll cannot place). The month shown is read again quietly if it has that day; a day of
   * another month is forgotten, and the month read ahead reads it again, so moving on shows it as it is now.
   */
  changed(day?: CalendarDate): void {
    const inputs = this._inputs;
    if (!inputs) return;
    const { startDate, endDate } = this._companyDaysOf(inputs, this._month);
    if (day === undefined || (day >= startDate && day <= endDate)) this.refresh();
    if (day === undefined) {
      const ahead = this._companyDaysOf(inputs, addMonths(this._month, 1));
      inputs.store.invalidate(ahead.startDate, ahead.endDate);
    } else if (day < startDate || day > endDate) inputs.store.invalidate(day, day);
    // What was forgotten of the month read ahead is read again (days it still holds are not asked for).
    if (this._status === TimesStatus.Ready) this._prefetchNextMonth(inputs);
  }

  /** What to show; `undefined` without inputs. */
  get view(): TimesView | undefined {
    const inputs = this._inputs;
    if (!inputs) return undefined;
    return (this._view ??= {
      month: this._month,
      status: this._status,
      days: this._days,
      available: this._available,
      day: this._shownDay,
      slot: inputs.slot,
      focused: this._focused,
      next: this._next,
      today: this._displayToday,
      lastDay: this._lastDisplayDay,
      at: inputs.slot ?? inputs.clock(),
      companyTimeZone: inputs.companyTimeZone,
      displayTimeZone: inputs.displayTimeZone,
      visitorTimeZone: inputs.visitorTimeZone,
    });
  }

  /** How many free times `day` has, as far as the month shown knows. */
  timesOn(day: CalendarDate): number {
    return this._days?.get(day)?.length ?? 0;
  }

  /** The visitor asked for another month. */
  showMonth(month: CalendarDate): void {
    this._month = startOfMonth(month);
    this._changed();
  }

  /** The visitor moved the calendar's tab stop to `day`: its month is shown. */
  focus(day: CalendarDate): void {
    this._focused = day;
    this._month = startOfMonth(day);
    this._changed();
  }

  /** Loads the month shown again, after a failure. */
  retry(): void {
    this._loadedFor = [];
    this._changed();
  }

  /** The next free time, shown in its month: what to choose when the visitor takes the shortcut to it. */
  takeNext(): { day: CalendarDate; slot: number } | undefined {
    const next = this._next;
    if (!next || !this._inputs) return undefined;
    const day = instantToWallClock(next, this._inputs.displayTimeZone).date;
    this.showMonth(day);
    return { day, slot: next.getTime() };
  }

  private _changed(): void {
    this._view = undefined;
    this._settle();
    this._events.changed();
  }

  /** A new store, or the step shown again: open on the chosen day's month, or today's until its free times are known. */
  private _open(inputs: TimeInputs): void {
    this._stop();
    this._month = startOfMonth(inputs.day ?? instantToWallClock(inputs.clock(), inputs.displayTimeZone).date);
    this._days = undefined;
    this._available = new Set();
    this._firstFree = undefined;
    this._focused = undefined;
    this._next = undefined;
    this._opened = false;
  }

  private _stop(): void {
    this._load?.abort();
    this._prefetch?.abort();
    this._load = this._prefetch = undefined;
    this._loadedFor = [];
    this._nextFrom = undefined;
  }

  /** Starts what the inputs and the month call for: the month's times, and the next free time after an empty month or day. */
  private _settle(): void {
    const inputs = this._inputs;
    if (!inputs) return;
    const key = [inputs.store, this._month, inputs.displayTimeZone, inputs.earliest, inputs.lastDay];
    if (key.some((value, index) => value !== this._loadedFor[index])) {
      this._loadedFor = key;
      void this._loadMonth(inputs, this._month);
    }
    this._lookForNext(inputs);
  }

  private async _loadMonth(inputs: TimeInputs, month: CalendarDate, quietly = false): Promise<void> {
    this._load?.abort();
    const load = (this._load = new AbortController());
    const { startDate, endDate } = this._companyDaysOf(inputs, month);
    // Times already read (with the company, or fetched ahead): shown by the render under way, with no "loading" first.
    if (inputs.store.holds(startDate, endDate)) return this._take(inputs, month);
    if (!quietly) {
      this._status = TimesStatus.Loading;
      this._view = undefined;
    }
    try {
      await inputs.store.ensure(startDate, endDate, load.signal);
      // The first month shown: its answer was just read (every time turned into an instant) in this task. Its
      // days are grouped and rendered in the next one, so the two never add up to one long task (issue 28).
      if (!this._opened) await yieldToMain();
      if (load === this._load) this._take(this._inputs!, month);
    } catch (error) {
      if (load !== this._load) return;
      this._status = TimesStatus.Failed;
      // The store gave up itself (the widget let it go): the step shows it, but nothing failed to tell the page.
      if (!isAbort(error)) this._events.failed(error);
      this._settled();
    }
  }

  /** The month's times are in the store: the step shows them. */
  private _take(inputs: TimeInputs, month: CalendarDate): void {
    this._days = this._daysOf(inputs, month);
    this._available = new Set(this._days.keys());
    this._status = TimesStatus.Ready;
    this._afterMonthLoaded(inputs, this._days);
    this._settled();
  }

  private _settled(): void {
    this._view = undefined;
    this._lookForNext(this._inputs!);
    this._events.changed();
  }

  private _afterMonthLoaded(inputs: TimeInputs, days: MonthDays): void {
    if (!this._opened) {
      this._opened = true;
      // Open on the first month that has a free time, not on an empty one.
      if (!days.size && !inputs.day) {
        void this._openOnFirstFreeMonth(inputs);
        return;
      }
    }
    this._prefetchNextMonth(inputs);
    // The opening month's first free day is shown until the visitor chooses; moving to
    // another month does not move it (the keyboard's place in the calendar is the visitor's).
    if (inputs.day || this._firstFree) return;
    this._firstFree = [...days.keys()].sort()[0];
    this._focused = undefined;
    if (this._firstFree) this._events.opened(this._firstFree, days.get(this._firstFree)!.length);
  }

  private async _openOnFirstFreeMonth(inputs: TimeInputs): Promise<void> {
    this._opening = true;
    try {
      const first = await inputs.store.nextFree(this._companyToday(inputs), inputs.earliest, this._lastInstant(inputs));
      if (first && inputs.store === this._inputs?.store) this.showMonth(instantToWallClock(first, this._inputs.displayTimeZone).date);
    } catch {
      // The month stays as it is; the visitor can still move through months.
    } finally {
      this._opening = false;
      this._events.changed();
    }
  }

  /**
   * True while the step, opened on an empty month, looks for the first month with a free time: what
   * is shown is about to give way, so what follows the first times (issue 28) waits for that month.
   */
  get opening(): boolean {
    return this._opening;
  }

  /** The next month is fetched as soon as the shown one is in, so moving on needs no wait. */
  private _prefetchNextMonth(inputs: TimeInputs): void {
    const next = addMonths(this._month, 1);
    const lastDisplayDay = this._lastDisplayDay;
    if (lastDisplayDay && next > lastDisplayDay) return;
    this._prefetch?.abort();
    this._prefetch = new AbortController();
    const { startDate, endDate } = this._companyDaysOf(inputs, next);
    inputs.store.ensure(startDate, endDate, this._prefetch.signal).catch(() => {});
  }

  /** Looks up the next free time from the first empty company day shown, once per store and day. */
  private _lookForNext(inputs: TimeInputs): void {
    const from = this._emptyFrom();
    const { store } = inputs;
    if (this._nextFrom?.[0] === store && this._nextFrom[1] === from) return;
    this._nextFrom = from === undefined ? undefined : [store, from];
    if (this._next !== undefined) this._view = undefined;
    this._next = undefined;
    if (from === undefined) return;
    const asked = this._nextFrom;
    store.nextFree(from, inputs.earliest, this._lastInstant(inputs)).then(
      (next) => {
        if (this._nextFrom !== asked) return;
        this._next = next;
        this._view = undefined;
        this._events.changed();
      },
      // No shortcut then; the calendar still shows every month.
      () => {},
    );
  }

  /** The company day from which to look for the next free time, when the shown month or day is empty. */
  private _emptyFrom(): CalendarDate | undefined {
    const days = this._days;
    const inputs = this._inputs!;
    if (this._status !== TimesStatus.Ready || !days) return undefined;
    const shown = this._shownDay;
    const dayShown = shown && startOfMonth(shown) === this._month ? shown : undefined;
    const empty = dayShown ? !days.get(dayShown)?.length : days.size === 0;
    if (!empty) return undefined;
    return instantToWallClock(startOfDayInstant(dayShown ?? this._month, inputs.displayTimeZone), inputs.companyTimeZone).date;
  }

  private get _shownDay(): CalendarDate | undefined {
    return this._inputs?.day ?? this._firstFree;
  }

  private get _displayToday(): CalendarDate {
    const { clock, displayTimeZone } = this._inputs!;
    return instantToWallClock(clock(), displayTimeZone).date;
  }

  /** The last display-zone day that can hold a bookable slot. */
  private get _lastDisplayDay(): CalendarDate | undefined {
    const inputs = this._inputs!;
    return inputs.lastDay ? instantToWallClock(this._lastInstant(inputs) - 1, inputs.displayTimeZone).date : undefined;
  }

  private _companyToday({ clock, earliest, companyTimeZone }: TimeInputs): CalendarDate {
    return instantToWallClock(Math.max(clock(), earliest), companyTimeZone).date;
  }

  /** The instant bookable days end, or Infinity without a limit. */
  private _lastInstant({ lastDay, companyTimeZone }: TimeInputs): number {
    return lastDay ? startOfDayInstant(addDays(lastDay, 1), companyTimeZone).getTime() : Infinity;
  }

  /** The company-zone days covering a display month, within the bookable window. */
  private _companyDaysOf(inputs: TimeInputs, month: CalendarDate) {
    const covering = companyDatesCovering(month, endOfMonth(month), inputs.displayTimeZone, inputs.companyTimeZone);
    const today = this._companyToday(inputs);
    const startDate = covering.startDate < today ? today : covering.startDate;
    const endDate = inputs.lastDay && covering.endDate > inputs.lastDay ? inputs.lastDay : covering.endDate;
    return { startDate, endDate };
  }

  /** Bookable slots of a display month, by display day. */
  private _daysOf(inputs: TimeInputs, month: CalendarDate): MonthDays {
    const { startDate, endDate } = this._companyDaysOf(inputs, month);
    const last = this._lastInstant(inputs);
    const bookable = inputs.store.slots(startDate, endDate).filter((slot) => slot.getTime() >= inputs.earliest && slot.getTime() < last);
    const days: MonthDays = new Map();
    for (const [day, slots] of groupByDay(bookable, inputs.displayTimeZone)) {
      if (startOfMonth(day) === month) days.set(day, slots);
    }
    return days;
  }
}

/** Lets the browser answer input and paint before the work that follows: `scheduler.yield` where there is one. */
function yieldToMain(): Promise<unknown> {
  const scheduler = (globalThis as { scheduler?: { yield?(): Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** A load was given up on purpose (the store let go, or the step left the page): nothing failed. */
function isAbort(error: unknown): boolean {
  return (
    (error as { errorCode?: string } | undefined)?.errorCode === TransportErrorCode.Aborted ||
    (error as Error | undefined)?.name === 'AbortError'
  );
}
