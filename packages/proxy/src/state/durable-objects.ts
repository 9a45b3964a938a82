/**
 * The proxy's state on Cloudflare Workers, in Durable Objects: every isolate of the
 * Worker, in every city, counts and locks in the same place.
 *
 * - `BookingProxyRateLimit`: one object per client address (by the digest the proxy
 *   uses as key), holding the times of its recent POSTs.
 * - `BookingProxyRecord`: one object per record key: the OAuth token holder, its
 *   refresh lock, each booking's idempotency record.
 * - `BookingProxyLive` (live/durable-object-live.ts): one object per company, the
 *   live channel between isolates; it stores only news due later (a hold's lapse).
 *
 * An object runs one event at a time, and its storage calls hold other events back
 * until they finish (input gates), so a read followed by a write is atomic without
 * transactions. Each object sets an alarm for when its data expires and then
 * deletes it, so that storage does not grow with every visitor.
 *
 * The objects are reached with `fetch` (no `cloudflare:workers` import), so this file
 * type-checks and loads anywhere; it needs nothing but web standards.
 */
import { slideWindow } from './rate-limiter.js';

export { BookingProxyLive, durableObjectLiveBus } from '../live/durable-object-live.js';
import { StateUnavailable, type ProxyState } from './proxy-state.js';

import type { DurableObjectNamespaceLike, DurableObjectStateLike } from './durable-object-binding.js';

export type { DurableObjectNamespaceLike, DurableObjectStateLike } from './durable-object-binding.js';

export interface DurableObjectBindings {
  /** Bound to `BookingProxyRateLimit`. */
  rateLimits: DurableObjectNamespaceLike;
  /** Bound to `BookingProxyRecord`. */
  records: DurableObjectNamespaceLike;
}

type Operation =
  | { op: 'hit'; max: number; windowSeconds: number }
  | { op: 'get' }
  | { op: 'set'; value: string; ttlMs: number; onlyIfAbsent: boolean }
  | { op: 'delete'; ifValue?: string };

const json = (result: unknown): Response => Response.json({ result });

/** Sliding-window POST counts of one client address. */
export class BookingProxyRateLimit {
  /** `now` is for tests; the runtime passes `ctx` and `env` only. */
  constructor(
    private readonly _ctx: DurableObjectStateLike,
    _env?: unknown,
    private readonly _now: () => number = Date.now,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const { max, windowSeconds } = (await request.json()) as Extract<Operation, { op: 'hit' }>;
    const now = this._now();
    const windowMs = windowSeconds * 1000;
    const { times, waitSeconds } = slideWindow((await this._ctx.storage.get<number[]>('hits')) ?? [], now, max, windowMs);
    await this._ctx.storage.put('hits', times);
    await this._ctx.storage.setAlarm(times.at(-1)! + windowMs);
    return json(waitSeconds);
  }

  /** The last hit has left the window: nothing is worth keeping. */
  async alarm(): Promise<void> {
    await this._ctx.storage.deleteAll();
  }
}

interface StoredRecord {
  value: string;
  expiresAt: number;
}

/** One value with an expiry: get, set, set-if-absent, delete-if. */
export class BookingProxyRecord {
  /** `now` is for tests; the runtime passes `ctx` and `env` only. */
  constructor(
    private readonly _ctx: DurableObjectStateLike,
    _env?: unknown,
    private readonly _now: () => number = Date.now,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const operation = (await request.json()) as Exclude<Operation, { op: 'hit' }>;
    const current = await this._live();
    switch (operation.op) {
      case 'get':
        return json(current?.value ?? null);
      case 'set': {
        if (operation.onlyIfAbsent && current) return json(false);
        const expiresAt = this._now() + operation.ttlMs;
        await this._ctx.storage.put<StoredRecord>('record', { value: operation.value, expiresAt });
        await this._ctx.storage.setAlarm(expiresAt);
        return json(true);
      }
      case 'delete':
        if (current && (operation.ifValue === undefined || current.value === operation.ifValue)) await this._ctx.storage.deleteAll();
        return json(true);
    }
  }

  async alarm(): Promise<void> {
    // A later `set` moved the alarm; one that fires early finds the record live and keeps it.
    if (!(await this._live())) await this._ctx.storage.deleteAll();
  }

  private async _live(): Promise<StoredRecord | undefined> {
    const record = await this._ctx.storage.get<StoredRecord>('record');
    return record && record.expiresAt > this._now() ? record : undefined;
  }
}

/**
 * A `ProxyState` over the two namespaces.
 *
 * @example
 * createBookingProxy({ ...options, state: durableObjectState({ rateLimits: env.BOOKING_PROXY_RATE_LIMITS, records: env.BOOKING_PROXY_RECORDS }) })
 */
export function durableObjectState(bindings: DurableObjectBindings): ProxyState {
  const call = async <T>(namespace: DurableObjectNamespaceLike, key: string, operation: Operation): Promise<T> => {
    try {
      const stub = namespace.get(namespace.idFromName(key) as never);
      const response = await stub.fetch('https://booking-proxy.state/', { method: 'POST', body: JSON.stringify(operation) });
      if (!response.ok) throw new Error(`Durable Object answered ${response.status}`);
      return ((await response.json()) as { result: T }).result;
    } catch (error) {
      throw new StateUnavailable(error);
    }
  };
  return {
    hit: (key, max, windowSeconds) => call<number>(bindings.rateLimits, key, { op: 'hit', max, windowSeconds }),
    get: async (key) => (await call<string | null>(bindings.records, key, { op: 'get' })) ?? undefined,
    set: async (key, value, ttlMs) => void (await call<boolean>(bindings.records, key, { op: 'set', value, ttlMs, onlyIfAbsent: false })),
    setIfAbsent: (key, value, ttlMs) => call<boolean>(bindings.records, key, { op: 'set', value, ttlMs, onlyIfAbsent: true }),
    delete: async (key, ifValue) => void (await call<boolean>(bindings.records, key, { op: 'delete', ifValue })),
  };
}
