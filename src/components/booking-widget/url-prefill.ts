/**
 * `prefill-from-url` (docs/widget.md, "Prefilled links"): the page's `bw_*` parameters read once, a
 * location chosen and the details form prefilled from them. A chunk of its own, fetched only by a widget
 * with the attribute (measure-properties.ts); the preselections are the CatalogController's.
 */
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import { locationIds } from '../../booking/location-ids.js';
import type { BookingPrefill } from '../../booking/visitor-details.js';
import { warnParam } from './warn-param.js';

interface PrefilledHost {
  companyId: string;
  prefill: BookingPrefill | undefined;
}

/** The page's parameters; the location and the details they name are given to `element` at once. */
export function readUrlPrefill(element: object): Partial<Record<string, string>> {
  const url: Partial<Record<string, string>> = Object.fromEntries(new URLSearchParams(globalThis.location.search));
  const host = element as PrefilledHost;
  const { bw_location: place, bw_first_name: firstName, bw_last_name: lastName, bw_email: email, bw_phone: phone } = url;
  if (place && locationIds(host.companyId).includes(place)) host.companyId = place;
  else if (place) warnParam('bw_location', place);
  if (url.bw_date && !isCalendarDate(url.bw_date)) warnParam('bw_date', url.bw_date);
  // The page's own prefill wins: the link fills only what it leaves empty.
  host.prefill = { firstName, lastName, email, phone, ...host.prefill };
  return url;
}
