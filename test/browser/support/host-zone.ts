/**
 * Moving the host's zone (the visitor's, to the widget) from a test. A run may put the host in
 * any zone, a seed company's included, so a test that needs the visitor somewhere else than the
 * company says so here rather than hoping the run's zone differs.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import { TEST_NOW } from './now.js';

/** Never on the same clock as any zone a company of the seed uses (+05:45, no daylight saving). */
const APART = 'Asia/Kathmandu';

const canonical = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;

/**
 * Puts the host in a zone whose clock differs from `companyTimeZone`'s at `at` (the run's own
 * zone when it already does). Call it before the first widget of the file renders: the widget
 * reads the host's zone once per page.
 */
export async function hostZoneApartFrom(companyTimeZone: string, at: string = TEST_NOW): Promise<string> {
  const clock = (timeZone: string) => instantToWallClock(Date.parse(at), timeZone).time;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return setHostTimeZone(clock(own) === clock(companyTimeZone) ? APART : own);
}

/** Puts the host in `timeZone`. Call it before the first widget of the file renders: the widget reads the host's zone once per page. */
export async function setHostTimeZone(timeZone: string): Promise<string> {
  await executeServerCommand('host-time-zone', { timeZone });
  if (canonical(localTimeZone()) !== canonical(timeZone)) {
    throw new Error(`The widget already read the host's zone (${localTimeZone()}) before it moved to ${timeZone}.`);
  }
  return timeZone;
}
