import { invalid } from '../http/api-error.js';
import type { CompanyRow, ResourceRow, ServiceRow, StaffRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { busyIndexOf, type BusyIndex } from './busy-index.js';
import type { SlotSearch, SlotTarget } from './availability.js';

/** What a slot query or a booking asks for, its ids already resolved. */
export interface TargetChoice {
  service?: ServiceRow;
  resource?: ResourceRow;
  /** Named staff member; when absent, any who performs the service and is shown online. */
  staff?: StaffRow;
  resourceCount: number;
  iterationCount: number;
}

/**
 * Checks the choice as a whole, the same way for freeSlots and for a booking:
 * the staff member performs the service, the units exist, the booking lasts at most a day.
 * `staffField` names the staff input in errors (`staffId` or `staff.id`).
 */
export function targetOf(company: CompanyRow, choice: TargetChoice, staffField: string): SlotTarget {
  const { service, resource, staff, resourceCount, iterationCount } = choice;
  const unit = resource?.duration ?? service!.duration;
  if (unit * iterationCount > 1440) {
    throw invalid('iterationCount', `"iterationCount" must be at most ${Math.floor(1440 / unit)}: a booking lasts a day at most.`);
  }
  if (resource) {
    if (resourceCount > resource.count) {
      throw invalid('resourceCount', `"resourceCount" must be at most ${resource.count}, the units of "${resource.name}".`);
    }
    return { kind: 'resource', resource, units: resourceCount };
  }
  if (staff && !service!.staffIds.includes(staff.id)) {
    throw invalid(staffField, `${staff.firstName} ${staff.lastName} does not perform "${service!.name}".`);
  }
  // "Anyone" is an online choice: it never lands on a staff member hidden online
  // (availableForWidget: false), who stays bookable when named, by the back office.
  const performers = staff
    ? [staff]
    : service!.staffIds.flatMap((id) => company.staff.get(id) ?? []).filter((member) => member.availableForWidget !== false);
  return { kind: 'service', service: service!, staff: performers };
}

/** The duration of one iteration of the target, in minutes. */
export const unitMinutes = (target: SlotTarget): number =>
  target.kind === 'resource' ? target.resource.duration : target.service.duration;

/** A search of the scope's company, at its now plus its minimum notice. */
export function slotSearch(scope: CompanyScope, target: SlotTarget, iterationCount: number, ignoreAppointmentId?: string): SlotSearch {
  const busy: BusyIndex = busyIndexOf(scope.company);
  const noticeMs = (scope.company.record.minimumNoticeMinutes ?? 0) * 60_000;
  return { company: scope.company, target, iterationCount, busy, earliestMs: scope.nowMs + noticeMs, ignoreAppointmentId };
}
