/**
 * Several locations (service contract §12, issue #14): the ids the widget is given, where
 * each location is, and the nearest first. DOM-free.
 */
import type { Company } from 'booking-widget-shared/types';

/** "12 Maple Street, 02130 Boston", or undefined without an address. */
export function addressOf(company: Company): string | undefined {
  const { street, otherStreet, zipCode, city } = company.address ?? {};
  return [street, otherStreet, [zipCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || undefined;
}

/** A map of the location: at its coordinates, else a search for its address (OpenStreetMap: no account, no tracking key). */
export function mapLink(company: Company): string | undefined {
  const { geolocation } = company;
  if (geolocation && Number.isFinite(geolocation.lat) && Number.isFinite(geolocation.lng)) {
    const { lat, lng } = geolocation;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  const address = addressOf(company);
  const country = company.address?.country;
  return address && `https://www.openstreetmap.org/search?query=${encodeURIComponent(country ? `${address}, ${country}` : address)}`;
}

export interface Position {
  lat: number;
  lng: number;
}

/** Great-circle distance in km. */
export function distanceKm(from: Position, to: Position): number {
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
