/**
 * Builds the formatters the first screen will use while the widget waits for the
 * service's first answer (from the steps' chunk, which comes during that wait). A formatter's first construction loads its locale's data
 * (the day and month names, the zone names, the digits), which takes milliseconds:
 * spent during the wait, they are not spent in the task that paints the first times.
 * Each is built in a task of its own, so that on a slow phone the warm-up is no long
 * task either (issue 28). Intl's very first use, which loads its data and is one long
 * task on a slow phone, comes earlier: the catalog's controller asks for it as soon as
 * the first requests are out, as the steps' chunk can arrive after their answers.
 */
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import type { Localizer } from './localizer.js';

/** `first`: other warm-ups to run before the formatters, each in a task of its own too. */
export function warmUp(localizer: Localizer, now: number, first: (() => void)[] = []): void {
  const instant = new Date(now);
  const steps = [
    ...first,
    // The zone arithmetic's own formatter (zone.ts), which reads every slot's day: its first construction
    // loads the data, and one for the company's zone, once known, costs a fraction of it.
    () => instantToWallClock(now, localTimeZone()),
    () => localizer.number(1),
    // A first price loads the currency data every currency shares, whichever the company's is.
    () => localizer.price(1, 'USD'),
    () => localizer.weekdays(),
    () => localizer.month('2026-01-01'),
    () => localizer.day('2026-01-01'),
    // Every zone's times share this one formatter (localizer.ts).
    () => localizer.time(instant, localTimeZone()),
    () => localizer.zoneName(localTimeZone(), instant),
  ];
  // From the task after the one that asked: the requests go out first, and not when idle, as a slow
  // phone has no idle moment before the answer.
  const next = () => {
    steps.shift()!();
    if (steps.length) setTimeout(next);
  };
  setTimeout(next);
}
