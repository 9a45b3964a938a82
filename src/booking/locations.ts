/**
 * Several locations (service contract §12, issue #14): where each location is, shown by the
 * location's contact as much as by the location step (the nearest first is distance.ts,
 * which only the location step's chunk carries). DOM-free.
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
