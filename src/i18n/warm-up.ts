/**
 * Builds the formatters the first screen will use while the widget waits for the
 * service's first answer. A formatter's first construction loads its locale's data
 * (the day and month names, the zone names, the digits), which takes milliseconds:
 * spent during the wait, they are not spent in the task that paints the first times.
 */
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import type { Localizer } from './localizer.js';

export function warmUp(localizer: Localizer, now: number): void {
  const here = localTimeZone();
  const instant = new Date(now);
  // The zone arithmetic's own formatter (zone.ts), which reads every slot's day: its first construction
  // loads the data, and one for the company's zone, once known, costs a fraction of it.
  instantToWallClock(now, here);
  localizer.number(1);
  // A first price loads the currency data every currency shares, whichever the company's is.
  localizer.price(1, 'USD');
  // The times' parts of the day (morning, afternoon) are read by hour.
  localizer.hour(instant, here);
  localizer.weekdays();
  localizer.month('2026-01-01');
  localizer.day('2026-01-01');
  localizer.time(instant, here);
  localizer.zoneName(here, instant);
}
