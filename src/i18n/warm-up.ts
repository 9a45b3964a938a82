/**
 * Builds the formatters the first screen will use while the widget waits for the
 * service's first answer. A formatter's first construction loads its locale's data
 * (the day and month names, the zone names, the digits), which takes milliseconds:
 * spent during the wait, they are not spent in the task that paints the first times.
 */
import { localTimeZone } from 'booking-widget-shared/zone';
import type { Localizer } from './localizer.js';

export function warmUp(localizer: Localizer, now: number): void {
  const here = localTimeZone();
  const instant = new Date(now);
  localizer.number(1);
  localizer.weekdays();
  localizer.month('2026-01-01');
  localizer.day('2026-01-01');
  localizer.time(instant, here);
  localizer.zoneName(here, instant);
}
