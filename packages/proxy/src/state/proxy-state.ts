/**
 * What the proxy keeps between requests, in a form that several instances can share:
 * rate-limit counts, idempotency records, and the OAuth access token with its
 * refresh lock. Memory (`MemoryState`) is the default; `RedisState` shares it between
 * Node instances, `durableObjectState` between Cloudflare Workers isolates.
 *
 * Every operation is atomic on its own key. Nothing needs two keys changed together:
 * that is what lets each key live in its own Durable Object.
 */
export interface ProxyState {
  /**
   * Counts a hit on `key` in a sliding window of `windowSeconds`: 0 when it is within
   * the first `max`, otherwise the whole seconds until one more would be (and the hit
   * is not counted). A counter whose hits expire one by one.
   */
  hit(key: string, max: number, windowSeconds: number): Promise<number>;
  /** The value under `key`, or `undefined` when there is none or it has expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key` for `ttlMs` milliseconds, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores `value` only when `key` holds nothing: `true` when it did. Taking a lock. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Removes `key`; with `ifValue`, only while it still holds that value (releasing one's own lock). */
  delete(key: string, ifValue?: string): Promise<void>;
}

/** Put in front of every key in a shared store (Redis), unless configured otherwise. */
export const DEFAULT_STATE_PREFIX = 'booking-proxy:';

/**
 * Raised by a shared state that cannot be reached (Redis down, a Durable Object
 * failing). The proxy then refuses bookings with a 503 rather than risk booking
 * twice or letting the rate limit go; reads do not need the state.
 */
export class StateUnavailable extends Error {
  constructor(cause?: unknown) {
    super('The shared state of the booking proxy cannot be reached.', { cause });
    this.name = 'StateUnavailable';
  }
}
