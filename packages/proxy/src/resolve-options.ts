import { type CatalogCaching, DEFAULT_CATALOG_CACHING } from './http/cache-policy.js';
import { CatalogCache } from './upstream/catalog.js';
import { normaliseOrigins } from './http/cors.js';
import { checkCredentials, credentialSource } from './upstream/credentials.js';
import { consoleLog } from './http/log.js';
import type { BookingProxyLogEntry, BookingProxyOptions, PostRateLimit } from './options.js';
import { normaliseBasePath } from './http/request-path.js';
import { createTokenSigner, MIN_SIGNING_KEY_LENGTH, randomSigningKey, type TokenSigner } from './tokens/signing.js';
import { MemoryState } from './state/memory-state.js';
import { type LiveBus, MemoryLiveBus } from './live/live-bus.js';
import { versionedBus } from './live/live-version.js';
import { SlotCache } from './upstream/slot-cache.js';
import { ReadsInFlight } from './state/reads-in-flight.js';
import type { ProxyState } from './state/proxy-state.js';
import { createUpstream, type Upstream, type UpstreamFetch } from './upstream/exchange.js';
import { ServiceWatches } from './watches/service-watches.js';

export const DEFAULT_LIMITS = {
  maxBodyBytes: 16_384,
  postRateLimit: { max: 10, windowSeconds: 60 },
  // A visitor who books, moves and cancels twice in a minute opens their link four times; a page reload or two more.
  manageReadRateLimit: { max: 30, windowSeconds: 60 },
  readRateLimit: { max: 300, windowSeconds: 60 },
  concurrentReads: 8,
  slotCacheMs: 3_000,
  upstreamTimeoutMs: 10_000,
  bodyTimeoutMs: 5_000,
} as const;

/** Everyone counted under one address: safe, but every visitor shares the limit. Set `clientAddress`. */
const SHARED_ADDRESS = 'shared';

/** The options, checked once and turned into the objects the handler uses. */
export interface ResolvedProxy {
  /** The way to the scheduling service, with the merchant's credentials. */
  upstream: Upstream;
  companies: ReadonlySet<string>;
  origins: ReadonlySet<string>;
  basePath: string;
  maxBodyBytes: number;
  upstreamTimeoutMs: number;
  bodyTimeoutMs: number;
  catalogCaching: CatalogCaching | false;
  postRateLimit?: PostRateLimit;
  /** Reads of a booking through a manage link: a count of their own, so reading never uses up the writes. */
  manageReadRateLimit?: PostRateLimit;
  readRateLimit?: PostRateLimit;
  /** Reads in flight per address group, in this process. */
  readsInFlight: ReadsInFlight;
  /** `clientAddress` was given: without it every visitor is one address, and reads are not limited. */
  addressKnown: boolean;
  /** Identical free-slot queries, shared for a few seconds. */
  slotCache: SlotCache;
  state: ProxyState;
  clientAddress: (request: Request) => string;
  log: (entry: BookingProxyLogEntry) => void;
  now: () => number;
  signer: TokenSigner;
  catalog: CatalogCache;
  /** Visitor self-service (service contract §7a): only with keys the merchant set. */
  manageBookings: boolean;
  /** Walk-in lines (service contract §16): only with keys the merchant set. */
  walkInQueues: boolean;
  /** How long a visitor's chosen time is held for them (holds/); 0: holds are off. */
  holdSeconds: number;
  /** What the open pages of each company are told (live/). */
  live: LiveBus;
  /** The service's watches (service contract §14): only when the proxy knows where the service reaches it. */
  watches?: ServiceWatches;
  /** The booking challenge (rules/booking-challenge.ts), when the merchant turned it on. */
  challenge: ChallengeSettings | undefined;
}

const fail = (message: string): never => {
  throw new TypeError(`booking proxy: ${message}`);
};

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return Number.isSafeInteger(value) && value > 0 ? value : fail(`${name} must be a positive whole number.`);
}

