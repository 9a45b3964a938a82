/**
 * A booking's time as its summaries write it (the details step, the confirmation, manage mode):
 * `Tuesday, March 10, 2026 at 9:30 AM – 10:00 AM (Eastern Time)`. Each time stays on one line: Arabic writes an
 * ordinary space before its م, and a narrow summary broke `3:00` from it. With the booking code, not the bundle.
 */
import { isRepeatedReading } from './repeated-reading.js';
import type { Localizer } from './localizer.js';

export function bookingWhen(localizer: Localizer, start: Date, timeZone: string, end?: Date): string {
  const whole = (time: string) => time.replace(/ /g, '\u00a0');
  // A booking across the change of clocks (1:30 AM EDT – 1:00 AM EST) names each time's offset: it would read backwards;
  // so does one in the hour the change repeats, which would read the same for two instants.
  const offset = (at: Date) => localizer.zoneName(timeZone, at, 'short');
  const marked =
    isRepeatedReading(start.getTime(), timeZone) ||
    (!!end && (offset(start) !== offset(end) || isRepeatedReading(end.getTime(), timeZone)));
  const clock = (at: Date) => whole(marked ? `${localizer.time(at, timeZone)} ${offset(at)}` : localizer.time(at, timeZone));
  const time = localizer.time(start, timeZone);
  const dateTime = localizer.dateTime(start, timeZone);
  // The date-time ends with the time as its button writes it (test/browser/i18n/formats.test.ts).
  const at = dateTime.lastIndexOf(time);
  const first = at < 0 ? dateTime : dateTime.slice(0, at) + clock(start) + dateTime.slice(at + time.length);
  const { aside, range } = localizer.messages;
  return `${end ? range(first, clock(end)) : first}${aside(localizer.zoneName(timeZone, start))}`;
}
