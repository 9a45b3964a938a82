/**
 * The page's preselections (`service-id`, `staff-id`, `resource-id`) that the
 * company really offers online. Each one it does not is dropped, and said why, so
 * the visitor chooses instead and the merchant learns what to fix. A preselection
 * whose list has not loaded yet (it opens on the times) is kept until it has. A service and
 * a staff member who each exist but do not go together lose the one the mode chooses second.
 */
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { type Catalog, type ListName, staffForService } from './catalog.js';

export interface Preselected {
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
  /** The day the time step opens on (a link's `bw_date`), in the display zone. */
  day?: CalendarDate | undefined;
}

/** A preselection dropped: which one (`service` for `service-id`, or a link's `bw_service`), its id, and why. */
export interface PreselectionProblem {
  kind: 'service' | 'staff' | 'resource';
  id: string;
  /** One sentence for the merchant's console. */
  message: string;
}

export interface PreselectionCheck {
  preselected: Preselected;
  problems: PreselectionProblem[];
}

export function checkPreselection(catalog: Catalog, asked: Preselected, companyId: string): PreselectionCheck {
  const problems: PreselectionProblem[] = [];
  const check = (kind: PreselectionProblem['kind'], id: string | undefined, list: ListName, known: readonly { id: string }[]) => {
    if (!id || !catalog.loaded.has(list)) return id || undefined;
    if (known.some((item) => item.id === id)) return id;
    problems.push({
      kind,
      id,
      message: `${kind}-id "${id}" is not bookable online at company "${companyId}"; the visitor chooses instead.`,
    });
    return undefined;
  };
  if (catalog.mode === 'resource')
    return {
      preselected: { resourceId: check('resource', asked.resourceId, 'resources', catalog.resources), day: asked.day },
      problems,
    };
  const staffChosen = catalog.mode === 'service-staff' || catalog.mode === 'staff-service';
  const preselected = {
    serviceId: check('service', asked.serviceId, 'services', catalog.services),
    staffId: staffChosen ? check('staff', asked.staffId, 'staff', catalog.staff) : undefined,
    day: asked.day,
  };
  // Each known, but not together (a link older than a change of who does what): the one chosen second is left to the
  // visitor, who would otherwise meet free times that can never load.
  const service = catalog.services.find((item) => item.id === preselected.serviceId);
  const { staffId } = preselected;
  if (service && staffId && catalog.loaded.has('staff') && !staffForService(service, catalog.staff).some((s) => s.id === staffId)) {
    // The mode's second choice goes: after the service, who performs it; after the staff member, what they offer.
    const staffFirst = catalog.mode === 'staff-service';
    problems.push({
      ...(staffFirst ? { kind: 'service', id: service.id } : { kind: 'staff', id: staffId }),
      message: `staff-id "${staffId}" does not perform service-id "${service.id}"; the visitor chooses instead.`,
    });
    if (staffFirst) preselected.serviceId = undefined;
    else preselected.staffId = undefined;
  }
  return { preselected, problems };
}

/** True when two checks kept the same preselections. */
export const samePreselection = (a: Preselected, b: Preselected): boolean =>
  a.serviceId === b.serviceId && a.staffId === b.staffId && a.resourceId === b.resourceId;
