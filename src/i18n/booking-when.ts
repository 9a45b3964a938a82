/**
 * A booking's time as its summaries write it (the details step, the confirmation, manage mode):
 * `Tuesday, March 10, 2026 at 9:30 AM – 10:00 AM (Eastern Time)`. Each time stays on one line: Arabic writes an
 * ordinary space before its م, and a narrow summary broke `3:00` from it. With the booking code, not the bundle.
 */
import type { Localizer } from './localizer.js';

export function bookingWhen(localizer: Localizer, start: Date, timeZone: string, end?: Date): string {
  const whole = (time: string) => time.replace(/ /g, '\u00a0');
  const time = localizer.time(start, timeZone);
  const dateTime = localizer.dateTime(start, timeZone);
  // The date-time ends with the time as its button writes it (test/browser/i18n/formats.test.ts).
  const at = dateTime.lastIndexOf(time);
  const first = at < 0 ? dateTime : dateTime.slice(0, at) + whole(time) + dateTime.slice(at + time.length);
  const { aside, range } = localizer.messages;
  // A booking across the change of clocks (1:30 AM EDT – 1:00 AM EST) names each time's offset: it would read backwards.
  const offset = (at: Date) => localizer.zoneName(timeZone, at, 'short');
  const across = end && offset(start) !== offset(end);
  const from = across ? first.replace(whole(time), whole(`${time} ${offset(start)}`)) : first;
  const to = end && whole(across ? `${localizer.time(end, timeZone)} ${offset(end)}` : localizer.time(end, timeZone));
  return `${to ? range(from, to) : from}${aside(localizer.zoneName(timeZone, start))}`;
}
