/**
 * The visitor's choices so far, and what follows from them: the subject whose
 * free times to show, the booking request, and the words that describe it.
 */
import type { SlotSubject } from '../api/subject.js';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import type { Resource, Service, Staff } from 'booking-widget-shared/types';
import type { Messages } from '../i18n/catalogs/en.js';
import type { Catalog } from './catalog.js';

/** Who performs a service: one staff member, or anyone who is free (the service picks). */
export type StaffChoice = { kind: 'anyone' } | { kind: 'member'; id: string };

export const ANYONE: StaffChoice = { kind: 'anyone' };

export interface Selection {
  serviceId?: string | undefined;
  staff?: StaffChoice | undefined;
  resourceId?: string | undefined;
  quantity: number;
  /** Consecutive durations of the resource (service contract §13); 1 unless the merchant allows more. */
  iterations?: number | undefined;
  /** The display-zone day the visitor chose; until then the time step shows the first with free times. */
  day?: CalendarDate | undefined;
  /** Epoch ms of the chosen start. */
  slot?: number | undefined;
}

export interface Chosen {
  service?: Service | undefined;
  staff?: Staff | undefined;
  resource?: Resource | undefined;
}

export const staffName = (member: { firstName?: string | undefined; lastName?: string | undefined }): string =>
  [member.firstName, member.lastName].filter(Boolean).join(' ');

export const memberId = (staff: StaffChoice | undefined): string | undefined => (staff?.kind === 'member' ? staff.id : undefined);

export function chosen(catalog: Catalog, selection: Selection): Chosen {
  const staffId = memberId(selection.staff);
  return {
    service: catalog.services.find((s) => s.id === selection.serviceId),
    staff: staffId === undefined ? undefined : catalog.staff.find((s) => s.id === staffId),
    resource: catalog.resources.find((r) => r.id === selection.resourceId),
  };
}

/** Whose free times to show, once enough is chosen. */
export function subjectOf(catalog: Catalog, selection: Selection): SlotSubject | undefined {
  if (catalog.mode === 'resource') {
    if (!selection.resourceId) return undefined;
    const iterations = selection.iterations ?? 1;
    return {
      kind: 'resource',
      resourceId: selection.resourceId,
      resourceCount: selection.quantity,
      ...(iterations > 1 && { iterationCount: iterations }),
    };
  }
  if (!selection.serviceId) return undefined;
  const staffId = memberId(selection.staff);
  return staffId ? { kind: 'service', serviceId: selection.serviceId, staffId } : { kind: 'service', serviceId: selection.serviceId };
}

/** Minutes of one booking of what is chosen. */
export function durationOf(catalog: Catalog, selection: Selection): number {
  const { service, resource } = chosen(catalog, selection);
  return (catalog.mode === 'resource' ? resource?.duration : service?.duration) ?? 0;
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
  return selection.staff?.kind === 'anyone' ? messages.anyone : undefined;
}
