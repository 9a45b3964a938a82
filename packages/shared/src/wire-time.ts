import { isCalendarDate } from './calendar-date.js';
import { isTimeZone, wallClockInstants } from './zone.js';
import { isRecord } from './is-record.js';

/**
 * Epoch ms of a wire date-time (service contract §3), or `undefined` when it is not one. A reading in the hour repeated
 * when clocks go back is its first instant; with `after` (an appointment's start, for its end), the one `length` ms
 * after it when the booking's length is known, else the first one later than it. A 60-minute booking from 01:30 EDT
 * ends at 01:30 EST, which reads as its start does; a 120-minute one from 00:30 EDT, at 01:30 EST too, which only its
 * length tells from 01:30 EDT.
 */
export function instantOf(value: unknown, companyZone: string, after?: number, length?: number): number | undefined {
  if (!isRecord(value) || typeof value.dateTime !== 'string') return undefined;
  const zone = typeof value.timeZone === 'string' && isTimeZone(value.timeZone) ? value.timeZone : companyZone;
  const [date, time] = value.dateTime.split('T');
  if (!isCalendarDate(date) || time === undefined) return undefined;
  try {
    const instants = wallClockInstants(date, time.slice(0, 8), zone);
    if (after === undefined) return instants[0];
    return instants.find((instant) => instant - after === length) ?? instants.find((instant) => instant > after) ?? instants[0];
  } catch {
    return undefined;
  }
}
