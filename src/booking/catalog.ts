/**
 * What the company offers, loaded in the order the visitor's first screen calls
 * for: the company, and in parallel only the lists that screen shows (a mode
 * known from the page's `scheduled-items`, or guessed from the preselections);
 * the other lists the mode uses come after it is on screen (`completeCatalog`).
 * With a service or resource preselected, the first free slots are requested in
 * the same round trip too.
 */
import { bookableOnline, staffShownOnline } from 'booking-widget-shared/shown-online';
import { within } from '../api/abort.js';
import type { SchedulingClient } from '../api/client.js';
import type { SlotSubject } from '../api/subject.js';
import { addDays } from 'booking-widget-shared/calendar-date';
import type { Company, Resource, ResourceGroup, ScheduledItems, Service, SlotsResponse, Staff } from 'booking-widget-shared/types';
import { type WidgetSettings, readSettings } from 'booking-widget-shared/widget-settings';
import { isScheduledItems } from './steps.js';

export type ListName = 'services' | 'staff' | 'resources' | 'resourceGroups';

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
  /** The lists loaded so far: the others are empty until `completeCatalog` brings them. */
  loaded: ReadonlySet<ListName>;
  /**
   * Free slots requested before the company's zone was known (company-zone days); `answer` when it came
   * with the company (within `EARLY_SLOTS_WAIT_MS` of it): the first screen is then drawn once, times and all.
   */
  earlySlots?: { startDate: string; endDate: string; response: Promise<SlotsResponse>; answer?: SlotsResponse };
}

export interface CatalogHints {
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
  /** The company's mode, when the page says it (`scheduled-items`): its lists start with the company. */
  mode?: ScheduledItems | undefined;
}

/** Days asked for before the company's zone is known: enough to cover this display month and the next's start. */
const EARLY_SLOT_DAYS = 42;

/**
 * How long the company's answer waits for the free times asked with it, which normally come within
 * milliseconds of it: drawn apart, the first screen took a frame and a second render of the time step
 * more before its first time showed (issue 28). Later than that, the company shows first: its render
 * would otherwise still run when free times coming from farther away arrive (the bench's edge page: 50 ms
 * made phase 3 74 ms, 20 ms 52 ms).
 */
const EARLY_SLOTS_WAIT_MS = 20;

/** Every list a mode uses. */
export function listsOf(mode: ScheduledItems): ListName[] {
  return mode === 'resource'
    ? ['resources', 'resourceGroups']
    : mode === 'service' || mode === 'quickStart'
      ? ['services']
      : ['services', 'staff'];
}

/**
 * The lists the first screen needs: the choices it shows, or nothing when the
 * preselections open on the times (their check waits for `completeCatalog`).
 */
function firstScreenLists(mode: ScheduledItems, hints: CatalogHints): ListName[] {
  if (mode === 'resource') return hints.resourceId ? ['resources'] : ['resources', 'resourceGroups'];
  if (mode === 'staff-service') return hints.staffId ? (hints.serviceId ? [] : ['staff', 'services']) : ['staff'];
  if (mode === 'service-staff') return hints.serviceId ? (hints.staffId ? [] : ['services', 'staff']) : ['services'];
  return hints.serviceId ? [] : ['services'];
}

/** The lists a step shows or relies on: its choices, or every list for the summary of the booking. */
function listsForStep(step: string, mode: ScheduledItems): ListName[] {
  if (step === 'service') return mode === 'staff-service' ? ['services', 'staff'] : ['services'];
  if (step === 'staff') return mode === 'service-staff' ? ['services', 'staff'] : ['staff'];
  if (step === 'resource') return ['resources', 'resourceGroups'];
  return step === 'time' ? [] : listsOf(mode);
}

/** True when every list `step` shows is loaded. */
export const readyFor = (catalog: Catalog, step: string): boolean =>
  listsForStep(step, catalog.mode).every((list) => catalog.loaded.has(list));

/**
 * Before the company says its mode: the lists its first screen most likely shows.
 * Services are the first choice in three modes of five and the second in a fourth,
 * so they are asked for with the company; only a company in resource mode, without
 * `scheduled-items` or `resource-id` to say so, asks for them in vain.
 */
