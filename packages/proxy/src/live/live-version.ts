/**
 * The live channel's poll fallback (docs/proxy.md, "Live times"): where a page's stream is
 * cut (a front that buffers or drops Server-Sent Events), the page asks
 * `GET {apiBase}/proxy/companies/{company}/changes` every few seconds instead. The answer is
 * the company's version, changed at every message published for it, with an `ETag`: a
 * page whose browser already has that version gets a 304 and nothing else. The version is
 * in the state, so every instance answers the same. News told for later (a hold that lapses,
 * on a bus whose Durable Object's alarm tells the streams) changes the version when it falls
 * due: its time is kept beside the version, and the version read after it names it.
 */
import type { ProxyState } from '../state/proxy-state.js';
import type { LiveBus } from './live-bus.js';

/** A version outlives any open page; one that lapsed reads as the first, which costs a page at most one needless reload. */
const VERSION_TTL_MS = 86_400_000;
const FIRST_VERSION = '0';
/** Due times kept for a company at most: a page on the poll misses those left out until the next change. */
const MOST_DUE_TIMES = 256;

const versionKey = (companyId: string) => `live-version:${companyId}`;
/** When news told for later falls due (ms since the epoch, a JSON list): the last one passed, and those to come. */
const dueKey = (companyId: string) => `live-due:${companyId}`;

const dueTimes = async (state: ProxyState, companyId: string): Promise<number[]> => {
  try {
    const times: unknown = JSON.parse((await state.get(dueKey(companyId))) ?? '[]');
    return Array.isArray(times) ? times.filter((time): time is number => typeof time === 'number') : [];
  } catch {
    return [];
  }
};

/**
 * The company's version as every instance reads it at `now`: news told for later changes it when it falls due.
 * `now` undefined: the bus tells nothing later, and no due time is read.
 */
export async function companyVersion(state: ProxyState, companyId: string, now: number | undefined): Promise<string> {
  const { version, passed } = await readVersion(state, companyId, now);
  return passed ? `${version}.${passed.toString(36)}` : version;
}

/**
 * How long ago (ms) the company last changed, as far as the state knows (within a day): what a page opening
 * its stream compares with when it last had the company's news (live-route.ts). `undefined`: no change known.
 * A publish is stamped with real time (`Date.now()`, never a pinned clock); news told for later falls due by `now`.
 */
export async function changedAgo(state: ProxyState, companyId: string, now: number | undefined): Promise<number | undefined> {
  const { version, passed } = await readVersion(state, companyId, now);
  const stamp = PUBLISHED_AT.exec(version)?.[1];
  const agos = [...(stamp ? [Date.now() - parseInt(stamp, 36)] : []), ...(passed ? [now! - passed] : [])];
  return agos.length ? Math.max(0, Math.min(...agos)) : undefined;
}

/** A version is `<publish time, base 36>_<random>`; one written by an older proxy (random only) tells no time. */
const PUBLISHED_AT = /^([0-9a-z]+)_/;

async function readVersion(state: ProxyState, companyId: string, now: number | undefined): Promise<{ version: string; passed: number }> {
  const [version, due] = await Promise.all([state.get(versionKey(companyId)), now === undefined ? [] : dueTimes(state, companyId)]);
  return { version: version ?? FIRST_VERSION, passed: Math.max(0, ...due.filter((time) => time <= now!)) };
}

/** `bus`, with the company's version changed at every publish, and when news told for later falls due: what the poll fallback compares. */
export function versionedBus(bus: LiveBus, state: ProxyState, now: () => number): LiveBus {
  return {
    async publish(companyId, message) {
      // Random, not counted: the state has no increment, and two instances publishing at once must not agree by chance.
      // Stamped with the time it was published, which a page opening its stream compares with its own news (`changedAgo`).
      const version = `${Date.now().toString(36)}_${crypto.randomUUID().slice(0, 8)}`;
      await Promise.all([state.set(versionKey(companyId), version, VERSION_TTL_MS).catch(() => {}), bus.publish(companyId, message)]);
    },
    subscribe: (companyId, listener, ended) => bus.subscribe(companyId, listener, ended),
    standing: bus.standing,
    ...(bus.publishLater && {
      async publishLater(companyId, message, delayMs) {
        const at = now();
        const due = at + delayMs;
        // The last time passed keeps the version what it became; those to come change it in turn. (Two instances writing at
        // once can lose one of them: that page on the poll sees the news with the next change, as before a due time existed.)
        const kept = await dueTimes(state, companyId).catch(() => []);
        const passed = kept.filter((time) => time <= at);
        const times = [...(passed.length ? [Math.max(...passed)] : []), ...kept.filter((time) => time > at).slice(1 - MOST_DUE_TIMES), due];
        await Promise.all([
          state.set(dueKey(companyId), JSON.stringify(times), due - at + VERSION_TTL_MS).catch(() => {}),
          bus.publishLater!(companyId, message, delayMs),
        ]);
      },
    }),
  };
}
