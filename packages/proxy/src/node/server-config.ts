import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import type { BookingProxyCredentials, BookingProxyOptions } from '../options.js';
import { DEFAULT_CATALOG_CACHING } from '../http/cache-policy.js';
import { DEFAULT_HOLD_SECONDS, DEFAULT_LIMITS, MAX_HOLD_SECONDS } from '../resolve-options.js';
import { MIN_SIGNING_KEY_LENGTH } from '../tokens/signing.js';
import { DEFAULT_STATE_PREFIX } from '../state/proxy-state.js';
import { DEFAULT_HEADERS_TIMEOUT_MS } from './server-defaults.js';

/** The environment variables of the Node entry (`npm run proxy`). */
export const ProxyEnv = {
  upstream: 'BOOKING_PROXY_UPSTREAM',
  apiKey: 'BOOKING_PROXY_API_KEY',
  token: 'BOOKING_PROXY_TOKEN',
  clientId: 'BOOKING_PROXY_CLIENT_ID',
  clientSecret: 'BOOKING_PROXY_CLIENT_SECRET',
  refreshToken: 'BOOKING_PROXY_REFRESH_TOKEN',
  companies: 'BOOKING_PROXY_COMPANIES',
  origins: 'BOOKING_PROXY_ORIGINS',
  port: 'BOOKING_PROXY_PORT',
  host: 'BOOKING_PROXY_HOST',
  basePath: 'BOOKING_PROXY_BASE_PATH',
  trustForwarded: 'BOOKING_PROXY_TRUST_FORWARDED',
  rateLimit: 'BOOKING_PROXY_RATE_LIMIT',
  rateWindow: 'BOOKING_PROXY_RATE_WINDOW_SECONDS',
  manageReadRateLimit: 'BOOKING_PROXY_MANAGE_READ_RATE_LIMIT',
  readRateLimit: 'BOOKING_PROXY_READ_RATE_LIMIT',
  concurrentReads: 'BOOKING_PROXY_CONCURRENT_READS',
  slotCacheMs: 'BOOKING_PROXY_SLOT_CACHE_MS',
  maxBodyBytes: 'BOOKING_PROXY_MAX_BODY_BYTES',
  timeout: 'BOOKING_PROXY_TIMEOUT_MS',
  bodyTimeout: 'BOOKING_PROXY_BODY_TIMEOUT_MS',
  headersTimeout: 'BOOKING_PROXY_HEADERS_TIMEOUT_MS',
  maxConnections: 'BOOKING_PROXY_MAX_CONNECTIONS_PER_ADDRESS',
  signingKey: 'BOOKING_PROXY_SIGNING_KEY',
  previousSigningKey: 'BOOKING_PROXY_SIGNING_KEY_PREVIOUS',
  manageBookings: 'BOOKING_PROXY_MANAGE_BOOKINGS',
  walkInQueues: 'BOOKING_PROXY_WALK_IN_QUEUES',
  cacheSeconds: 'BOOKING_PROXY_CACHE_SECONDS',
  cacheStaleSeconds: 'BOOKING_PROXY_CACHE_STALE_SECONDS',
  redisUrl: 'BOOKING_PROXY_REDIS_URL',
  redisPrefix: 'BOOKING_PROXY_REDIS_PREFIX',
  now: 'BOOKING_PROXY_NOW',
  holdSeconds: 'BOOKING_PROXY_HOLD_SECONDS',
  publicUrl: 'BOOKING_PROXY_PUBLIC_URL',
  challenge: 'BOOKING_PROXY_CHALLENGE',
} as const;
export type ProxyEnv = (typeof ProxyEnv)[keyof typeof ProxyEnv];

export const DEFAULT_PORT = 8788;
export const DEFAULT_HOST = '127.0.0.1';

