/**
 * The public options of `createBookingProxy`. Every option is read once, when the
 * proxy is created; a wrong value throws a `TypeError` there rather than failing
 * the first visitor's request.
 */
import type { RefusalReason } from './http/refusal.js';
import type { ProxyState } from './state/proxy-state.js';
import type { LiveBus } from './live/live-bus.js';

/**
 * Partner credentials (service contract §2): sent upstream as the `apiKey` and `token` headers.
 *
 * @example
 * { apiKey: process.env.BOOKING_PROXY_API_KEY!, token: process.env.BOOKING_PROXY_TOKEN! }
 */
export interface PartnerCredentials {
  /** The partner API key. */
  apiKey: string;
  /** The single-sign-on token of the account that owns the companies. */
  token: string;
}

/**
 * OAuth credentials (service contract §2). The proxy exchanges the refresh token for access
 * tokens at `POST {upstream}/o/oauth2/token`, keeps each one until shortly before it
 * expires, and refreshes once (for all waiting requests) when the service answers 401.
 *
 * @example
 * {
 *   clientId: 'my-app',
 *   clientSecret: process.env.BOOKING_PROXY_CLIENT_SECRET!,
 *   refreshToken: process.env.BOOKING_PROXY_REFRESH_TOKEN!,
 *   onRefreshToken: (token) => saveSecret('BOOKING_PROXY_REFRESH_TOKEN', token),
 * }
 */
export interface OAuthCredentials {
  /** The application's client id. */
  clientId: string;
  /** The application's client secret. */
  clientSecret: string;
  /** A refresh token of the merchant's account. */
  refreshToken: string;
  /**
   * Called when the token endpoint hands out a new refresh token. The proxy uses the
   * new one from then on; store it if the service retires old ones, or a restart
   * would start from a dead token.
   *
   * @example
   * onRefreshToken: (token) => kv.put('refresh-token', token)
   */
  onRefreshToken?: (refreshToken: string) => void | Promise<void>;
}

export type BookingProxyCredentials = PartnerCredentials | OAuthCredentials;

/**
 * A sliding-window limit on the POSTs (client and appointment creation) that one
 * client address may send.
 *
 * @example
 * { max: 10, windowSeconds: 60 }
 */
export interface PostRateLimit {
  /** POSTs allowed per window and client address. */
  max: number;
  /** Length of the window, in seconds. */
  windowSeconds: number;
}

/**
 * Limits that keep one visitor, or one slow service, from tying the proxy up.
 *
 * @example
 * { maxBodyBytes: 8192, postRateLimit: { max: 5, windowSeconds: 60 }, upstreamTimeoutMs: 5000, bodyTimeoutMs: 3000 }
 */
export interface BookingProxyLimits {
  /**
   * Largest POST body accepted, in bytes; larger ones are answered 413
   * `PAYLOAD_TOO_LARGE`. Default 16384.
   *
   * @example
   * maxBodyBytes: 8192
   */
  maxBodyBytes?: number;
  /**
   * POST rate limit per client address (see `clientAddress`); over it the proxy
   * answers 429 `RATE_LIMITED` with `Retry-After` in seconds. `false` turns it off
   * (for instance when the platform in front already limits). Default
   * `{ max: 10, windowSeconds: 60 }`. The counts live in `state`: per process
   * unless several instances share one.
   *
   * @example
   * postRateLimit: { max: 20, windowSeconds: 300 }
   */
  postRateLimit?: PostRateLimit | false;
  /**
   * Reads of one booking through a visitor's manage link (service contract §7a), per client
   * address: a count of their own, apart from `postRateLimit`, so that a visitor who opens
   * their link a few times can still move or cancel. Over it: 429 `RATE_LIMITED` with
   * `Retry-After`. `false` turns it off. Default `{ max: 30, windowSeconds: 60 }`.
   *
   * @example
   * manageReadRateLimit: { max: 60, windowSeconds: 60 }
   */
  manageReadRateLimit?: PostRateLimit | false;
  /**
   * Rate limit on reads (the company, its lists, free slots) per client address,
   * an IPv6 address counting as its /64; over it the proxy answers 429
   * `RATE_LIMITED`. Far above what one visitor's page reads (a few dozen a minute),
   * far below a loop spending the merchant's quota. Separate from the POST limit.
   * `false` turns it off. Default `{ max: 300, windowSeconds: 60 }`.
   *
   * @example
   * readRateLimit: { max: 600, windowSeconds: 60 }
   */
  readRateLimit?: PostRateLimit | false;
  /**
   * Free-slot queries one client address (IPv6: its /64) may have waiting on the
   * service at once, per process; more are answered 429 at once. `false` turns it
   * off. Default 8.
   *
   * @example
   * concurrentReads: 16
   */
  concurrentReads?: number | false;
  /**
   * How long, in milliseconds, an answer to a free-slot query is shared by every
   * visitor asking exactly the same, per process; identical queries in flight
   * share one call too. `0` turns it off. Default 3000.
   *
   * @example
   * slotCacheMs: 5000
   */
  slotCacheMs?: number;
  /**
   * How long the service may take to answer one request (including an access-token
   * refresh), in milliseconds. Past it the proxy answers 504 `UNAVAILABLE`.
   * Default 10000.
   *
   * @example
   * upstreamTimeoutMs: 5000
   */
  upstreamTimeoutMs?: number;
  /**
   * How long the browser may take to send a POST body, in milliseconds, counted
   * from when the proxy starts reading it. Past it the proxy answers 408
   * `REQUEST_TIMEOUT`, so that a body that never arrives cannot hold a
   * connection open. A booking body is under 2 KB. Default 5000.
   *
   * @example
   * bodyTimeoutMs: 3000
   */
  bodyTimeoutMs?: number;
}

