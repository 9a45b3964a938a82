/**
 * Calendar days as plain `yyyy-MM-dd` strings, free of any time zone.
 *
 * Arithmetic runs on UTC midnights, so the host's zone and its daylight-saving
 * changes can never shift a day (the approach Cally takes for its calendar).
 * Strings of this form also sort chronologically, so `<` and `>` compare them.
 */

/** `yyyy-MM-dd`. */
export type CalendarDate = string;

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function toUtcMidnight(date: CalendarDate): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date (yyyy-MM-dd): "${date}"`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtcMidnight(time: number): CalendarDate {
  const d = new Date(time);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** True when `value` is a real day written `yyyy-MM-dd` (`2026-02-30` is not). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string' || !CALENDAR_DATE.test(value)) return false;
  return fromUtcMidnight(toUtcMidnight(value)) === value;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

/** Moves by whole months, keeping the day where the target month has it and clamping otherwise. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const d = new Date(toUtcMidnight(date));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtcMidnight(target.getTime());
}

export function startOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: CalendarDate): CalendarDate {
  return addDays(addMonths(startOfMonth(date), 1), -1);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS);
}

/** 0 for Sunday … 6 for Saturday, as `Date#getDay`. */
export function weekDayIndex(date: CalendarDate): number {
  return new Date(toUtcMidnight(date)).getUTCDay();
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The UTC midnight of the day, for `Intl` formatting with `timeZone: 'UTC'`. */
export function calendarDateToUtcDate(date: CalendarDate): Date {
  return new Date(toUtcMidnight(date));
}
