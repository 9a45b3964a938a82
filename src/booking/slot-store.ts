/**
 * The free slots of one booking subject (a service with a staff member or
 * anyone, or a quantity of a resource), kept per company-zone day. It asks the
 * service only for days it does not hold yet, in as few requests as the 62-day
 * limit allows, and shares a request between callers that need the same days.
 * Days go stale after a while, and a day can be dropped on purpose (a slot
 * there was just taken), so the next look asks again.
 */
import { raceAbort } from '../api/abort.js';
import type { SchedulingClient } from '../api/client.js';
import { groupByDay, slotInstants } from '../api/slots.js';
import { type CalendarDate, addDays, daysBetween, eachDay } from 'booking-widget-shared/calendar-date';
import { instantToWallClock } from 'booking-widget-shared/zone';
import { type SlotSubject, subjectKey } from '../api/subject.js';
import { MAX_FREE_SLOT_DAYS, type SlotsResponse } from 'booking-widget-shared/types';

interface LoadedDay {
  /** The day's free slots, read from the answer the first time they are asked for. */
  slots(): Date[];
  loadedAt: number;
}

/** How long a loaded day is trusted before it is asked for again. */
const FRESH_FOR_MS = 5 * 60_000;

export class SlotStore {
  private readonly _days = new Map<CalendarDate, LoadedDay>();
  private readonly _pending = new Map<CalendarDate, Promise<void>>();
  private readonly _lifetime = new AbortController();

  constructor(
    private readonly _api: SchedulingClient,
    private readonly _companyId: string,
    readonly subject: SlotSubject,
    private readonly _companyTimeZone: string,
    private readonly _now: () => number = Date.now,
  ) {}

  /** A stable key: two stores with the same key hold the same slots. */
  static keyOf(subject: SlotSubject): string {
    return subjectKey(subject);
  }

  /** Makes sure the company-zone days `from`…`to` are loaded. */
  async ensure(from: CalendarDate, to: CalendarDate, signal?: AbortSignal): Promise<void> {
    if (to < from) return;
    const days = eachDay(from, to);
    const missing = days.filter((day) => !this._isFresh(day) && !this._pending.has(day));
    for (const [start, end] of contiguousRuns(missing, MAX_FREE_SLOT_DAYS)) this._fetch(start, end);
    const waits = new Set(days.map((day) => this._pending.get(day)).filter((p): p is Promise<void> => Boolean(p)));
    await raceAbort(Promise.all(waits), signal);
  }

  /** Whether every company-zone day `from`…`to` is loaded and fresh: `slots` has them without a wait. */
  holds(from: CalendarDate, to: CalendarDate): boolean {
    return eachDay(from, to).every((day) => this._isFresh(day));
  }

  /** Takes in an answer obtained elsewhere (the request sent with the company). */
  ingest(startDate: CalendarDate, endDate: CalendarDate, response: SlotsResponse): void {
    this._take(eachDay(startDate, endDate), response);
  }

  private _take(days: readonly CalendarDate[], response: SlotsResponse): void {
    const zone = this._companyTimeZone;
    // Each day's slots are read when first asked for: the first screen reads the month it shows, not the six weeks
    // asked for with the company (issue 28). An item in another zone is read at once: its days are known only then.
    const unread = slotsByWallDay(response, zone);
    const read = unread ? undefined : groupByDay(slotInstants(response, zone), zone);
    const loadedAt = this._now();
    for (const day of days) {
      let slots = read && (read.get(day) ?? []);
      const own = unread?.get(day);
      this._days.set(day, { slots: () => (slots ??= own ? slotInstants({ items: [{ day, slots: own }] }, zone) : []), loadedAt });
    }
  }

  /** Every loaded slot from `from` to `to` (company-zone days, included), in order. */
  slots(from: CalendarDate, to: CalendarDate): Date[] {
    const result: Date[] = [];
    for (const day of eachDay(from, to)) result.push(...(this._days.get(day)?.slots() ?? []));
    return result;
  }

