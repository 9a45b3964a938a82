/**
 * One test file's world, set up once before its tests and torn down after:
 * the sandbox with the proxy, the merchant's site, and Chromium.
 */
import { after, before } from 'node:test';
import type { Browser } from 'playwright';
import { launchBrowser } from './browser.js';
import type { Listening } from './listen.js';
import { type Services, type ServicesOptions, startServices } from './services.js';
import { type SiteOptions, startSite } from './site.js';

export interface Harness {
  services: Services;
  site: Listening;
  browser: Browser;
  /** Something else to close after the tests (a CDN's server). */
  closeAfter(server: Listening): Listening;
}

/**
 * Registers the hooks; the harness's fields are there once `before` has run. `services` sets the
 * file's own "now" (pass `world.services.now` to `openPage` too) and turns on the proxy's walk-in lines.
 */
export function useSite(
  siteOptions: () => Omit<SiteOptions, 'services'> | Promise<Omit<SiteOptions, 'services'>>,
  services: ServicesOptions = {},
): Harness {
  const open: { close(): Promise<void> }[] = [];
  const harness = {
    closeAfter(server: Listening) {
      open.push(server);
      return server;
    },
  } as Harness;
  before(async () => {
    harness.services = await startServices(services);
    open.push(harness.services.sandbox);
    harness.site = harness.closeAfter(await startSite({ ...(await siteOptions()), services: harness.services }));
    harness.browser = await launchBrowser();
  });
  after(async () => {
    await harness.browser?.close();
    await Promise.all(open.map((server) => server.close()));
  });
  return harness;
}