function guessedLists(hints: CatalogHints): ListName[] {
  if (hints.mode) return firstScreenLists(hints.mode, hints);
  if (hints.resourceId) return ['resources'];
  if (hints.serviceId) return [];
  return ['services'];
}

/** One list as the widget shows it: what is not bookable or shown online is left out. */
async function loadList(api: SchedulingClient, companyId: string, list: ListName, signal: AbortSignal): Promise<Partial<Catalog>> {
  const options = { signal };
  switch (list) {
    case 'services':
      return { services: (await api.listServices(companyId, options)).filter(bookableOnline) };
    case 'staff':
      return { staff: (await api.listStaff(companyId, options)).filter(staffShownOnline) };
    case 'resources':
      return { resources: (await api.listResources(companyId, options)).filter(bookableOnline) };
    case 'resourceGroups':
      // Groups only arrange the resources: without them, the resources are shown ungrouped.
      return { resourceGroups: await api.listResourceGroups(companyId, options).catch(() => []) };
  }
}

/** Fetches `lists` in parallel (one already asked for is reused) into a new catalog. */
async function withLists(
  catalog: Catalog,
  lists: readonly ListName[],
  fetchList: (list: ListName) => Promise<Partial<Catalog>>,
): Promise<Catalog> {
  const missing = lists.filter((list) => !catalog.loaded.has(list));
  if (!missing.length) return catalog;
  const parts = await Promise.all(missing.map(fetchList));
  return Object.assign({ ...catalog, loaded: new Set([...catalog.loaded, ...missing]) }, ...parts) as Catalog;
}

export async function loadCatalog(
  api: SchedulingClient,
  companyId: string,
  hints: CatalogHints,
  now: number,
  signal: AbortSignal,
): Promise<Catalog> {
  const company = api.getCompany(companyId, { signal });
  const early = new Map<ListName, Promise<Partial<Catalog>>>();
  for (const list of guessedLists(hints)) {
    const loading = loadList(api, companyId, list, signal);
    // A guess the mode turns out not to use may fail unnoticed.
    loading.catch(() => {});
    early.set(list, loading);
  }
  const earlySlots = requestEarlySlots(api, companyId, hints, now, signal);

  const loaded = withoutPrivateProperties(await company);
  if (!isScheduledItems(loaded.scheduledItems)) {
    throw new TypeError(`The company's scheduledItems "${String(loaded.scheduledItems)}" is not a mode the widget knows.`);
  }
  const mode = loaded.scheduledItems;
  const empty: Catalog = {
    company: loaded,
    mode,
    settings: readSettings(loaded),
    services: [],
    staff: [],
    resources: [],
    resourceGroups: [],
    loaded: new Set(),
    ...(earlySlots && { earlySlots }),
  };
  const [catalog, answer] = await Promise.all([
    withLists(empty, firstScreenLists(mode, hints), (list) => early.get(list) ?? loadList(api, companyId, list, signal)),
    // Failed or later: read when they come (their reader sees a failure).
    earlySlots &&
      within(
        earlySlots.response.catch(() => undefined),
        EARLY_SLOTS_WAIT_MS,
      ),
  ]);
  return answer ? { ...catalog, earlySlots: { ...earlySlots!, answer } } : catalog;
}

/** The catalog with every list its mode uses: fetched once the first screen is shown, or as soon as a step needs them. */
export function completeCatalog(api: SchedulingClient, companyId: string, catalog: Catalog, signal: AbortSignal): Promise<Catalog> {
  return withLists(catalog, listsOf(catalog.mode), (list) => loadList(api, companyId, list, signal));
}

function requestEarlySlots(
  api: SchedulingClient,
  companyId: string,
  hints: CatalogHints,
  now: number,
  signal: AbortSignal,
): Catalog['earlySlots'] {
  if (!hints.serviceId && !hints.resourceId) return undefined;
  // Every zone's today is within a day of UTC's: start a day before it. Read without Intl, whose first
  // use loads its data (tens of milliseconds on a phone) while this request waits to go out (issue 28).
  const startDate = addDays(new Date(now).toISOString().slice(0, 10), -1);
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
