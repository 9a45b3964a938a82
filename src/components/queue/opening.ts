/**
 * When a closed walk-in line opens, as its notice says it: "today at 1:30 PM" or "tomorrow at 9:00 AM"
 * by the company's calendar (the line is a place: its days are the company's, as the time shown is),
 * else the whole date and time.
 */
import { addDays } from 'booking-widget-shared/calendar-date';
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { QueueMessages } from '../../i18n/catalogs/queue/en.js';
import type { Localizer } from '../../i18n/localizer.js';

export function openingWords(
  opensAt: number,
  now: number,
  zone: string,
  messages: Pick<QueueMessages, 'opensAt' | 'opensToday' | 'opensTomorrow'>,
  localizer: Pick<Localizer, 'time' | 'dateTime'>,
): string {
  const opens = new Date(opensAt);
  const today = instantToWallClock(now, zone).date;
  const day = instantToWallClock(opensAt, zone).date;
  if (day === today) return messages.opensToday(localizer.time(opens, zone));
  if (day === addDays(today, 1)) return messages.opensTomorrow(localizer.time(opens, zone));
  return messages.opensAt(localizer.dateTime(opens, zone));
}
