/**
 * What the snippet generator offers to preselect: only what the widget itself offers, by the booking
 * core's own rules (src/booking/catalog.ts), never a copy of them. The catalog leaves out services
 * booked in the back office only and staff hidden from the widget; a service's staff are those who
 * perform it, and a staff member's services those they offer, so no pair the widget would refuse
 * (a preview that cannot load) is offered.
 */
import type { SchedulingClient } from '../../src/api/index.js';
import { type Catalog, completeCatalog, loadCatalog, servicesForStaff, staffForService } from '../../src/booking/catalog.js';
import { staffName } from '../../src/booking/selection.js';

export interface Choice {
  id: string;
  name: string;
}

export interface Offered {
  services: Choice[];
  staff: Choice[];
  resources: Choice[];
}

/** The company's whole catalog, as the widget loads it. */
export async function offeredCatalog(api: SchedulingClient, companyId: string): Promise<Catalog> {
  const signal = new AbortController().signal;
  // No preselection is given, so no free times are asked for: `now` is not read.
  return completeCatalog(api, companyId, await loadCatalog(api, companyId, {}, 0, signal), signal);
}

/** The choices for each list, given what is chosen already: a service narrows the staff, a staff member the services. */
export function offeredChoices(catalog: Catalog, chosen: { serviceId?: string | undefined; staffId?: string | undefined }): Offered {
  const service = catalog.services.find((item) => item.id === chosen.serviceId);
  const member = catalog.staff.find((item) => item.id === chosen.staffId);
  const usesStaff = catalog.mode === 'service-staff' || catalog.mode === 'staff-service';
  return {
    services: (member ? servicesForStaff(member, catalog.services) : catalog.services).map(({ id, name }) => ({ id, name })),
    staff: usesStaff
      ? (service ? staffForService(service, catalog.staff) : catalog.staff).map((s) => ({ id: s.id, name: staffName(s) }))
      : [],
    resources: catalog.mode === 'resource' ? catalog.resources.map(({ id, name }) => ({ id, name })) : [],
  };
}