/** What the Node entry needs beyond the handler's own options. */
export interface ProxyServerConfig {
  /** `now` is there only when the clock is pinned (`pinnedNow`). */
  options: Omit<BookingProxyOptions, 'clientAddress' | 'fetch' | 'log'>;
  port: number;
  host: string;
  /** Reverse proxies whose `X-Forwarded-For` entry is trusted; 0 counts by socket address. */
  trustedHops: number;
  /** How long a client may take to send its headers (node-server.ts). */
  headersTimeoutMs: number;
  /** Open connections per address (IPv6 /64); absent: node-server.ts's default, 0: none. */
  maxConnectionsPerAddress?: number;
  /** The Redis that instances share their state in; absent: each keeps its own, in memory. */
  redis?: RedisConfig;
  /** The instant (epoch ms) the proxy's clock started at, from `BOOKING_PROXY_NOW`; absent: real time. */
  pinnedNow?: number;
}

export interface RedisConfig {
  /** `redis://[:password@]host:port[/db]` or `rediss://…`; it may hold a password, so it is never printed. */
  url: string;
  /** Put in front of every key: one per merchant account sharing a Redis. */
  prefix: string;
}

export type ProxyEnvReading = { ok: true; config: ProxyServerConfig } | { ok: false; problems: string[] };

type Env = Readonly<Record<string, string | undefined>>;

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Reads the Node entry's configuration from environment variables. Pure (but for
 * reading the real clock once, when `BOOKING_PROXY_NOW` pins the proxy's), so every
 * problem is reported at once, before anything listens. Problems name variables,
 * never their values.
 */
export function readProxyEnv(env: Env): ProxyEnvReading {
  const problems: string[] = [];
  const get = (name: ProxyEnv) => env[name]?.trim() || undefined;
  const integer = (name: ProxyEnv, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (/^\d+$/.test(raw) && value >= min && value <= max) return value;
    problems.push(`${name} must be a whole number from ${min} to ${max}.`);
    return fallback;
  };

  const upstream = get(ProxyEnv.upstream);
  if (!upstream) problems.push(`${ProxyEnv.upstream} is required: the base URL of the scheduling service.`);
  const companies = list(get(ProxyEnv.companies));
  if (companies.length === 0) problems.push(`${ProxyEnv.companies} is required: comma-separated company ids or externalIds.`);
  const allowedOrigins = list(get(ProxyEnv.origins));
  if (allowedOrigins.length === 0)
    problems.push(`${ProxyEnv.origins} is required: comma-separated origins of the pages that embed the widget.`);
  const credentials = readCredentials(get, problems);
  const rateLimit = integer(ProxyEnv.rateLimit, DEFAULT_LIMITS.postRateLimit.max, 0);
  const windowSeconds = integer(ProxyEnv.rateWindow, DEFAULT_LIMITS.postRateLimit.windowSeconds, 1);
  const manageReads = integer(ProxyEnv.manageReadRateLimit, DEFAULT_LIMITS.manageReadRateLimit.max, 0);
  const readRateLimit = integer(ProxyEnv.readRateLimit, DEFAULT_LIMITS.readRateLimit.max, 0);
  const concurrentReads = integer(ProxyEnv.concurrentReads, DEFAULT_LIMITS.concurrentReads, 0);
  const config: ProxyServerConfig = {
    options: {
      upstream: upstream ?? '',
      credentials: credentials ?? { apiKey: '', token: '' },
      companies,
      allowedOrigins,
      basePath: get(ProxyEnv.basePath),
      limits: {
        maxBodyBytes: integer(ProxyEnv.maxBodyBytes, DEFAULT_LIMITS.maxBodyBytes, 1),
        postRateLimit: rateLimit === 0 ? false : { max: rateLimit, windowSeconds },
        manageReadRateLimit: manageReads === 0 ? false : { max: manageReads, windowSeconds },
        // Per minute, as a visitor's page reads: its own window, so a longer POST window does not stretch it.
        readRateLimit: readRateLimit === 0 ? false : { max: readRateLimit, windowSeconds: DEFAULT_LIMITS.readRateLimit.windowSeconds },
        concurrentReads: concurrentReads === 0 ? false : concurrentReads,
        slotCacheMs: integer(ProxyEnv.slotCacheMs, DEFAULT_LIMITS.slotCacheMs, 0),
        upstreamTimeoutMs: integer(ProxyEnv.timeout, DEFAULT_LIMITS.upstreamTimeoutMs, 1),
        bodyTimeoutMs: integer(ProxyEnv.bodyTimeout, DEFAULT_LIMITS.bodyTimeoutMs, 1),
      },
      signingKeys: readSigningKeys(get, problems),
      cache: {
        maxAgeSeconds: integer(ProxyEnv.cacheSeconds, DEFAULT_CATALOG_CACHING.maxAgeSeconds, 0),
        staleSeconds: integer(ProxyEnv.cacheStaleSeconds, DEFAULT_CATALOG_CACHING.staleSeconds, 0),
      },
      holdSeconds: integer(ProxyEnv.holdSeconds, DEFAULT_HOLD_SECONDS, 0, MAX_HOLD_SECONDS),
    },
    port: integer(ProxyEnv.port, DEFAULT_PORT, 0, 65_535),
    host: get(ProxyEnv.host) ?? DEFAULT_HOST,
    trustedHops: readTrustedHops(get(ProxyEnv.trustForwarded), problems),
    headersTimeoutMs: integer(ProxyEnv.headersTimeout, DEFAULT_HEADERS_TIMEOUT_MS, 100),
  };
  if (get(ProxyEnv.maxConnections) !== undefined) config.maxConnectionsPerAddress = integer(ProxyEnv.maxConnections, 0, 0);
  if (readManageBookings(get, problems)) config.options.manageBookings = true;
  if (readSwitch(get, ProxyEnv.walkInQueues, 'a place in a line must outlive a restart', problems)) config.options.walkInQueues = true;
  // A random key per process is enough for one process; instances without a shared one refuse each other's challenges.
  const challenge = get(ProxyEnv.challenge);
  if (challenge === 'true' || challenge === '1') config.options.challenge = true;
  else if (challenge !== undefined && challenge !== '' && challenge !== 'false' && challenge !== '0')
    problems.push(`${ProxyEnv.challenge} must be true or false.`);
  const redis = readRedis(get, problems);
  if (redis) config.redis = redis;
  // Changes made elsewhere (service contract §14): the service must reach the proxy there.
  const publicUrl = get(ProxyEnv.publicUrl);
  if (publicUrl !== undefined) config.options.publicUrl = publicUrl;
  const pinnedNow = readPinnedNow(get(ProxyEnv.now), problems);
  if (pinnedNow !== undefined) {
    config.pinnedNow = pinnedNow;
    config.options.now = runningFrom(pinnedNow);
  }
  return problems.length ? { ok: false, problems } : { ok: true, config };
}

