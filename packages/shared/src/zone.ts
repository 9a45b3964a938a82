/**
 * Conversions between instants and wall-clock times in IANA zones, using only
 * `Intl.DateTimeFormat` and `Date.UTC`, so the result never depends on the
 * host's own zone. docs/time-zones.md tells why this replaces date-fns-tz: both
 * of its conversions gave host-dependent answers at daylight-saving changes.
 */
import type { CalendarDate } from './calendar-date.js';

/** A wall-clock reading: the day and `HH:mm:ss` in some zone. */
export interface WallClock {
  date: CalendarDate;
  time: string;
}

export class UnknownTimeZoneError extends RangeError {
  constructor(readonly timeZone: string) {
    super(`Unknown time zone "${timeZone}": expected an IANA name such as "Europe/Paris" or "US/Eastern".`);
    this.name = 'UnknownTimeZoneError';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new UnknownTimeZoneError(timeZone);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (legacy links such as `US/Eastern` included). */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Returns the zone unchanged, or throws an {@link UnknownTimeZoneError} that names it. */
export function assertTimeZone(timeZone: string): string {
  wallClockFormatter(timeZone);
  return timeZone;
}

let hostZone: string | undefined;

/** The host's zone: the visitor's, in a browser. Read once: asking Intl costs ~70 µs, and renders ask often. */
export function localTimeZone(): string {
  return (hostZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const DAY_MS = 86_400_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The reading, asked of Intl: exact, and about a hundred times slower than arithmetic. */
function formattedWallClock(instant: Date | number, timeZone: string): WallClock {
  const fields: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) fields[part.type] = part.value;
  return {
    date: `${fields.year}-${fields.month}-${fields.day}`,
    time: `${fields.hour}:${fields.minute}:${fields.second}`,
  };
}

/** Milliseconds the zone's clock is ahead of UTC at `instant` (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = formattedWallClock(instant, timeZone);
  return utcFieldsOf(wall.date, wall.time) - Math.floor(instant / 1000) * 1000;
}

/**
 * Per zone, its offset at each UTC midnight asked about (by day number since the epoch). Offset
 * changes are months apart, so a UTC day whose two midnights agree has one offset throughout; and
 * the days read one after another share their midnights, so a month of days costs about one
 * reading of Intl per day, whether its slots are read (`wallClockConverter`) or shown (`instantToWallClock`).
 */
const midnightOffsets = new Map<string, Map<number, number>>();

function offsetAtMidnight(day: number, timeZone: string): number {
  let offsets = midnightOffsets.get(timeZone);
  if (!offsets) midnightOffsets.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(day);
  if (offset === undefined) offsets.set(day, (offset = offsetAt(day * DAY_MS, timeZone)));
  return offset;
}

/**
 * The instant whose UTC reading is the zone's wall clock at `instant` (to the second, as Intl
 * reads it): formatted in UTC, it shows the zone's date and time. One UTC formatter thus serves
 * every zone, where Intl builds and loads one per zone.
 */
export function wallClockAsUtc(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const day = Math.floor(ms / DAY_MS);
  const start = offsetAtMidnight(day, timeZone);
  // A change within the day (or at its end): the reading is asked of Intl.
  return Math.floor(ms / 1000) * 1000 + (start === offsetAtMidnight(day + 1, timeZone) ? start : offsetAt(ms, timeZone));
}

export function instantToWallClock(instant: Date | number, timeZone: string): WallClock {
  const wall = new Date(wallClockAsUtc(instant, timeZone));
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`,
  };
}

/** The wall reading's fields taken as if they were UTC. */
function utcFieldsOf(date: CalendarDate, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The hours, minutes and seconds (if given) of `HH:mm` or `HH:mm:ss`; anything else is refused. */
function timeFields(time: string): RegExpExecArray {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day (HH:mm or HH:mm:ss): "${time}"`);
  return match;
}

/** `HH:mm` or `HH:mm:ss` → `HH:mm:ss`; anything else is refused. */
export function normalizeTime(time: string): string {
  const match = timeFields(time);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

/**
 * The instant a wall clock shows `time` on `date` in `timeZone`, or `null` when
 * that reading never happens there (the hour skipped by a daylight-saving change).
 * A reading that happens twice (the repeated hour) gives the first instant.
 */
export function wallClockToInstant(date: CalendarDate, time: string, timeZone: string): Date | null {
  const [first] = wallClockInstants(date, time, timeZone);
  return first === undefined ? null : new Date(first);
}

/**
 * Every instant (epoch ms, earliest first) at which the wall clock of `timeZone` reads `date` `time`: one on most
 * days, none in the hour skipped when clocks go forward, two in the hour repeated when they go back.
 */
export function wallClockInstants(date: CalendarDate, time: string, timeZone: string): number[] {
  const normalized = normalizeTime(time);
  const asUtc = utcFieldsOf(date, normalized);
  // Offset changes are months apart, so the offsets a day before and a day after
  // are the only ones this reading can have been taken under.
  const DAY = 86_400_000;
  const candidates = [offsetAt(asUtc - DAY, timeZone), offsetAt(asUtc + DAY, timeZone)]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const back = instantToWallClock(instant, timeZone);
      return back.date === date && back.time === normalized;
    });
  return [...new Set(candidates)].sort((a, b) => a - b);
}

/**
 * {@link wallClockToInstant} for many times of one day, at a fraction of the cost:
 * on a day without an offset change (nearly every day) a reading is plain
 * arithmetic; on the few days with one, each reading is resolved in full.
 * Same answers, including `null` for a skipped reading and the first instant of a repeated one.
 */
export function wallClockConverter(date: CalendarDate, timeZone: string): (time: string) => Date | null {
  const midnight = utcFieldsOf(date, '00:00:00');
  // The day's readings lie within 14 h of their UTC fields, so when the offset a day
  // before equals the offset two days after, no change happens among them.
  const day = midnight / DAY_MS;
  const offset = offsetAtMidnight(day - 1, timeZone);
  if (offset !== offsetAtMidnight(day + 2, timeZone)) return (time) => wallClockToInstant(date, time, timeZone);
  // Every slot of an answer comes through here: its reading is counted from the day's midnight, without strings.
  return (time) => {
    const [, hours, minutes, seconds] = timeFields(time);
    return new Date(midnight - offset + ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds ?? 0)) * 1000);
  };
}

/** `yyyy-MM-ddTHH:mm:ss`, the wire form of a wall-clock reading (service contract §3). */
export function formatWallClock(wallClock: WallClock): string {
  return `${wallClock.date}T${wallClock.time}`;
}

/**
 * The first instant of `date` in `timeZone`: midnight, or the first wall time
 * that exists when a daylight-saving change skips midnight (as some zones do).
 */
export function startOfDayInstant(date: CalendarDate, timeZone: string): Date {
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const instant = wallClockToInstant(date, time, timeZone);
    if (instant) return instant;
  }
  throw new RangeError(`${date} has no wall-clock time in ${timeZone}.`);
}
