/** Which zone the times are shown in, and how far ahead they can be booked: from the page, the visitor and the company. */
import { type CalendarDate, addDays } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, isTimeZone } from 'booking-widget-shared/zone';
import type { Catalog } from './catalog.js';

/**
 * The zone to show times in: `choice` is the visitor's switch, else the page's
 * `display-time-zone` (`company`, `local` or a zone name); anything else is the company's.
 */
export function displayZoneOf(choice: string | undefined, companyZone: string, visitorZone: string): string {
  if (!choice || choice === 'company') return companyZone;
  if (choice === 'local') return visitorZone;
  return isTimeZone(choice) ? choice : companyZone;
}

/** The last bookable company-zone day (`maxDaysAhead` counted from today), or none. */
export function lastBookableDay(catalog: Catalog, now: number): CalendarDate | undefined {
  const { maxDaysAhead } = catalog.settings;
  return maxDaysAhead === undefined ? undefined : addDays(instantToWallClock(now, catalog.company.timeZone).date, maxDaysAhead);
}
