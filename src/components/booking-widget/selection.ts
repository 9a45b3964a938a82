/**
 * The visitor's choices so far, and what follows from them: the subject whose
 * free times to show, the booking request, and the words that describe it.
 */
import type { BookingRequest } from '../../api/booking.js';
import type { ClientInput, Resource, Service, Staff } from '../../api/types.js';
import type { CalendarDate } from '../../api/time/calendar-date.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import type { VisitorDetails } from '../details-form/visitor-details.js';
import type { Catalog } from './catalog.js';
import { ANYONE, staffName } from './choices.js';
import type { SlotSubject } from './slot-store.js';

export interface Selection {
  serviceId?: string | undefined;
  /** A staff member's id, or {@link ANYONE}. */
  staffId?: string | undefined;
  resourceId?: string | undefined;
  quantity: number;
  /** Display-zone day. */
  day?: CalendarDate | undefined;
  /** Epoch ms of the chosen start. */
  slot?: number | undefined;
}

export interface Chosen {
  service?: Service | undefined;
  staff?: Staff | undefined;
  resource?: Resource | undefined;
}

export function chosen(catalog: Catalog, selection: Selection): Chosen {
  return {
    service: catalog.services.find((s) => s.id === selection.serviceId),
    staff: catalog.staff.find((s) => s.id === selection.staffId),
    resource: catalog.resources.find((r) => r.id === selection.resourceId),
  };
}

/** Whose free times to show, once enough is chosen. */
export function subjectOf(catalog: Catalog, selection: Selection): SlotSubject | undefined {
  if (catalog.mode === 'resource') {
    return selection.resourceId ? { resourceId: selection.resourceId, resourceCount: selection.quantity } : undefined;
  }
  if (!selection.serviceId) return undefined;
  const staffId = selection.staffId && selection.staffId !== ANYONE ? selection.staffId : undefined;
  return staffId ? { serviceId: selection.serviceId, staffId } : { serviceId: selection.serviceId };
}

/** Minutes of one booking of what is chosen. */
export function durationOf(catalog: Catalog, selection: Selection): number {
  const { service, resource } = chosen(catalog, selection);
  return (catalog.mode === 'resource' ? resource?.duration : service?.duration) ?? 0;
}

export function clientInput(details: VisitorDetails, language: string, timeZone: string): ClientInput {
  const input: ClientInput = {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    emailAddresses: [{ email: details.email.trim(), primary: true }],
    timeZone,
    language,
    marketingConsent: false,
  };
  if (details.phone.trim()) input.phoneNumbers = [{ number: details.phone.trim(), primary: true, mobile: true }];
  if (details.consent) input.explicitConsent = true;
  return input;
}

/** `companyId` is the one the widget was given: a proxy may serve the company under its externalId only. */
export function bookingRequest(
  companyId: string,
  catalog: Catalog,
  selection: Selection,
  details: VisitorDetails,
  language: string,
  visitorTimeZone: string,
): BookingRequest | undefined {
  const subject = subjectOf(catalog, selection);
  if (!subject || selection.slot === undefined) return undefined;
  return {
    companyId,
    companyTimeZone: catalog.company.timeZone,
    subject,
    start: new Date(selection.slot),
    durationMinutes: durationOf(catalog, selection),
    client: clientInput(details, language, visitorTimeZone),
    notes: details.notes.trim() || undefined,
  };
}

/** "Haircut" or "Court 2 × 3". */
export function whatIsBooked(catalog: Catalog, selection: Selection): string {
  const { service, resource } = chosen(catalog, selection);
  if (catalog.mode !== 'resource') return service?.name ?? '';
  return selection.quantity > 1 ? `${resource?.name ?? ''} × ${selection.quantity}` : (resource?.name ?? '');
}

/** The staff member's name, "Anyone available", or nothing where staff is not chosen. */
export function withWhom(catalog: Catalog, selection: Selection, messages: Messages): string | undefined {
  if (catalog.mode === 'resource') return undefined;
  const { staff } = chosen(catalog, selection);
  if (staff) return staffName(staff);
  return selection.staffId === ANYONE ? messages.anyone : undefined;
}
