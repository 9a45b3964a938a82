/** What a booking is, in the words the details step and the confirmation show. */
import type { Appointment, Company } from '../../api/types.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import type { BookingSummary } from '../confirmation/confirmation.js';
import type { Catalog } from './catalog.js';
import { staffName } from './choices.js';
import { type Selection, durationOf, whatIsBooked, withWhom } from './selection.js';

const addressOf = (company: Company): string | undefined =>
  [company.address?.street, company.address?.zipCode, company.address?.city].filter(Boolean).join(', ') || undefined;

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
    end: new Date(slot + durationOf(catalog, selection) * 60_000),
    displayTimeZone,
    companyTimeZone: catalog.company.timeZone,
    companyName: catalog.company.name,
    location: addressOf(catalog.company),
  };
}
