/**
 * Held-out "todays" for `npm run test:dates` (scripts/test-dates.ts): instants drawn at random
 * near the dates that break date arithmetic (every daylight-saving change of the seed
 * companies' zones, and every month's and year's end in them) within three years of a fixed
 * start, each seen from a random host zone. Everything follows from the seed and the start, so
 * a run is replayed on any day by giving both again.
 */
import { seedState } from '../../packages/sandbox/src/seed/seed.js';
import { addMonths, startOfMonth } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, startOfDayInstant } from 'booking-widget-shared/zone';
import type { PinnedToday } from './test-clock.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far an instant is drawn from its event, either way: far enough to land on the day before or after in any zone. */
const SPREAD_MS = 36 * HOUR;

/**
 * Host zones beside the seed companies' own: behind and ahead of UTC, with and without
 * daylight saving, on half- and quarter-hour offsets, and at both ends of the date line.
 */
export const OTHER_HOST_ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
] as const;

/** The kinds of date that break date arithmetic; each is drawn as often as the others, though months end far more often than clocks change. */
export const EventKind = { DstChange: 'DST change', MonthEnd: 'month end', YearEnd: 'year end' } as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

export interface DateEvent {
  kind: EventKind;
  /** What happens then: "US/Eastern DST change", "Europe/Paris month end". */
  what: string;
  at: number;
}

export interface DrawnToday extends PinnedToday {
  /** The event the instant was drawn around. */
  near: DateEvent;
}

/** The zones the seed's companies are in, read from the seed itself. */
export function seedTimeZones(nowMs: number): string[] {
  return [...new Set([...seedState(nowMs).companies.values()].map((company) => company.record.timeZone))];
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes, read from Intl. */
export function offsetMinutes(timeZone: string, at: number): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The instants in [from, to) at which the zone's offset changes (to the minute). Offsets are
 * compared a day apart, then the change is found by halving: no zone changes twice in a day.
 */
export function offsetChanges(timeZone: string, from: number, to: number): number[] {
  const changes: number[] = [];
  for (let start = from; start < to; start += DAY) {
    const end = Math.min(start + DAY, to);
    if (offsetMinutes(timeZone, start) === offsetMinutes(timeZone, end)) continue;
    let [before, after] = [start, end];
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
      if (offsetMinutes(timeZone, middle) === offsetMinutes(timeZone, before)) before = middle;
      else after = middle;
    }
    if (after < to) changes.push(after);
  }
  return changes;
}

/** The instants months end in the zone (midnight starting each 1st), in [from, to), a year's end marked as such. */
export function monthEnds(timeZone: string, from: number, to: number): DateEvent[] {
  const ends: DateEvent[] = [];
  let month = startOfMonth(instantToWallClock(from, timeZone).date);
  for (let at = startOfDayInstant(month, timeZone).getTime(); at < to; at = startOfDayInstant(month, timeZone).getTime()) {
    if (at >= from)
      ends.push({
        kind: month.endsWith('-01-01') ? EventKind.YearEnd : EventKind.MonthEnd,
        what: `${timeZone} ${month.endsWith('-01-01') ? 'year' : 'month'} end`,
        at,
      });
    month = addMonths(month, 1);
  }
  return ends;
}

/** Every event the instants are drawn around, in time order. */
export function dateEvents(timeZones: readonly string[], from: number, to: number): DateEvent[] {
  const events = timeZones.flatMap((timeZone) => [
    ...offsetChanges(timeZone, from, to).map((at): DateEvent => ({ kind: EventKind.DstChange, what: `${timeZone} DST change`, at })),
    ...monthEnds(timeZone, from, to),
  ]);
  return events.sort((a, b) => a.at - b.at || a.what.localeCompare(b.what));
}

/** A small seeded generator (mulberry32): the same seed draws the same instants everywhere. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DrawOptions {
  seed: number;
  count: number;
  /** The start of the window; it ends three years later. */
  from: number;
}

/** The window's end: three calendar years after its start. */
export function windowEnd(from: number): number {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 3);
  return end.getTime();
}

/**
 * `count` instants, each within {@link SPREAD_MS} of an event of the window (a kind drawn
 * first, then one event of that kind) (on the half hour, on the event's other side where one side leaves the window), each with a host zone drawn from the seed
 * companies' zones and {@link OTHER_HOST_ZONES}.
 */
export function drawTodays({ seed, count, from }: DrawOptions): DrawnToday[] {
  const to = windowEnd(from);
  const seedZones = seedTimeZones(from);
  const events = dateEvents(seedZones, from, to);
  const hostZones = [...new Set([...seedZones, ...OTHER_HOST_ZONES])];
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const kind = pick(Object.values(EventKind));
    const near = pick(events.filter((event) => event.kind === kind));
    const offset = Math.round(((next() * 2 - 1) * SPREAD_MS) / (30 * MINUTE)) * 30 * MINUTE;
    // Near either end of the window, the other side of the event (clamping would pile instants on the ends).
    const at = near.at + offset >= from && near.at + offset < to ? near.at + offset : near.at - offset;
    const now = new Date(at).toISOString();
    return { name: `#${index + 1} near ${near.what}`, now, hostTimeZone: pick(hostZones), near };
  });
}
