import { isCalendarDate } from './calendar-date.js';
import { isTimeZone, wallClockToInstant } from './zone.js';
import { isRecord } from './is-record.js';

/** Epoch ms of a wire date-time (service contract §3), or `undefined` when it is not one. */
export function instantOf(value: unknown, companyZone: string): number | undefined {
  if (!isRecord(value) || typeof value.dateTime !== 'string') return undefined;
  const zone = typeof value.timeZone === 'string' && isTimeZone(value.timeZone) ? value.timeZone : companyZone;
  const [date, time] = value.dateTime.split('T');
  if (!isCalendarDate(date) || time === undefined) return undefined;
  try {
    return wallClockToInstant(date, time.slice(0, 8), zone)?.getTime();
  } catch {
    return undefined;
  }
}
