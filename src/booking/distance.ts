/**
 * Several locations (service contract §12, issue #14): the nearest first, once the visitor
 * gave their position. Only the location step uses it, so it comes with that step's chunk
 * rather than with the steps' (where locations.ts, the address, is). DOM-free.
 */
import type { Company } from 'booking-widget-shared/types';

export interface Position {
  lat: number;
  lng: number;
}

/** Great-circle distance in km. */
function distanceKm(from: Position, to: Position): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(rad(to.lat - from.lat) / 2) ** 2 + Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(rad(to.lng - from.lng) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Nearest first; locations without a `geolocation` keep their order, after the others. */
export function byDistance<T extends { company: Company }>(locations: readonly T[], from: Position): T[] {
  const far = (location: T) => (location.company.geolocation ? distanceKm(from, location.company.geolocation) : Infinity);
  return locations
    .map((location, index) => ({ location, index, km: far(location) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map(({ location }) => location);
}
