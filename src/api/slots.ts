/**
 * Free slots between the wire and the screen. The service answers wall-clock
 * strings in the company's zone; the flow works with instants; the visitor sees
 * days in a display zone (the company's or their own), whose days can start and
 * end hours away from the company's.
 */
import { type CalendarDate, addDays } from 'booking-widget-shared/calendar-date';
import {
  assertTimeZone,
  formatWallClock,
  instantToWallClock,
  startOfDayInstant,
  UnknownTimeZoneError,
  wallClockConverter,
} from 'booking-widget-shared/zone';
import type { DateTimeInZone, SlotsResponse } from 'booking-widget-shared/types';

const FULL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/;

/**
 * Every free slot of an answer as an instant, sorted and without repeats. Slots
 * may be full `yyyy-MM-ddTHH:mm[:ss]` strings or bare `HH:mm[:ss]` times on the
 * item's day (service contract §5); each item's `timeZone` wins over `companyTimeZone`.
 * A wall time the zone skips, or a malformed entry, is left out, never guessed.
 */
export function slotInstants(response: SlotsResponse, companyTimeZone: string): Date[] {
  // One converter per day and zone: the zone's offsets are looked up once per day, not per slot
  // (a 62-day answer took 50 ms of the main thread that way, 5 ms this way).
  const converters = new Map<string, (time: string) => Date | null>();
  const toInstant = (date: CalendarDate, time: string, timeZone: string) => {
    const key = `${date} ${timeZone}`;
    let convert = converters.get(key);
    if (!convert) converters.set(key, (convert = wallClockConverter(date, timeZone)));
    return convert(time);
  };
  const seen = new Map<number, Date>();
  for (const item of response.items) {
    const zone = assertTimeZone(item.timeZone || companyTimeZone);
    for (const slot of item.slots ?? []) {
      const instant = parseSlot(slot, item.day, zone, toInstant);
      if (instant) seen.set(instant.getTime(), instant);
    }
  }
  return [...seen.values()].sort((a, b) => a.getTime() - b.getTime());
}

type ToInstant = (date: CalendarDate, time: string, timeZone: string) => Date | null;

/** A malformed entry is skipped, never guessed; an unknown zone has been refused already. */
function parseSlot(slot: string, day: string, timeZone: string, toInstant: ToInstant): Date | null {
  if (typeof slot !== 'string') return null;
  const full = FULL_DATE_TIME.exec(slot);
  try {
    // The converter reads `HH:mm` and `HH:mm:ss` alike, and refuses anything else.
    return full ? toInstant(full[1]!, full[2]!, timeZone) : toInstant(day, slot, timeZone);
  } catch (error) {
    if (error instanceof UnknownTimeZoneError) throw error;
    return null;
  }
}

/**
 * Instants grouped by their calendar day in `displayTimeZone`, each day's list in
 * order. The zone is consulted once per day boundary crossed, not per instant.
 */
export function groupByDay(instants: readonly Date[], displayTimeZone: string): Map<CalendarDate, Date[]> {
  const days = new Map<CalendarDate, Date[]>();
  let day: Date[] = [];
  let nextDayStarts = -Infinity;
  for (const instant of [...instants].sort((a, b) => a.getTime() - b.getTime())) {
    if (instant.getTime() >= nextDayStarts) {
      const date = instantToWallClock(instant, displayTimeZone).date;
      nextDayStarts = startOfDayInstant(addDays(date, 1), displayTimeZone).getTime();
      day = days.get(date) ?? [];
      days.set(date, day);
    }
    day.push(instant);
  }
  return days;
}

/**
 * The company-zone days to ask the service for, so that the answer covers every
 * instant of the display-zone days `from` to `to` (both included). Seen from
 * Los Angeles, an Auckland company's Tuesday morning is still Monday: a display
 * day can span two company days.
 */
export function companyDatesCovering(
  from: CalendarDate,
  to: CalendarDate,
  displayTimeZone: string,
  companyTimeZone: string,
): { startDate: CalendarDate; endDate: CalendarDate } {
  const first = startOfDayInstant(from, displayTimeZone);
  const last = new Date(startOfDayInstant(addDays(to, 1), displayTimeZone).getTime() - 1);
  return {
    startDate: instantToWallClock(first, companyTimeZone).date,
    endDate: instantToWallClock(last, companyTimeZone).date,
  };
}

/** The wire form of an instant in a zone (service contract §3). */
export function toDateTimeInZone(instant: Date, timeZone: string): DateTimeInZone {
  return { dateTime: formatWallClock(instantToWallClock(instant, assertTimeZone(timeZone))), timeZone };
}

/**
 * Start and end of an appointment as the service expects them: wall clock in the
 * company's zone, `end` = start + duration × iterationCount of elapsed time
 * (service contract §7), so a booking across a daylight-saving change lasts what it says.
 */
export function appointmentTimes(
  start: Date,
  durationMinutes: number,
  companyTimeZone: string,
  iterationCount = 1,
): { start: DateTimeInZone; end: DateTimeInZone } {
  const end = new Date(start.getTime() + durationMinutes * iterationCount * 60_000);
  return { start: toDateTimeInZone(start, companyTimeZone), end: toDateTimeInZone(end, companyTimeZone) };
}
