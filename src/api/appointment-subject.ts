/**
 * What free times are asked for when a booking moves (service contract §7a): the subject of
 * src/api/subject.ts, read from the booking. A file of its own, since only manage
 * mode's chunk needs it and subject.ts loads with the script-tag bundle.
 */
import type { SlotSubject } from './subject.js';
import type { Appointment } from 'booking-widget-shared/types';

/**
 * Exactly what it holds (the service and
 * its staff member, or the resource, its count and durations), so that only its time can change.
 */
export function appointmentSubject(appointment: Appointment): SlotSubject | undefined {
  if (appointment.service) return { kind: 'service', serviceId: appointment.service.id, staffId: appointment.staff?.id };
  if (!appointment.resource) return undefined;
  return {
    kind: 'resource',
    resourceId: appointment.resource.id,
    resourceCount: appointment.resourceCount,
    iterationCount: appointment.iterationCount,
  };
}