/** `scheme://host[:port][/prefix]` without a trailing slash; credentials in it are refused. */
function upstreamBase(upstream: string | undefined): string {
  let url: URL | undefined;
  try {
    url = new URL(upstream ?? '');
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    return fail(`upstream must be an http(s) URL without query or fragment, such as "https://api.scheduling.example".`);
  }
  if (url.username || url.password) return fail('upstream must not carry a user name or password; pass credentials instead.');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** The given keys, checked, or one random key: a proxy that runs alone needs no configuration. */
function signingKeys(keys: readonly string[] | undefined): string[] {
  if (keys === undefined) return [randomSigningKey()];
  if (!Array.isArray(keys) || keys.length === 0 || keys.some((key) => typeof key !== 'string' || key.length < MIN_SIGNING_KEY_LENGTH)) {
    return fail(`signingKeys must list one or more keys of at least ${MIN_SIGNING_KEY_LENGTH} characters.`);
  }
  return [...keys];
}

export function resolveOptions(options: BookingProxyOptions): ResolvedProxy {
  const base = upstreamBase(options.upstream);
  checkCredentials(options.credentials);
  const companies = options.companies ?? [];
  if (!Array.isArray(companies) || companies.length === 0 || companies.some((c) => typeof c !== 'string' || !c)) {
    fail('companies must list at least one company id or externalId.');
  }
  if (!Array.isArray(options.allowedOrigins)) fail('allowedOrigins must be a list of origins (it may be empty).');
  if (options.now !== undefined && typeof options.now !== 'function') fail('now must be a function returning epoch milliseconds.');
  const limits = options.limits ?? {};
  const upstreamTimeoutMs = positiveInteger('limits.upstreamTimeoutMs', limits.upstreamTimeoutMs, DEFAULT_LIMITS.upstreamTimeoutMs);
  const fetch: UpstreamFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  // The proxy's clock is the state's too, so a pinned clock pins the rate limit and the records' expiry.
  const state = options.state ?? new MemoryState({ now });
  if (
    ['hit', 'get', 'set', 'setIfAbsent', 'delete'].some(
      (method) => typeof (state as unknown as Record<string, unknown>)[method] !== 'function',
    )
  ) {
    fail('state must implement ProxyState (hit, get, set, setIfAbsent, delete), such as a RedisState.');
  }
  if (options.manageBookings !== undefined && typeof options.manageBookings !== 'boolean') fail('manageBookings must be true or false.');
  if (options.manageBookings && options.signingKeys === undefined) {
    fail('manageBookings needs signingKeys (BOOKING_PROXY_SIGNING_KEY): manage links must stay valid across restarts and instances.');
  }
  if (options.walkInQueues !== undefined && typeof options.walkInQueues !== 'boolean') fail('walkInQueues must be true or false.');
  if (options.walkInQueues && options.signingKeys === undefined) {
    fail(
      "walkInQueues needs signingKeys (BOOKING_PROXY_SIGNING_KEY): a visitor's place in a line must survive a restart and reach every instance.",
    );
  }
  const credentials = credentialSource(options.credentials, { url: `${base}/o/oauth2/token`, fetch, timeoutMs: upstreamTimeoutMs }, state);
  const upstream = createUpstream({ base, credentials, fetch, timeoutMs: upstreamTimeoutMs });
  const signer = createTokenSigner(signingKeys(options.signingKeys));
  const publicUrl = options.publicUrl === undefined ? undefined : publicBase(options.publicUrl);
  return {
    upstream,
    companies: new Set(companies),
    origins: normaliseOrigins(options.allowedOrigins),
    basePath: normaliseBasePath(options.basePath),
    maxBodyBytes: positiveInteger('limits.maxBodyBytes', limits.maxBodyBytes, DEFAULT_LIMITS.maxBodyBytes),
    upstreamTimeoutMs,
    bodyTimeoutMs: positiveInteger('limits.bodyTimeoutMs', limits.bodyTimeoutMs, DEFAULT_LIMITS.bodyTimeoutMs),
    catalogCaching: resolveCaching(options.cache),
    postRateLimit: resolveRate('postRateLimit', limits.postRateLimit, DEFAULT_LIMITS.postRateLimit),
    readRateLimit: resolveRate('readRateLimit', limits.readRateLimit, DEFAULT_LIMITS.readRateLimit),
    readsInFlight: new ReadsInFlight(
      limits.concurrentReads === false
        ? undefined
        : positiveInteger('limits.concurrentReads', limits.concurrentReads, DEFAULT_LIMITS.concurrentReads),
    ),
    addressKnown: options.clientAddress !== undefined,
    slotCache: new SlotCache(slotCacheMs(limits.slotCacheMs), now),
    manageReadRateLimit: resolveRate('manageReadRateLimit', limits.manageReadRateLimit, DEFAULT_LIMITS.manageReadRateLimit),
    state,
    clientAddress: options.clientAddress ?? (() => SHARED_ADDRESS),
    log: options.log === false ? () => {} : (options.log ?? consoleLog),
    now,
    signer,
    catalog: new CatalogCache({ upstream, now }),
    manageBookings: options.manageBookings === true,
    walkInQueues: options.walkInQueues === true,
    holdSeconds: holdSeconds(options.holdSeconds),
    // Every message changes the company's version, which pages whose stream is cut poll (live/live-version.ts).
    live: versionedBus(options.live ?? new MemoryLiveBus(), state, now),
    ...(publicUrl === undefined ? {} : { watches: new ServiceWatches(publicUrl, signer) }),
    challenge: resolveChallenge(options.challenge),
  };
}

/** `scheme://host[:port][/path]` without a trailing slash: the service appends the proxy's own paths to it. */
function publicBase(publicUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(publicUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    return fail('publicUrl must be an http(s) URL without query, fragment or credentials, such as "https://shop.example/booking-api".');
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function resolveRate(name: string, rate: PostRateLimit | false | undefined, fallback: PostRateLimit): PostRateLimit | undefined {
  if (rate === false) return undefined;
  const given = rate ?? fallback;
  return {
    max: positiveInteger(`limits.${name}.max`, given.max, fallback.max),
    windowSeconds: positiveInteger(`limits.${name}.windowSeconds`, given.windowSeconds, fallback.windowSeconds),
  };
}

function slotCacheMs(value: number | undefined): number {
  if (value === undefined) return DEFAULT_LIMITS.slotCacheMs;
  return Number.isSafeInteger(value) && value >= 0 ? value : fail('limits.slotCacheMs must be a whole number of milliseconds (0 or more).');
}

/** The booking challenge (rules/booking-challenge.ts). */
export interface ChallengeSettings {
  /** The largest number a solution may be: a visitor tries half of them on average. */
  maxNumber: number;
  /** How long a challenge may be solved and spent for. */
  expiresSeconds: number;
}

/**
 * 50,000 SHA-256 hashes at most, 25,000 on average: a tenth of a second or two on a phone,
 * off its main thread; ten minutes to spend it, more than a visitor takes to type.
 */
export const DEFAULT_CHALLENGE: ChallengeSettings = { maxNumber: 50_000, expiresSeconds: 600 };

/** Five minutes, as the peers hold a clicked time; 0 turns holds off. */
export const DEFAULT_HOLD_SECONDS = 300;
export const MAX_HOLD_SECONDS = 3600;

function holdSeconds(value: number | undefined): number {
  if (value === undefined) return DEFAULT_HOLD_SECONDS;
  return Number.isInteger(value) && value >= 0 && value <= MAX_HOLD_SECONDS
    ? value
    : fail(`holdSeconds must be a whole number of seconds from 0 (off) to ${MAX_HOLD_SECONDS}.`);
}

function resolveChallenge(challenge: BookingProxyOptions['challenge']): ChallengeSettings | undefined {
  if (challenge === undefined || challenge === false) return undefined;
  if (challenge === true) return DEFAULT_CHALLENGE;
  if (typeof challenge !== 'object' || challenge === null) return fail('challenge must be true, false or { maxNumber, expiresSeconds }.');
  return {
    maxNumber: positiveInteger('challenge.maxNumber', challenge.maxNumber, DEFAULT_CHALLENGE.maxNumber),
    expiresSeconds: positiveInteger('challenge.expiresSeconds', challenge.expiresSeconds, DEFAULT_CHALLENGE.expiresSeconds),
  };
}

function resolveCaching(cache: Partial<CatalogCaching> | false | undefined): CatalogCaching | false {
  if (cache === false) return false;
  const whole = (name: string, value: number | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 0) fail(`cache.${name} must be a whole number of seconds (0 or more), not ${String(value)}.`);
    return value;
  };
  const maxAgeSeconds = whole('maxAgeSeconds', cache?.maxAgeSeconds, DEFAULT_CATALOG_CACHING.maxAgeSeconds);
  return maxAgeSeconds === 0
    ? false
    : { maxAgeSeconds, staleSeconds: whole('staleSeconds', cache?.staleSeconds, DEFAULT_CATALOG_CACHING.staleSeconds) };
}
