/**
 * `prefill-from-url` (docs/widget.md, "Prefilled links"): the page's `bw_*` parameters read once, and the
 * details form prefilled from them. A chunk of its own, fetched only by a widget with the attribute
 * (measure-properties.ts); the preselections are the CatalogController's, the location the LocationController's
 * (as a manage link's: opened at once, and the visitor may still choose another).
 */
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import { locationIds } from '../../booking/location-ids.js';
import type { BookingPrefill } from '../../booking/visitor-details.js';
import { warnParam } from './warn-param.js';

interface PrefilledHost {
  companyId: string;
  prefill: BookingPrefill | undefined;
}

/** The page's parameters; the details they name are given to `element` at once. */
export function readUrlPrefill(element: object): Partial<Record<string, string>> {
  const url: Partial<Record<string, string>> = Object.fromEntries(new URLSearchParams(globalThis.location.search));
  const host = element as PrefilledHost;
  const { bw_location: place, bw_first_name: firstName, bw_last_name: lastName, bw_email: email, bw_phone: phone } = url;
  if (place && !locationIds(host.companyId).includes(place)) warnParam('bw_location', place);
  if (url.bw_date && !isCalendarDate(url.bw_date)) warnParam('bw_date', url.bw_date);
  // The page's own prefill wins: the link fills only what it leaves empty.
  host.prefill = { firstName, lastName, email, phone, ...host.prefill };
  forgetPersonal();
  return url;
}

/** The parameters that name the visitor. */
const PERSONAL = ['bw_first_name', 'bw_last_name', 'bw_email', 'bw_phone'];

/**
 * Once read, the visitor's name, e-mail and phone leave the address bar (as a manage link does), so that they stay out
 * of what the visitor bookmarks, shares or screenshots, and of the page views a router or tag manager records later.
 * The choices (`bw_service`…) and the campaign stay; so do the history state and the fragment.
 */
function forgetPersonal(): void {
  const address = new URL(globalThis.location.href);
  if (!PERSONAL.some((name) => address.searchParams.has(name))) return;
  for (const name of PERSONAL) address.searchParams.delete(name);
  history.replaceState(history.state, '', address);
}
