/**
 * What the browser measurements run against, from the end-to-end suite's own
 * helpers (test/e2e/support): the sandbox behind the booking proxy, a merchant's
 * site on 127.0.0.1 serving bench/pages and the built files, and the system
 * Chromium. Every API request waits `latencyMs` before the proxy handles it: the
 * round trip to a real service, which the sandbox on this machine answers in
 * about a millisecond.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { launchBrowser } from '../test/e2e/support/browser.js';
import type { Listening } from '../test/e2e/support/listen.js';
import { PROXY_PATH, type Services, startServices } from '../test/e2e/support/services.js';
import { startSite } from '../test/e2e/support/site.js';

export const PAGES = fileURLToPath(new URL('./pages', import.meta.url));
export { PROXY_PATH };

export interface World {
  site: Listening;
  browser: Browser;
  close(): Promise<void>;
}

/** The round trip to an edge cache near the visitor, which answers the company and its lists (docs/proxy.md, Caching). */
export const EDGE_LATENCY_MS = 10;

/** A GET of the company or its lists (not free times), asked by a page that stands for a site behind an edge cache. */
const fromEdgeCache = (request: Request) =>
  request.method === 'GET' &&
  !new URL(request.url).pathname.includes('/widget/') &&
  (request.headers.get('Referer') ?? '').includes('-edge.html');

/**
 * `services`, with `latencyMs` added to every request that reaches the proxy: the
 * round trip to the real service. Pages named `*-edge.html` stand for a site behind a
 * CDN that holds the catalog's cacheable answers: those come back after `EDGE_LATENCY_MS`.
 */
function withLatency(services: Services, latencyMs: number): Services {
  return {
    ...services,
    proxy(origin) {
      const handler = services.proxy(origin);
      return async (request) => {
        await new Promise((resolve) => setTimeout(resolve, fromEdgeCache(request) ? EDGE_LATENCY_MS : latencyMs));
        return handler(request);
      };
    },
  };
}

/** Serves bench/pages and the files of `build` (the bundle and its chunks). */
export async function startWorld(build: string, latencyMs: number): Promise<World> {
  const { sites, browser, close } = await startWorlds([build], latencyMs);
  return { site: sites[0]!, browser, close };
}

/** One site per build, each serving bench/pages with that build's files, in front of one sandbox, in one browser: two builds compared side by side. */
export async function startWorlds(
  builds: readonly string[],
  latencyMs: number,
): Promise<{ sites: Listening[]; browser: Browser; close(): Promise<void> }> {
  // The sandbox at the real instant, as the bench's pages are (their clock is the browser's own): the e2e
  // suite's default is a fixed day, which the widget, asking for this month, would find past.
  const services = await startServices({ now: new Date().toISOString() });
  const sites = await Promise.all(builds.map((build) => startSite({ roots: [PAGES, build], services: withLatency(services, latencyMs) })));
  const browser = await launchBrowser();
  return {
    sites,
    browser,
    async close() {
      await browser.close();
      await Promise.all([...sites.map((site) => site.close()), services.sandbox.close()]);
    },
  };
}
