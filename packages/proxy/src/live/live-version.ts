/**
 * The live channel's poll fallback (docs/proxy.md, "Live times"): where a page's stream is
 * cut (a front that buffers or drops Server-Sent Events), the page asks
 * `GET {apiBase}/proxy/companies/{company}/changes` every few seconds instead. The answer is
 * the company's version, changed at every message published for it, with an `ETag`: a
 * page whose browser already has that version gets a 304 and nothing else. The version is
 * in the state, so every instance answers the same.
 */
import type { ProxyState } from '../state/proxy-state.js';
import type { LiveBus } from './live-bus.js';

/** A version outlives any open page; one that lapsed reads as the first, which costs a page at most one needless reload. */
const VERSION_TTL_MS = 86_400_000;
const FIRST_VERSION = '0';

const versionKey = (companyId: string) => `live-version:${companyId}`;

/** The company's version as every instance reads it. */
export const companyVersion = async (state: ProxyState, companyId: string): Promise<string> =>
  (await state.get(versionKey(companyId))) ?? FIRST_VERSION;

/** `bus`, with the company's version changed at every publish: what the poll fallback compares. */
export function versionedBus(bus: LiveBus, state: ProxyState): LiveBus {
  return {
    async publish(companyId, message) {
      // Random, not counted: the state has no increment, and two instances publishing at once must not agree by chance.
      const version = crypto.randomUUID().slice(0, 13);
      await Promise.all([state.set(versionKey(companyId), version, VERSION_TTL_MS).catch(() => {}), bus.publish(companyId, message)]);
    },
    subscribe: (companyId, listener, ended) => bus.subscribe(companyId, listener, ended),
    // The version cannot change later without a timer here: a page on the poll sees such news with the next change.
    ...(bus.publishLater && { publishLater: (companyId, message, delayMs) => bus.publishLater!(companyId, message, delayMs) }),
  };
}
