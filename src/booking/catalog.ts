/**
 * Loads what the first steps need in one round trip: the company and, in
 * parallel, every list its mode may call for (the mode is only known once the
 * company arrives). A list the mode turns out not to need may fail unnoticed.
 * With a service or resource preselected, the first free slots are requested in
 * the same round trip too.
 */
import type { SchedulingClient } from '../api/client.js';
import type { SlotSubject } from '../api/subject.js';
import { addDays } from '../api/time/calendar-date.js';
import { instantToWallClock, localTimeZone } from '../api/time/zone.js';
import type { Company, Resource, ResourceGroup, ScheduledItems, Service, SlotsResponse, Staff } from '../api/types.js';
import { isScheduledItems } from './steps.js';
import { type WidgetSettings, readSettings } from './settings.js';

export interface Catalog {
  company: Company;
  mode: ScheduledItems;
  settings: WidgetSettings;
  /** Bookable online: `availability: "backoffice"` left out. */
  services: Service[];
  /** Shown online: `availableForWidget: false` left out. */
  staff: Staff[];
  /** Bookable online, as services are. */
  resources: Resource[];
  resourceGroups: ResourceGroup[];
  /** Free slots requested before the company's zone was known (company-zone days). */
  earlySlots?: { startDate: string; endDate: string; response: Promise<SlotsResponse> };
}

export interface CatalogHints {
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
}

/** Days asked for before the company's zone is known: enough to cover this display month and the next's start. */
const EARLY_SLOT_DAYS = 42;

export async function loadCatalog(
  api: SchedulingClient,
  companyId: string,
  hints: CatalogHints,
  now: number,
  signal: AbortSignal,
): Promise<Catalog> {
  const options = { signal };
  const company = api.getCompany(companyId, options);
  const serviceLists = !hints.resourceId;
  const resourceLists = !hints.serviceId;
  const services = serviceLists ? api.listServices(companyId, options) : Promise.resolve([]);
  const staff = serviceLists ? api.listStaff(companyId, options) : Promise.resolve([]);
  const resources = resourceLists ? api.listResources(companyId, options) : Promise.resolve([]);
  const resourceGroups = resourceLists ? api.listResourceGroups(companyId, options) : Promise.resolve([]);
  const lists = [services, staff, resources, resourceGroups];
  // Lists the mode does not need are allowed to fail; keep them from being reported as unhandled.
  for (const list of lists) list.catch(() => {});
  const earlySlots = requestEarlySlots(api, companyId, hints, now, signal);

  const loaded = withoutPrivateProperties(await company);
  if (!isScheduledItems(loaded.scheduledItems)) {
    throw new TypeError(`The company's scheduledItems "${String(loaded.scheduledItems)}" is not a mode the widget knows.`);
  }
  const mode = loaded.scheduledItems;
  const isResourceMode = mode === 'resource';
  return {
    company: loaded,
    mode,
    settings: readSettings(loaded),
    services: isResourceMode ? [] : (await services).filter((s) => s.availability !== 'backoffice'),
    staff: isResourceMode ? [] : (await staff).filter((s) => s.availableForWidget !== false),
    resources: isResourceMode ? (await resources).filter((r) => r.availability !== 'backoffice') : [],
    resourceGroups: isResourceMode ? await resourceGroups.catch(() => []) : [],
    ...(earlySlots && { earlySlots }),
  };
}

function requestEarlySlots(
  api: SchedulingClient,
  companyId: string,
  hints: CatalogHints,
  now: number,
  signal: AbortSignal,
): Catalog['earlySlots'] {
  if (!hints.serviceId && !hints.resourceId) return undefined;
  // The company's today is within a day of the visitor's: start a day early.
  const startDate = addDays(instantToWallClock(now, localTimeZone()).date, -1);
  const endDate = addDays(startDate, EARLY_SLOT_DAYS - 1);
  const subject: SlotSubject = hints.serviceId
    ? { kind: 'service', serviceId: hints.serviceId, staffId: hints.staffId || undefined }
    : { kind: 'resource', resourceId: hints.resourceId! };
  const response = api.getFreeSlots(companyId, { ...subject, startDate, endDate }, { signal });
  response.catch(() => {});
  return { startDate, endDate, response };
}

/** The widget never reads or shows private properties, even if a proxy let them through. */
function withoutPrivateProperties(company: Company): Company {
  if (!company.extendedProperties?.private) return company;
  const { private: _private, ...extendedProperties } = company.extendedProperties;
  return { ...company, extendedProperties };
}

/** Who can perform `service`, among the staff shown online. */
export function staffForService(service: Service, staff: readonly Staff[]): Staff[] {
  const performers = new Set(service.staff?.map((s) => s.id));
  if (performers.size) return staff.filter((s) => performers.has(s.id));
  const byStaffList = staff.filter((s) => s.services?.some((offered) => offered.id === service.id));
  return byStaffList.length ? byStaffList : [...staff];
}

/** What `member` offers, among the services bookable online. */
export function servicesForStaff(member: Staff, services: readonly Service[]): Service[] {
  const offered = new Set(member.services?.map((s) => s.id));
  return services.filter((service) => offered.has(service.id) || service.staff?.some((s) => s.id === member.id));
}
