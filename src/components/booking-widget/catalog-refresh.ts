/**
 * The company changed on the service while a page showed its times: a service renamed or
 * hidden, staff added, settings changed (the proxy's live channel says `catalog`, docs/proxy.md
 * "Live times"). Its lists are read again past every cache that would answer with the old ones —
 * the page's shared reads and the browser's HTTP cache, which keeps catalog answers a minute —
 * and handed to the catalog's owner as its newest lists, so the visitor's choices and what they
 * typed stay where they are. A choice the company no longer offers online stays chosen: the
 * proxy refuses its hold and its booking with a message, as for any refused time. In the
 * steps' chunk: the entry carries none of it.
 */
import { clearSharedReads } from '../../api/shared-reads.js';
import { createSchedulingClient } from '../../api/client.js';
import type { Clock } from '../../api/time/clock.js';
import { completeCatalog, loadCatalog } from '../../booking/catalog.js';
import type { CatalogController } from './catalog-controller.js';

export interface CatalogRefreshHost {
  /** The company whose catalog is shown. */
  locationId: string;
  _catalog: CatalogController;
}

/** Reads the company again; a failed read keeps the lists shown (the next change, or the next page, reads them). */
export function refreshCatalog(host: CatalogRefreshHost, clock: Clock): Promise<void> {
  const companyId = host.locationId;
  const options = host._catalog.clientOptions();
  // Revalidated with the proxy, never taken from the browser's cache: that copy is what changed.
  const api = createSchedulingClient({ ...options, fetch: (input, init) => options.fetch!(input, { ...init, cache: 'no-cache' }) });
  const signal = new AbortController().signal;
  return host._catalog.complete(async (shown) => {
    clearSharedReads();
    const first = await loadCatalog(api, companyId, { mode: shown.mode }, clock(), signal);
    return completeCatalog(api, companyId, first, signal);
  });
}