import type { CatalogCaching } from './http/cache-policy.js';

export type { CatalogCaching };

/**
 * One line of the request log. Every field is a constant or a number chosen by the
 * proxy: nothing the visitor typed (names, e-mail addresses, phone numbers, notes,
 * query values, ids in paths) and no credential ever appears in it.
 */
export interface BookingProxyLogEntry {
  /** The HTTP method, or `OTHER` for a method the proxy does not know. */
  method: string;
  /** The allowlisted path family, e.g. `/api/2.0/scheduling/companies/:company/widget/freeSlots`; `-` when refused before matching. */
  route: string;
  /** The status the browser received. */
  status: number;
  /** Time spent on the request, in whole milliseconds. */
  durationMs: number;
  /** The status the service answered with, when the request was forwarded. */
  upstreamStatus?: number;
  /** Why the proxy answered by itself, when it did. */
  reason?: RefusalReason;
  /**
   * The page's origin, when `reason` is `origin-not-allowed`: the one to add to `allowedOrigins`
   * if the page is the merchant's. Written only in the form browsers send (`https://host[:port]`
   * or `null`); anything else is logged as `malformed`.
   */
  refusedOrigin?: string;
}

/**
 * Options of `createBookingProxy`.
 *
 * @example
 * createBookingProxy({
 *   upstream: 'https://api.scheduling.example',
 *   credentials: { apiKey: env.API_KEY, token: env.TOKEN },
 *   companies: ['demo-salon'],
 *   allowedOrigins: ['https://www.my-salon.example'],
 * })
 */
