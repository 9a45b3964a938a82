/**
 * Wire date-times (contract §3: `{ dateTime: 'yyyy-MM-ddTHH:mm:ss', timeZone? }`) as instants.
 * Tolerant, since it reads what a service sent: a date-time in a zone it names, else in the
 * company's; anything that is not one is `undefined`, never a wrong instant.
 */
import { isCalendarDate } from './time/calendar-date.js';
import { isTimeZone, wallClockToInstant } from './time/zone.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Epoch ms of a wire date-time, read in its own zone or else `fallbackZone`; `undefined` when it is not one. */
export function instantOf(value: unknown, fallbackZone: string): number | undefined {
  if (!isRecord(value) || typeof value.dateTime !== 'string') return undefined;
  const zone = typeof value.timeZone === 'string' && isTimeZone(value.timeZone) ? value.timeZone : fallbackZone;
  const [date, time] = value.dateTime.split('T');
  if (!isCalendarDate(date) || time === undefined) return undefined;
  try {
    return wallClockToInstant(date, time.slice(0, 8), zone)?.getTime();
  } catch {
    return undefined;
  }
}
