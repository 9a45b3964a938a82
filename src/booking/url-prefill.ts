/**
 * A link that arrives prefilled (`prefill-from-url`, off by default: personal data in a
 * URL ends up in server logs and analytics): the documented `bw_*` page parameters,
 * read once when the widget starts. What the catalog does not hold is dropped by the
 * preselection check (preselection.ts), which names the parameter.
 */
import { type CalendarDate, isCalendarDate } from 'booking-widget-shared/calendar-date';
import type { Preselected } from './preselection.js';
import type { BookingPrefill } from './visitor-details.js';

/** Each preselection's page parameter, for the merchant's console when one is dropped. */
export const URL_PARAMS = { serviceId: 'bw_service', staffId: 'bw_staff', resourceId: 'bw_resource' } as const;

export interface UrlPrefill {
  preselected: Preselected;
  /** One of the widget's locations (`company-id` naming several). */
  location?: string | undefined;
  /** The day the time step opens on, when the flow reaches it. */
  day?: CalendarDate | undefined;
  details: BookingPrefill;
  /** A parameter that cannot be used as it is, for the console. */
  problems: string[];
}

export function readUrlPrefill(search: string): UrlPrefill {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() || undefined;
  const date = get('bw_date');
  const details: BookingPrefill = {};
  for (const [field, name] of [
    ['firstName', 'bw_first_name'],
    ['lastName', 'bw_last_name'],
    ['email', 'bw_email'],
    ['phone', 'bw_phone'],
  ] as const) {
    const value = get(name);
    if (value) details[field] = value;
  }
  return {
    preselected: { serviceId: get(URL_PARAMS.serviceId), staffId: get(URL_PARAMS.staffId), resourceId: get(URL_PARAMS.resourceId) },
    location: get('bw_location'),
    day: isCalendarDate(date) ? date : undefined,
    details,
    problems:
      date && !isCalendarDate(date) ? [`bw_date "${date}" is not a date (yyyy-MM-dd); the time step opens on the first free day.`] : [],
  };
}
