import { addDays, isCalendarDate } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, isTimeZone, normalizeTime, wallClockToInstant, type WallClock } from 'booking-widget-shared/zone';
import type { DateTimeInZone } from 'booking-widget-shared/types';
import type { BookingLimits } from './booking-settings.js';
import { invalidParameter, Refusal, RefusalReason } from '../http/refusal.js';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const invalid = (field: string, message: string): Refusal => invalidParameter(RefusalReason.invalidBody, field, message);

/** A time as the body gives it (wall clock and zone) and as the instant it names. */
interface ReadTime extends WallClock {
  ms: number;
  timeZone: string;
}

/** `{ dateTime: "yyyy-MM-ddTHH:mm[:ss]", timeZone? }` (service contract §3), the zone defaulting to the company's. */
function readTime(value: Partial<DateTimeInZone> | undefined, key: 'start' | 'end', companyZone: string): ReadTime {
  const timeZone = value?.timeZone ?? companyZone;
  if (!isTimeZone(timeZone)) throw invalid(`${key}.timeZone`, `${key}.timeZone must be an IANA time zone name.`);
  const match = DATE_TIME.exec(value?.dateTime ?? '');
  if (!match || !isCalendarDate(match[1]) || !TIME.test(match[2]!)) {
    throw invalid(`${key}.dateTime`, `${key}.dateTime must be a date and time written yyyy-MM-ddTHH:mm:ss.`);
  }
  const date = match[1]!;
  const time = normalizeTime(match[2]!);
  const instant = wallClockToInstant(date, time, timeZone);
  if (!instant) throw invalid(`${key}.dateTime`, `${key}.dateTime does not exist in its time zone (a daylight-saving change skips it).`);
  return { ms: instant.getTime(), timeZone, date, time };
}

/**
 * Checks the appointment's times as the widget would have chosen them: `end` is
 * `start` + `lengthMinutes` (duration × iterationCount, service contract §7 and §13), and
 * `start` lies within the merchant's booking window (§10).
 *
 * Too soon (or past) answers 409 `DATE_NOT_AVAILABLE`, as the service answers a
 * time within its own notice: a visitor who chose a slot and then took their time
 * can drift into that case honestly, and the widget then offers the day's
 * remaining times. Beyond `maxDaysAhead` no honest widget can get: 400.
 */
export function checkAppointmentTimes(
  start: Partial<DateTimeInZone> | undefined,
  end: Partial<DateTimeInZone> | undefined,
  companyZone: string,
  lengthMinutes: number,
  limits: BookingLimits,
  nowMs: number,
): void {
  const from = readTime(start, 'start', companyZone);
  const to = readTime(end, 'end', companyZone);
  // Compared as wall clocks in the end's zone, as the service does: in a repeated hour the
  // same reading names two instants, and only the wall clock says which was meant.
  const expected = instantToWallClock(from.ms + lengthMinutes * 60_000, to.timeZone);
  if (expected.date !== to.date || expected.time !== to.time) {
    throw invalid('end.dateTime', 'end must be start plus the duration times iterationCount.');
  }
  if (from.ms < nowMs + limits.minNoticeMinutes * 60_000) {
    throw new Refusal(
      409,
      'DATE_NOT_AVAILABLE',
      'That time can no longer be booked online.',
      RefusalReason.outsideBookingWindow,
      'start.dateTime',
    );
  }
  if (limits.maxDaysAhead !== undefined) {
    const lastDay = addDays(instantToWallClock(nowMs, companyZone).date, limits.maxDaysAhead);
    if (instantToWallClock(from.ms, companyZone).date > lastDay) {
      throw new Refusal(
        400,
        'INVALID_PARAMETER',
        'That day is further ahead than this company takes bookings online.',
        RefusalReason.outsideBookingWindow,
        'start.dateTime',
      );
    }
  }
}