function readCredentials(get: (name: ProxyEnv) => string | undefined, problems: string[]): BookingProxyCredentials | undefined {
  const partner = [ProxyEnv.apiKey, ProxyEnv.token] as const;
  const oauth = [ProxyEnv.clientId, ProxyEnv.clientSecret, ProxyEnv.refreshToken] as const;
  const partnerGiven = partner.filter((name) => get(name));
  const oauthGiven = oauth.filter((name) => get(name));
  if (partnerGiven.length && oauthGiven.length) {
    problems.push(`Set either ${partner.join(' and ')}, or ${oauth.join(', ')}; not both.`);
    return undefined;
  }
  const scheme = oauthGiven.length ? oauth : partner;
  const missing = scheme.filter((name) => !get(name));
  if (missing.length === scheme.length) {
    problems.push(`Credentials are required: ${partner.join(' and ')}, or ${oauth.join(', ')}.`);
    return undefined;
  }
  if (missing.length) {
    problems.push(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);
    return undefined;
  }
  return oauthGiven.length
    ? { clientId: get(ProxyEnv.clientId)!, clientSecret: get(ProxyEnv.clientSecret)!, refreshToken: get(ProxyEnv.refreshToken)! }
    : { apiKey: get(ProxyEnv.apiKey)!, token: get(ProxyEnv.token)! };
}

/**
 * The current key, then the previous one during a rotation; `undefined` (a random
 * key per process) when none is set.
 */
