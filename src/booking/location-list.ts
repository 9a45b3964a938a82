/**
 * The locations a widget with several offers (service contract §12, issue #14): each one's company,
 * narrowed to those offering a preselected service, and how the list is ordered. DOM-free;
 * the LocationController loads it and `<bw-location-step>` shows it.
 */
import type { SchedulingClient } from '../api/client.js';
import type { Company } from 'booking-widget-shared/types';

export interface Location {
  /** As the widget was given it (a proxy may serve the company under this id only). */
  id: string;
  company: Company;
}

/** The order of the list: as given, until the visitor asks for the nearest first and their position is known (or refused). */
export const LocationSorting = { None: 'none', Locating: 'locating', Sorted: 'sorted', Refused: 'refused' } as const;
export type LocationSorting = (typeof LocationSorting)[keyof typeof LocationSorting];

/** The locations `ids` name, in that order; with `serviceId`, only those that offer it (all of them if none does). */
export async function listLocations(
  api: SchedulingClient,
  ids: readonly string[],
  serviceId: string | undefined,
  signal: AbortSignal,
): Promise<Location[]> {
  const locations = await Promise.all(ids.map(async (id) => ({ id, company: await api.getCompany(id, { signal }) })));
  if (!serviceId) return locations;
  const offers = await Promise.all(
    locations.map(async ({ id }) => (await api.listServices(id, { signal })).some((service) => service.id === serviceId)),
  );
  const narrowed = locations.filter((_, index) => offers[index]);
  // A service no location offers is the page's mistake: list them all rather than none.
  return narrowed.length ? narrowed : locations;
}
