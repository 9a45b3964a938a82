/**
 * Whether a company is open at an instant, and when it opens next, from its working
 * hours and vacations in its own zone. A walk-in queue is open during those hours
 * (service contract §16): the sandbox decides with this, and the widget says with it
 * when a closed line opens, so the two never disagree.
 */
import { addDays, weekDayIndex } from './calendar-date.js';
import { WEEK_DAYS, type Vacation, type WorkingHoursDay } from './types.js';
import { instantToWallClock, startOfDayInstant, wallClockToInstant } from './zone.js';

export interface OpeningHours {
  timeZone: string;
  workingHours?: WorkingHoursDay[] | undefined;
  vacations?: Vacation[] | undefined;
}

/** How far ahead an opening is looked for: beyond this a line is simply "closed". */
const SEARCH_DAYS = 14;

/** The instant a wall-clock reading stands for; a reading skipped by a daylight-saving change, the first one after it. */
function instantAt(day: string, time: string, timeZone: string): number {
  // The day's end is the next day's first instant: 01:00 where clocks skip midnight (Santiago, Havana, Beirut).
  if (time === '24:00') return startOfDayInstant(addDays(day, 1), timeZone).getTime();
  for (let minutes = 0; minutes <= 180; minutes += 30) {
    const [hours, mins] = time.split(':').map(Number) as [number, number];
    const total = hours * 60 + mins + minutes;
    const reading = `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
    const instant = wallClockToInstant(day, reading, timeZone);
    if (instant) return instant.getTime();
  }
  return Number.NaN;
}

const onVacation = (vacations: Vacation[] | undefined, day: string): boolean =>
  (vacations ?? []).some(({ startDate, endDate }) => startDate <= day.replaceAll('-', '/') && day.replaceAll('-', '/') <= endDate);

/** The opening periods of the days from `nowMs`'s day on, as instants `[start, end)`. */
function* periodsFrom({ timeZone, workingHours, vacations }: OpeningHours, nowMs: number): Generator<[number, number]> {
  const today = instantToWallClock(nowMs, timeZone).date;
  for (let offset = 0; offset <= SEARCH_DAYS; offset++) {
    const day = addDays(today, offset);
    if (onVacation(vacations, day)) continue;
    const weekDay = WEEK_DAYS[weekDayIndex(day)];
    // No working hours at all: the contract leaves the day unrestricted.
    const periods = workingHours
      ? workingHours.filter((entry) => entry.day === weekDay).flatMap((entry) => entry.hours)
      : [{ start: '00:00', end: '24:00' }];
    const instants = periods.map(({ start, end }): [number, number] => [instantAt(day, start, timeZone), instantAt(day, end, timeZone)]);
    yield* instants.sort((a, b) => a[0] - b[0]);
  }
}

/** Open at `nowMs`, or the instant it next opens (`undefined` when not within two weeks). */
export function openingAt(hours: OpeningHours, nowMs: number): { open: true } | { open: false; opensAt: number | undefined } {
  for (const [start, end] of periodsFrom(hours, nowMs)) {
    if (start <= nowMs && nowMs < end) return { open: true };
    if (start > nowMs) return { open: false, opensAt: start };
  }
  return { open: false, opensAt: undefined };
}