function readSigningKeys(get: (name: ProxyEnv) => string | undefined, problems: string[]): string[] | undefined {
  const current = get(ProxyEnv.signingKey);
  const previous = get(ProxyEnv.previousSigningKey);
  if (current === undefined) {
    if (previous !== undefined) problems.push(`${ProxyEnv.previousSigningKey} is set without ${ProxyEnv.signingKey}.`);
    return undefined;
  }
  const keys = previous === undefined ? [current] : [current, previous];
  for (const [index, key] of keys.entries()) {
    if (key.length < MIN_SIGNING_KEY_LENGTH) {
      problems.push(
        `${index ? ProxyEnv.previousSigningKey : ProxyEnv.signingKey} must be at least ${MIN_SIGNING_KEY_LENGTH} characters (openssl rand -base64 32).`,
      );
    }
  }
  return keys;
}

/** `true` or `1` turns visitor self-service on; it needs the signing key, which must outlive the process. */
function readManageBookings(get: (name: ProxyEnv) => string | undefined, problems: string[]): boolean {
  const value = get(ProxyEnv.manageBookings);
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value !== 'true' && value !== '1') {
    problems.push(`${ProxyEnv.manageBookings} must be true or false.`);
    return false;
  }
  if (get(ProxyEnv.signingKey) === undefined)
    problems.push(`${ProxyEnv.manageBookings} needs ${ProxyEnv.signingKey}: manage links must outlive a restart.`);
  return true;
}

/** `true` or `1` turns a signed feature on (walk-in lines, service contract §16); it needs the signing key, which must outlive the process. */
function readSwitch(get: (name: ProxyEnv) => string | undefined, name: ProxyEnv, why: string, problems: string[]): boolean {
  const value = get(name);
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value !== 'true' && value !== '1') {
    problems.push(`${name} must be true or false.`);
    return false;
  }
  if (get(ProxyEnv.signingKey) === undefined) problems.push(`${name} needs ${ProxyEnv.signingKey}: ${why}.`);
  return true;
}

/** `true` means one reverse proxy; a number counts several (a CDN in front of nginx: 2). */
function readTrustedHops(raw: string | undefined, problems: string[]): number {
  const value = raw?.toLowerCase();
  if (value === undefined || value === 'false' || value === 'no' || value === '0') return 0;
  if (value === 'true' || value === 'yes') return 1;
  if (/^[1-9]\d?$/.test(value)) return Number(value);
  problems.push(`${ProxyEnv.trustForwarded} must be true, false or the number of reverse proxies in front (1 to 99).`);
  return 0;
}

function readRedis(get: (name: ProxyEnv) => string | undefined, problems: string[]): RedisConfig | undefined {
  const url = get(ProxyEnv.redisUrl);
  if (url === undefined) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = undefined;
  }
  // The value is not repeated: it may hold the Redis password.
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    problems.push(`${ProxyEnv.redisUrl} must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379.`);
  return { url, prefix: get(ProxyEnv.redisPrefix) ?? DEFAULT_STATE_PREFIX };
}

/** `2026-03-04T15:00:00Z`, `2026-03-04T16:00:00.000+01:00`: a real day and time, with its offset. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The instant `BOOKING_PROXY_NOW` names, in epoch ms; a date without its offset would depend on the host's zone. */
function readPinnedNow(raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const match = ISO_INSTANT.exec(raw);
  if (match && isCalendarDate(match[1])) return Date.parse(raw);
  problems.push(`${ProxyEnv.now} must be an ISO 8601 instant with its offset, such as 2026-03-04T15:00:00Z; leave it unset for real time.`);
  return undefined;
}

/**
 * A clock that reads `startMs` now and then runs at the real clock's pace. Not a
 * stopped one: the rate-limit windows, the catalog cache and the expiry of what the
 * proxy keeps in memory all read this clock, and would never move on.
 */
function runningFrom(startMs: number): () => number {
  const offset = startMs - Date.now();
  return () => Date.now() + offset;
}
