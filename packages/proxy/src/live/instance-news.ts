/**
 * What an instance does with the live bus's news for itself, whoever published it: a day's
 * free times changed (`slots`) makes it forget its shared free-time answers for the company, and
 * the company changed (`catalog`: the service's company watch reached some instance) makes it
 * forget what it read of the company too. It hears the news while a page of that company is
 * connected to it (live-route.ts), and — where its bus keeps a subscription of its own for as
 * long as the process runs (`standing`: Redis pub/sub, one process's memory; not a Worker's
 * Durable Object, whose connection ends with its request) — at all times, so an instance with
 * no page open refuses a service hidden in the dashboard at once, not within its 60 s.
 */
import type { ResolvedProxy } from '../resolve-options.js';
import { catalogChanged } from '../watches/delivery-routes.js';
import type { LiveMessage } from './live-bus.js';

export function heard(proxy: ResolvedProxy, companyId: string, message: LiveMessage): void {
  if (message.type === 'slots') proxy.slotCache.forget(companyId);
  else if (message.type === 'catalog') catalogChanged(proxy, companyId);
}

/** Listens for every served company's news for as long as the process runs, where the bus can. */
export function followCompanies(proxy: ResolvedProxy): void {
  if (!proxy.live.standing) return;
  for (const companyId of proxy.companies) proxy.live.subscribe(companyId, (message) => heard(proxy, companyId, message));
}