export interface BookingProxyOptions {
  /**
   * Base URL of the scheduling service; may carry a path prefix, which is kept in
   * front of every forwarded path. Must be `http:` or `https:`, without
   * credentials, query or fragment.
   *
   * @example
   * upstream: 'https://api.scheduling.example'
   * @example
   * upstream: 'http://127.0.0.1:8787'
   */
  upstream: string;
  /**
   * The credentials the proxy adds to every forwarded request. They never reach
   * the browser.
   *
   * @example
   * credentials: { apiKey: env.API_KEY, token: env.TOKEN }
   * @example
   * credentials: { clientId: env.CLIENT_ID, clientSecret: env.CLIENT_SECRET, refreshToken: env.REFRESH_TOKEN }
   */
  credentials: BookingProxyCredentials;
  /**
   * The companies this proxy serves, by `id` or `externalId`, exactly as the widget
   * names them in paths. A request naming any other company is answered 403
   * without contacting the service. List both forms if the widget may use either.
   *
   * @example
   * companies: ['demo-salon', '5f1c0a7e']
   */
  companies: readonly string[];
  /**
   * Browser origins (`scheme://host[:port]`, exact match) allowed to call the proxy.
   * They get CORS headers and their preflights are answered; a request carrying
   * any other `Origin` is refused 403. Requests without `Origin` (same-origin GETs,
   * servers) are served. List the page's own origin too when the proxy is mounted
   * on the same site: browsers send `Origin` on same-origin POSTs.
   *
   * @example
   * allowedOrigins: ['https://www.my-salon.example', 'http://localhost:8000']
   */
  allowedOrigins: readonly string[];
  /**
   * The path prefix the proxy is mounted under; it is removed before matching, so
   * the widget's `apiBase` is `https://site.example/booking-api`. Default: none.
   *
   * @example
   * basePath: '/booking-api'
   */
  basePath?: string;
  /**
   * Body size, POST rate and upstream time limits.
   *
   * @example
   * limits: { maxBodyBytes: 8192, postRateLimit: { max: 5, windowSeconds: 60 } }
   */
  limits?: BookingProxyLimits;
  /**
   * How long browsers and CDNs may keep the company and its lists (services, staff,
   * resources, groups): the same for every visitor, and they change rarely. Sent as
   * `Cache-Control: public, max-age, s-maxage, stale-while-revalidate`; free times and
   * everything else are `no-store`. `false` stores nothing. Default `{ maxAgeSeconds: 60, staleSeconds: 600 }`.
   *
   * @example
   * cache: { maxAgeSeconds: 300, staleSeconds: 3600 }
   */
  cache?: Partial<CatalogCaching> | false;
  /**
   * Tells the client address the POST rate limit counts by. The default counts
   * every request under one shared address, so set it: the Node entry
   * (`npm run proxy`) supplies the socket's address, and trusts `X-Forwarded-For`
   * only when told to (`BOOKING_PROXY_TRUST_FORWARDED`), because any client can
   * write that header. On an edge runtime use the address the platform vouches for.
   *
   * @example
   * clientAddress: (request) => request.headers.get('CF-Connecting-IP') ?? 'unknown'
   */
  clientAddress?: (request: Request) => string;
  /**
   * Keys that sign the tokens the proxy gives the browser (the id of a client it
   * created, which the appointment must name). The first signs; every one
   * verifies, so a key can be rotated by putting the new one first and keeping the
   * previous one until what it signed has expired (an hour for client tokens). Each at least 32 characters (`openssl rand -base64 32`).
   * Default: a random key per process, which is enough for one process, but every
   * instance of a proxy behind a load balancer, and every edge isolate, must share
   * the same keys: set them there.
   *
   * @example
   * signingKeys: [env.BOOKING_PROXY_SIGNING_KEY]
   * @example
   * signingKeys: [env.BOOKING_PROXY_SIGNING_KEY, env.BOOKING_PROXY_SIGNING_KEY_PREVIOUS]
   */
  signingKeys?: readonly string[];
  /**
   * Lets visitors read, reschedule and cancel their own booking (service contract §7a): a
   * created appointment's answer carries a `manageToken`, and `GET`, `PUT` (new
   * times only) and `DELETE` of that one appointment are forwarded when the
   * request's `Manage-Token` header holds it. Requires `signingKeys`: a link in
   * a visitor's calendar must outlive the process and work on every instance.
   * Default `false`.
   *
   * @example
   * manageBookings: true, signingKeys: [env.BOOKING_PROXY_SIGNING_KEY]
   */
  manageBookings?: boolean;
  /**
   * Lets visitors join a company's walk-in line (service contract §16): `GET queues` of a
   * served company (without `author`), `POST registrations` for a client this proxy created
   * (with a phone number; party size 1–10), whose answer carries a `queueToken`, and `GET`
   * and `DELETE` of that one registration when the `Queue-Token` header holds it. Never the
   * whole line nor the call of the next person. Joins are limited per address and per phone
   * number. Requires `signingKeys`. Default `false`.
   *
   * @example
   * walkInQueues: true, signingKeys: [env.BOOKING_PROXY_SIGNING_KEY]
   */
  walkInQueues?: boolean;
  /**
   * Asks a proof of work of every booking (docs/proxy.md, "Bots: the booking challenge"):
   * `GET {basePath}/proxy/challenge` serves an ALTCHA challenge, and `POST clients` must carry
   * its solution in the `Altcha` header, each accepted once (`state` remembers it until it
   * expires). The appointment for that client needs no second one; a second appointment for
   * it does. The widget solves it in a Web Worker while the visitor types. Its key is derived
   * from `signingKeys`, so instances sharing those share it. Default `false`; `true` is
   * `{ maxNumber: 50000, expiresSeconds: 600 }`.
   *
   * @example
   * challenge: true
   * @example
   * challenge: { maxNumber: 100_000, expiresSeconds: 300 }
   */
  challenge?: boolean | { maxNumber?: number; expiresSeconds?: number };
  /**
   * The proxy's clock, in epoch milliseconds: the booking window (`minNoticeMinutes`,
   * `maxDaysAhead`), token expiry, the catalog cache and the rate limit read it.
   * Default `Date.now`; tests pin it.
   *
   * @example
   * now: () => Date.parse('2026-03-04T15:00:00Z')
   */
  now?: () => number;
  /**
   * The `fetch` used to reach the service. Default: the global `fetch`. Tests pass
   * an in-process service; a merchant may pass a fetch with a custom transport.
   *
   * @example
   * fetch: (input, init) => sandbox(new Request(input, init))
   */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * Where the rate-limit counts, the booking idempotency records and the OAuth
   * token live. Default: this process's memory, which is right for one instance.
   * Instances behind one load balancer share a `RedisState`
   * (`packages/proxy/src/state/redis-state.ts`); Workers isolates, `durableObjectState`
   * (`packages/proxy/src/state/durable-objects.ts`). If it cannot be reached, bookings are
   * refused with 503 `UNAVAILABLE` and reads are still served.
   *
   * @example
   * state: new RedisState(new Redis(process.env.REDIS_URL))
   * @example
   * state: durableObjectState({ rateLimits: env.BOOKING_PROXY_RATE_LIMITS, records: env.BOOKING_PROXY_RECORDS })
   */
  state?: ProxyState;
  /**
   * How long the time a visitor chose is held for them while they type their
   * details, in seconds: others do not see it offered, and a booking of it
   * without the visitor's hold token is refused 409 before reaching the service.
   * The widget renews it while the details step is open and releases it on
   * Back, on leaving the page and once booked. Holds live in `state`, so every
   * instance sharing it agrees. 0 turns holds off. Default 300.
   *
   * @example
   * holdSeconds: 600
   */
  holdSeconds?: number;
  /**
   * How a change seen by one instance (a time held, released or booked) reaches the
   * booking pages open on every instance, through their live stream
   * (`GET …/proxy/companies/{company}/live`). Default: this process only, which is
   * right for one instance. Node instances sharing a Redis share a `RedisLiveBus`
   * (`packages/proxy/src/live/redis-live-bus.ts`; the Node entry makes one with
   * `BOOKING_PROXY_REDIS_URL`).
   *
   * @example
   * live: new RedisLiveBus(redis, redis.duplicate())
   */
  live?: LiveBus;
  /**
   * The proxy's own public base URL, as the widget's `api-base` names it: where the
   * scheduling service can reach it. With it, the proxy registers the service's watches
   * (service contract §14) on its first request, receives their deliveries under
   * `{publicUrl}/proxy/…`, and so tells the open pages of a time booked or cancelled
   * elsewhere (the dashboard, the phone) and forgets a company's catalog when it changes.
   * The deliveries' secret is derived from `signingKeys`: give every instance the same.
   * Without it, changes made elsewhere reach pages at their next load.
   *
   * @example
   * publicUrl: 'https://www.my-salon.example/booking-api'
   */
  publicUrl?: string;
  /**
   * Receives one entry per request. Default: one line on `console.info`, such as
   * `booking-proxy POST /api/2.0/clients 201 35ms upstream=201`. `false` logs nothing.
   *
   * @example
   * log: (entry) => logger.info({ proxy: entry })
   * @example
   * log: false
   */
  log?: ((entry: BookingProxyLogEntry) => void) | false;
}

/** What the platform gives one request beyond the request itself. */
export interface BookingProxyContext {
  /**
   * Keeps the platform running the work a request leaves behind once it is answered
   * (registering the service's watches, what a watch's delivery asks the service):
   * a Worker may otherwise stop it with the answer. On Workers, `ctx.waitUntil.bind(ctx)`
   * (or the Worker's `ctx` itself). Without it the work runs on by itself, which is right
   * where the process outlives its requests (Node, Deno).
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/**
 * The handler: a web-standard request in, a response out. Its second argument may be
 * whatever a server passes its handler beside the request (Hono's bindings, Deno's
 * connection info): only a `waitUntil` in it is used.
 */
export type BookingProxy = (request: Request, context?: BookingProxyContext | object) => Promise<Response>;
