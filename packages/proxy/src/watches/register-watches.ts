/**
 * Registers the service's watches for the proxy (service contract §14): one notifications
 * watch per served company, named after it, so registering again at every start replaces
 * it; and one company watch for the account, after removing the proxy's own stale ones
 * (those at its address with an older tag) and any duplicate that instances starting
 * together made.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import type { ResolvedProxy } from '../resolve-options.js';
import type { ServiceWatches } from './service-watches.js';

/** The caller's name for a notifications watch: one per served name of a company. */
const watchId = (companyId: string) => `booking-widget-proxy ${companyId}`;

export async function registerWatches(proxy: ResolvedProxy, watches: ServiceWatches): Promise<void> {
  const secret = await watches.secret();
  for (const companyId of proxy.companies) {
    await call(proxy, 'POST', ['api', '2.1', 'scheduling', 'companies', companyId, 'notifications', 'watch'], {
      id: watchId(companyId),
      address: watches.notificationsHookAddress(companyId, secret),
    });
  }
  const address = await watches.companyHookAddress();
  const listed = await call(proxy, 'GET', ['api', '2.0', 'watchers'], undefined, '?objectType=schedulingCompany');
  const items = isRecord(listed) && Array.isArray(listed.items) ? listed.items.filter(isRecord) : [];
  const ours = items.filter((item) => typeof item.address === 'string' && item.address.startsWith(watches.companyHookPrefix));
  const kept = ours.find((item) => item.address === address);
  for (const stale of ours) {
    if (stale !== kept && (typeof stale.id === 'string' || typeof stale.id === 'number')) {
      await call(proxy, 'DELETE', ['api', '2.0', 'watchers', String(stale.id)]);
    }
  }
  if (!kept) {
    await call(proxy, 'POST', ['api', '2.1', 'scheduling', 'companies', 'watch'], {
      address,
      name: 'booking-widget-proxy',
      httpRequestHeader: { 'X-Watch-Secret': secret },
    });
  }
}

/** One call with the proxy's credentials; anything but a 2xx fails the registration, which is tried again later. */
async function call(proxy: ResolvedProxy, method: string, path: string[], body?: unknown, query = ''): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return proxy.upstream.exchange(
    { method, path, query, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    async (answer, deadline) => {
      const text = await deadline.race(answer.text());
      if (!answer.ok) throw new Error(`The service answered ${answer.status} to ${method} /${path.join('/')}.`);
      return text ? (JSON.parse(text) as unknown) : undefined;
    },
  );
}
