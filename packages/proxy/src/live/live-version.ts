/**
 * The live channel's poll fallback (docs/proxy.md, "Live times"): where a page's stream is
 * cut (a front that buffers or drops Server-Sent Events), the page asks
 * `GET {apiBase}/proxy/companies/{company}/changes` every few seconds instead. The answer is
 * the company's version, changed at every message published for it, with an `ETag`: a
 * page whose browser already has that version gets a 304 and nothing else. The version is
 * in the state, so every instance answers the same.
 */
import type { ProxyState } from '../state/proxy-state.js';
import type { Guard } from '../rules/guard.js';
import type { LiveBus } from './live-bus.js';

/** A version outlives any open page; one that lapsed reads as the first, which costs a page at most one needless reload. */
const VERSION_TTL_MS = 86_400_000;
const FIRST_VERSION = '0';

const versionKey = (companyId: string) => `live-version:${companyId}`;

/** `bus`, with the company's version changed at every publish: what the poll fallback compares. */
export function versionedBus(bus: LiveBus, state: ProxyState): LiveBus {
  return {
    async publish(companyId, message) {
      // Random, not counted: the state has no increment, and two instances publishing at once must not agree by chance.
      const version = crypto.randomUUID().slice(0, 13);
      await Promise.all([state.set(versionKey(companyId), version, VERSION_TTL_MS).catch(() => {}), bus.publish(companyId, message)]);
    },
    subscribe: (companyId, listener, ended) => bus.subscribe(companyId, listener, ended),
  };
}

/** `GET …/changes`: `{ version }`, 304 to a page that has it (its browser's cache revalidates with `If-None-Match`). */
export const liveChanges: Guard = async ({ proxy, companyId, request }) => {
  const version = (await proxy.state.get(versionKey(companyId!))) ?? FIRST_VERSION;
  const etag = `"${version}"`;
  // `no-cache`: the browser keeps the answer and asks each time whether it is still current; no shared cache keeps it.
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  const known = request.headers.get('If-None-Match');
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return Response.json({ version }, { headers });
};