  /**
   * The first free slot from the company-zone day `from` on that is not earlier
   * than `earliest` nor later than `before`, asked of `nextSlots`; `null` when
   * the service has none.
   */
  async nextFree(from: CalendarDate, earliest: number, before: number, signal?: AbortSignal): Promise<Date | null> {
    let startDate = from;
    // Slots sooner than `earliest` (minimum notice) can fill a whole answer: look a few pages further.
    for (let page = 0; page < 4; page++) {
      const query = { ...this.subject, startDate, number: 20 };
      const found = slotInstants(await this._api.getNextSlots(this._companyId, query, { signal }), this._companyTimeZone);
      const usable = found.find((slot) => slot.getTime() >= earliest);
      if (usable) return usable.getTime() < before ? usable : null;
      const last = found[found.length - 1];
      if (!last || found.length < 20) return null;
      startDate = addDays(instantToWallClock(last, this._companyTimeZone).date, 1);
    }
    return null;
  }

  /** Forgets the days, so that the next `ensure` asks the service again. */
  invalidate(from: CalendarDate, to: CalendarDate): void {
    // A request still on its way for these days was sent before the change: the next ensure asks again, and its answer wins.
    for (const day of eachDay(from, to)) {
      this._days.delete(day);
      this._pending.delete(day);
    }
  }

  /** Stops every request still running for this store. */
  dispose(): void {
    this._lifetime.abort();
  }

  private _isFresh(day: CalendarDate): boolean {
    const loaded = this._days.get(day);
    return Boolean(loaded && this._now() - loaded.loadedAt < FRESH_FOR_MS);
  }

  private _fetch(startDate: CalendarDate, endDate: CalendarDate): void {
    const query = { ...this.subject, startDate, endDate };
    this.adopt(startDate, endDate, this._api.getFreeSlots(this._companyId, query, { signal: this._lifetime.signal }));
  }

  /**
   * Counts a request already sent for these days (the one sent with the company,
   * before its zone was known) as loading them, so nobody asks for them again.
   */
  adopt(startDate: CalendarDate, endDate: CalendarDate, response: Promise<SlotsResponse>): void {
    const days = eachDay(startDate, endDate);
    const request: Promise<void> = response
      // Days dropped or asked again meanwhile keep what came after.
      .then((answer) =>
        this._take(
          days.filter((day) => this._pending.get(day) === request),
          answer,
        ),
      )
      .finally(() => {
        for (const day of days) if (this._pending.get(day) === request) this._pending.delete(day);
      });
    // Whoever awaits the days sees the failure; the store itself must not report it as unhandled.
    request.catch(() => {});
    for (const day of days) this._pending.set(day, request);
  }
}

/** Sorted days grouped into runs of consecutive days, each at most `maxLength` long. */
function contiguousRuns(days: readonly CalendarDate[], maxLength: number): [CalendarDate, CalendarDate][] {
  const runs: [CalendarDate, CalendarDate][] = [];
  for (const day of days) {
    const last = runs[runs.length - 1];
    if (last && daysBetween(last[1], day) === 1 && daysBetween(last[0], day) < maxLength) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * The answer's slot strings by the day they fall on in the company's zone, unread: a bare time on its
 * item's day, a full date-time on its own. `undefined` when an item gives another zone.
 */
function slotsByWallDay(response: SlotsResponse, companyTimeZone: string): Map<CalendarDate, string[]> | undefined {
  const days = new Map<CalendarDate, string[]>();
  for (const item of response.items) {
    if (item.timeZone && item.timeZone !== companyTimeZone) return undefined;
    for (const slot of item.slots ?? []) {
      const day = typeof slot === 'string' && slot[10] === 'T' ? slot.slice(0, 10) : item.day;
      let list = days.get(day);
      if (!list) days.set(day, (list = []));
      list.push(slot);
    }
  }
  return days;
}
