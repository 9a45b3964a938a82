/**
 * The times visitors hold, per company, in the proxy's state (memory, Redis,
 * Durable Objects), so that every instance hides the same times and refuses the
 * same bookings. One key per company holds the list; changes to it are made under
 * a lock of its own key. Both are single-key operations of `ProxyState`, so the
 * store keeps its "atomic per key" promise and each key may still live in its own
 * Durable Object: a freeSlots answer costs one `get`, a hold a lock, a `get`, a
 * `set` and an unlock (see docs/proxy.md, "Held times").
 */
import { isRecord } from 'booking-widget-shared/is-record';
import type { ProxyState } from '../state/proxy-state.js';
import { StateUnavailable } from '../state/proxy-state.js';

/**
 * What a hold keeps from others: a staff member (for a service, or pinned by the
 * proxy when the visitor chose "anyone") or some units of a resource.
 */
export type HeldSubject = { staffId: string; serviceId: string } | { resourceId: string; units: number };

export interface Hold {
  /** Random; the hold token names it. */
  id: string;
  /** Digest of the holder's client address: how many holds one address has is limited. */
  address: string;
  subject: HeldSubject;
  /** The appointment's whole length: `[startMs, endMs)`, every duration of `iterationCount` included. */
  startMs: number;
  endMs: number;
  /** Minutes the service keeps free after it (a service's `bufferDuration`). */
  bufferMinutes: number;
  expiresAt: number;
}

const listKey = (companyId: string) => `holds:${companyId}`;
const lockKey = (companyId: string) => `holds-lock:${companyId}`;

/** The lock is held for two state operations only: anything longer is an instance that died while holding it. */
const LOCK_TTL_MS = 3000;
const LOCK_WAIT_MS = 2500;
const LOCK_RETRY_MS = 15;

function isHold(value: unknown): value is Hold {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.startMs === 'number' &&
    typeof value.endMs === 'number' &&
    typeof value.expiresAt === 'number' &&
    isRecord(value.subject)
  );
}

/** The live holds of a company; a list that cannot be read holds nothing (the booking stays the authority). */
export async function readHolds(state: ProxyState, companyId: string, now: number): Promise<Hold[]> {
  const text = await state.get(listKey(companyId));
  if (text === undefined) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter(isHold).filter((hold) => hold.expiresAt > now) : [];
  } catch {
    return [];
  }
}

/**
 * Changes a company's holds under its lock: `edit` gets the live holds and returns
 * the new list and a result. Throws `StateUnavailable` (a 503) when the lock cannot
 * be had within {@link LOCK_WAIT_MS}.
 */
export async function editHolds<T>(
  state: ProxyState,
  companyId: string,
  now: () => number,
  edit: (holds: Hold[]) => { holds: Hold[]; result: T },
): Promise<T> {
  const owner = crypto.randomUUID();
  const started = Date.now();
  while (!(await state.setIfAbsent(lockKey(companyId), owner, LOCK_TTL_MS))) {
    if (Date.now() - started > LOCK_WAIT_MS) throw new StateUnavailable(new Error('The holds lock was not released.'));
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  try {
    const { holds, result } = edit(await readHolds(state, companyId, now()));
    const lastExpiry = Math.max(0, ...holds.map((hold) => hold.expiresAt));
    if (holds.length) await state.set(listKey(companyId), JSON.stringify(holds), lastExpiry - now());
    else await state.delete(listKey(companyId));
    return result;
  } finally {
    await state.delete(lockKey(companyId), owner).catch(() => {});
  }
}
