/**
 * The page's preselections (`service-id`, `staff-id`, `resource-id`) that the
 * company really offers online. Each one it does not is dropped, and said why, so
 * the visitor chooses instead and the merchant learns what to fix.
 */
import type { Catalog } from './catalog.js';

export interface Preselected {
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
}

export interface PreselectionCheck {
  preselected: Preselected;
  /** One sentence per preselection that was dropped, for the merchant's console. */
  problems: string[];
}

export function checkPreselection(catalog: Catalog, asked: Preselected, companyId: string): PreselectionCheck {
  const problems: string[] = [];
  const check = (attribute: string, id: string | undefined, known: readonly { id: string }[]) => {
    if (!id) return undefined;
    if (known.some((item) => item.id === id)) return id;
    problems.push(`${attribute} "${id}" is not bookable online at company "${companyId}"; the visitor chooses instead.`);
    return undefined;
  };
  if (catalog.mode === 'resource') return { preselected: { resourceId: check('resource-id', asked.resourceId, catalog.resources) }, problems };
  const staffChosen = catalog.mode === 'service-staff' || catalog.mode === 'staff-service';
  const preselected = {
    serviceId: check('service-id', asked.serviceId, catalog.services),
    staffId: staffChosen ? check('staff-id', asked.staffId, catalog.staff) : undefined,
  };
  return { preselected, problems };
}
