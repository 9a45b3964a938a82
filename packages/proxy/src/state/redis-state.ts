/**
 * The proxy's state in Redis, shared by every Node instance that points at it.
 * Node only (it needs `ioredis`), so the handler itself never imports it.
 *
 * Key layout, under a prefix (default `booking-proxy:`):
 *   rate:<sha256(client address)>            sorted set of hit times (ms), expires with the window
 *   rate-read:<sha256(client address)>       the same, for reads through a manage link
 *   idem:<sha256(path, key or body+address)> JSON: "in flight" or the answer, 24 h
 *   oauth:<sha256(client id, refresh token)>:token          JSON access token, until its refresh time
 *   oauth:<sha256(client id, refresh token)>:lock           the refresh lock, one upstream timeout
 *   oauth:<sha256(client id, refresh token)>:refresh-token  a rotated refresh token, 30 days
 */
import { Redis } from 'ioredis';
import { DEFAULT_STATE_PREFIX, StateUnavailable, type ProxyState } from './proxy-state.js';

// The live channel beside the state: the Deno entry, which reaches Redis only through this module, shares it too.
export { RedisLiveBus } from '../live/redis-live-bus.js';

/**
 * The sliding window as one atomic script: drop hits older than the window, refuse
 * when `max` remain (answering the ms until the oldest leaves), else record this one.
 * Time is Redis's own, so instances with drifting clocks still count one window.
 */
const HIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local max, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= max then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

/** Deletes the key only while it holds the caller's value: a lock that expired and was taken by another stays theirs. */
const DELETE_IF_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

interface ScriptedRedis {
  bookingProxyHit(key: string, max: number, windowMs: number, member: string): Promise<number>;
  bookingProxyDeleteIf(key: string, value: string): Promise<number>;
}

export class RedisState implements ProxyState {
  private readonly _scripts: ScriptedRedis;

  /**
   * @param redis A connected client. For bookings to fail fast while Redis is away,
   *   create it with `enableOfflineQueue: false` (as `connectRedis` does).
   * @param prefix Put in front of every key: one prefix per merchant account when
   *   several share a Redis.
   */
  constructor(
    readonly redis: Redis,
    private readonly _prefix = DEFAULT_STATE_PREFIX,
  ) {
    redis.defineCommand('bookingProxyHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('bookingProxyDeleteIf', { numberOfKeys: 1, lua: DELETE_IF_SCRIPT });
    this._scripts = redis as unknown as ScriptedRedis;
  }

  async hit(key: string, max: number, windowSeconds: number): Promise<number> {
    const waitMs = await this._run(() => this._scripts.bookingProxyHit(this._prefix + key, max, windowSeconds * 1000, crypto.randomUUID()));
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this._run(() => this.redis.get(this._prefix + key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this._run(() => this.redis.set(this._prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this._run(() => this.redis.set(this._prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'))) === 'OK';
  }

  async delete(key: string, ifValue?: string): Promise<void> {
    await this._run(() =>
      ifValue === undefined ? this.redis.del(this._prefix + key) : this._scripts.bookingProxyDeleteIf(this._prefix + key, ifValue),
    );
  }

  private async _run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StateUnavailable(error);
    }
  }
}

/** How long one Redis command may take before the booking is refused rather than kept waiting. */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * A client for `url` (`redis://[:password@]host:port[/db]`, or `rediss://` for TLS)
 * that fails fast: while Redis is away, commands are refused at once (bookings get
 * a 503) instead of queueing, and it reconnects in the background.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  });
}

/**
 * The Redis state of the Node and Deno entries. It waits up to `readyWithinMs` for
 * the first connection, so that the first bookings do not meet a 503, and starts
 * anyway after that (reads need no Redis). Each outage is reported once, on stderr,
 * with the error but never the URL, which may hold the password.
 */
export async function openRedisState(config: { url: string; prefix: string }, readyWithinMs = 5000): Promise<RedisState> {
  const redis = connectRedis(config.url);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(`booking-proxy: Redis cannot be reached (${error.message}); bookings are refused with 503 until it is back.`);
  });
  redis.on('ready', () => {
    if (down) console.error('booking-proxy: Redis is back.');
    down = false;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    new Promise((resolve) => redis.once('ready', resolve)),
    new Promise((resolve) => (timer = setTimeout(resolve, readyWithinMs))),
  ]);
  clearTimeout(timer);
  return new RedisState(redis, config.prefix);
}
