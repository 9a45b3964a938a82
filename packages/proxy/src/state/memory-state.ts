import { SlidingWindowLimiter } from './rate-limiter.js';
import type { ProxyState } from './proxy-state.js';

/** Bytes of values kept before the oldest go: idempotency answers must not grow a process without bound. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  value: string;
  expiresAt: number;
}

export interface MemoryStateOptions {
  /** The clock expiry is measured on. Default `Date.now`. */
  now?: () => number;
  /** Total length of the values kept; past it the oldest entries are dropped early. Default 32 MiB. */
  maxBytes?: number;
}

/**
 * The state of one process (or one edge isolate): the proxy's default, and all a
 * single instance needs. Expired entries go when read and in a sweep at most once
 * a minute; past `maxBytes` the oldest go first, so a flood of bookings costs
 * replays of old ones, never the process.
 */
export class MemoryState implements ProxyState {
  private readonly _entries = new Map<string, Entry>();
  private readonly _limiters = new Map<string, SlidingWindowLimiter>();
  private readonly _now: () => number;
  private readonly _maxBytes: number;
  private _bytes = 0;
  private _lastSweep = 0;

  constructor(options: MemoryStateOptions = {}) {
    this._now = options.now ?? Date.now;
    this._maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  async hit(key: string, max: number, windowSeconds: number): Promise<number> {
    const shape = `${max}/${windowSeconds}`;
    let limiter = this._limiters.get(shape);
    if (!limiter) {
      limiter = new SlidingWindowLimiter(max, windowSeconds * 1000, this._now);
      this._limiters.set(shape, limiter);
    }
    return limiter.hit(key);
  }

  async get(key: string): Promise<string | undefined> {
    return this._live(key)?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this._put(key, value, ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this._live(key)) return false;
    this._put(key, value, ttlMs);
    return true;
  }

  async delete(key: string, ifValue?: string): Promise<void> {
    const entry = this._live(key);
    if (entry && (ifValue === undefined || entry.value === ifValue)) this._remove(key);
  }

  private _live(key: string): Entry | undefined {
    const entry = this._entries.get(key);
    if (entry && entry.expiresAt <= this._now()) {
      this._remove(key);
      return undefined;
    }
    return entry;
  }

  private _put(key: string, value: string, ttlMs: number): void {
    const now = this._now();
    this._sweep(now);
    // Removed first, so that the Map's order stays the order of writing: oldest first.
    this._remove(key);
    this._entries.set(key, { value, expiresAt: now + ttlMs });
    this._bytes += value.length;
    for (const oldest of this._entries.keys()) {
      if (this._bytes <= this._maxBytes || oldest === key) break;
      this._remove(oldest);
    }
  }

  private _remove(key: string): void {
    const entry = this._entries.get(key);
    if (!entry) return;
    this._bytes -= entry.value.length;
    this._entries.delete(key);
  }

  private _sweep(now: number): void {
    if (now - this._lastSweep < 60_000) return;
    this._lastSweep = now;
    for (const [key, entry] of this._entries) if (entry.expiresAt <= now) this._remove(key);
  }
}
