import { isRecord } from 'booking-widget-shared/is-record';
import type { Company, Resource, Service, Staff } from 'booking-widget-shared/types';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { Upstream } from './exchange.js';

/**
 * How long what the proxy read of a company stays in use: the widget's own cache
 * lasts as long (`cacheTtlMs`), so a merchant who hides a service sees both
 * follow within a minute.
 */
export const CATALOG_TTL_MS = 60_000;

export interface CatalogSource {
  upstream: Upstream;
  now: () => number;
}

type Family = 'services' | 'resources' | 'staff';
interface FamilyRecord {
  services: Service;
  resources: Resource;
  staff: Staff;
}

/** The proxy cannot tell what the widget may offer: it books nothing rather than guess. */
export const catalogUnavailable = (): Refusal =>
  new Refusal(502, 'UNAVAILABLE', 'The booking proxy could not read what this company offers.', RefusalReason.catalogUnavailable);

/**
 * The company, services, resources and staff as the service describes them,
 * read with the proxy's credentials (so the records are whole, private
 * properties included, but never sent on) and kept for {@link CATALOG_TTL_MS}.
 * Concurrent bookings share one read; a failed read is not kept.
 */
export class CatalogCache {
  private readonly _entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly _source: CatalogSource) {}

  company(companyId: string): Promise<Company> {
    return this._read(companyId, [], (value) => (isRecord(value) ? (value as unknown as Company) : undefined));
  }

  list<F extends Family>(companyId: string, family: F): Promise<FamilyRecord[F][]> {
    return this._read(companyId, [family], (value) =>
      isRecord(value) && Array.isArray(value.items) ? (value.items.filter(isRecord) as unknown as FamilyRecord[F][]) : undefined,
    );
  }

  /** Drops what was read of the company: the service's company watch said it changed (service contract §14). */
  forget(companyId: string): void {
    const key = ['api', '2.1', 'scheduling', 'companies', companyId].join('/');
    for (const kept of [...this._entries.keys()]) if (kept === key || kept.startsWith(`${key}/`)) this._entries.delete(kept);
  }

  private _read<T>(companyId: string, suffix: string[], accept: (value: unknown) => T | undefined): Promise<T> {
    const path = ['api', '2.1', 'scheduling', 'companies', companyId, ...suffix];
    const key = path.join('/');
    const now = this._source.now();
    const cached = this._entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value as Promise<T>;
    const value = this._fetchJson(path).then((json) => accept(json) ?? Promise.reject(catalogUnavailable()));
    this._entries.set(key, { expiresAt: now + CATALOG_TTL_MS, value });
    value.catch(() => {
      if (this._entries.get(key)?.value === value) this._entries.delete(key);
    });
    return value;
  }

  private _fetchJson(path: readonly string[]): Promise<unknown> {
    const headers = new Headers({ Accept: 'application/json' });
    return this._source.upstream.exchange({ method: 'GET', path, headers }, async (response, deadline) => {
      if (!response.ok) {
        await response.body?.cancel();
        throw catalogUnavailable();
      }
      const text = await deadline.race(response.text());
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw catalogUnavailable();
      }
    });
  }
}
