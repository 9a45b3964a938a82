/** What a booking is, in the words the details step and the confirmation show. */
import type { Appointment, Company } from 'booking-widget-shared/types';
import type { Messages } from '../i18n/catalogs/en.js';
import type { Catalog } from './catalog.js';
import { type Selection, durationOf, staffName, whatIsBooked, withWhom } from './selection.js';

/** What the summary above the form and the confirmation say. */
export interface BookingSummary {
  what: string;
  withWhom?: string | undefined;
  start: Date;
  end: Date;
  displayTimeZone: string;
  companyTimeZone: string;
  companyName: string;
  location?: string | undefined;
}

/** Where the booking is, as a calendar entry gives it: the company's street, postcode and city. */
export const locationOf = (company: Company): string | undefined =>
  [company.address?.street, company.address?.zipCode, company.address?.city].filter(Boolean).join(', ') || undefined;

/** Minutes from the start to the end of what is booked: one duration, or several back to back (§13). */
const lengthOf = (catalog: Catalog, selection: Selection): number =>
  durationOf(catalog, selection) * (catalog.mode === 'resource' ? (selection.iterations ?? 1) : 1);

/** `undefined` until a time is chosen. The staff member the service assigned wins over "anyone". */
export function bookingSummary(
  catalog: Catalog,
  selection: Selection,
  displayTimeZone: string,
  messages: Messages,
  appointment?: Appointment,
): BookingSummary | undefined {
  const { slot } = selection;
  if (slot === undefined) return undefined;
  const assigned = appointment?.staff && staffName(appointment.staff);
  return {
    what: whatIsBooked(catalog, selection),
    withWhom: assigned || withWhom(catalog, selection, messages),
    start: new Date(slot),
    end: new Date(slot + lengthOf(catalog, selection) * 60_000),
    displayTimeZone,
    companyTimeZone: catalog.company.timeZone,
    companyName: catalog.company.name,
    location: locationOf(catalog.company),
  };
}
