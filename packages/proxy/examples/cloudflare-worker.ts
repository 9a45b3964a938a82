/**
 * The booking proxy on Cloudflare Workers: the same handler as `npm run proxy`,
 * configured from the Worker's variables and secrets (same names: the "Environment" section of the package README),
 * with its rate-limit counts, OAuth token and booking idempotency records in
 * Durable Objects, so that every isolate shares them.
 *
 *   npx wrangler secret put BOOKING_PROXY_API_KEY --config packages/proxy/examples/wrangler.jsonc
 *   npx wrangler secret put BOOKING_PROXY_TOKEN --config packages/proxy/examples/wrangler.jsonc
 *   openssl rand -base64 32 | npx wrangler secret put BOOKING_PROXY_SIGNING_KEY --config packages/proxy/examples/wrangler.jsonc
 *   npx wrangler deploy --config packages/proxy/examples/wrangler.jsonc
 *
 * packages/proxy/examples/wrangler.jsonc binds the three Durable Object classes exported below:
 * the state's two, and the live channel's (one object per company, which carries a change seen
 * by one isolate to the pages connected to every other).
 */
import { createBookingProxy, readProxyEnv, type BookingProxy } from 'booking-widget-proxy';
import { durableObjectLiveBus, durableObjectState, type DurableObjectNamespaceLike } from 'booking-widget-proxy/cloudflare';

// Cloudflare finds the classes the bindings name among the Worker's exports.
export { BookingProxyLive, BookingProxyRateLimit, BookingProxyRecord } from 'booking-widget-proxy/cloudflare';

interface Env {
  BOOKING_PROXY_RATE_LIMITS: DurableObjectNamespaceLike;
  BOOKING_PROXY_RECORDS: DurableObjectNamespaceLike;
  BOOKING_PROXY_LIVE: DurableObjectNamespaceLike;
  [name: string]: unknown;
}

/** The parts of the Worker's `ExecutionContext` used here. */
interface Context {
  waitUntil(work: Promise<unknown>): void;
}

// One proxy per isolate, created on the first request (that is when `env` is known).
// Its state is in the Durable Objects; the isolate only caches the access token.
let proxy: BookingProxy | undefined;

function createProxy(env: Env): BookingProxy {
  const strings = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const reading = readProxyEnv(strings);
  if (!reading.ok) throw new Error(`booking-proxy cannot start: ${reading.problems.join(' ')}`);
  // A client token signed in one isolate is checked in another: a random key per isolate would not do.
  if (!reading.config.options.signingKeys) throw new Error('booking-proxy cannot start: set the BOOKING_PROXY_SIGNING_KEY secret.');
  return createBookingProxy({
    ...reading.config.options,
    // Cloudflare writes this header itself; a visitor cannot choose its value.
    clientAddress: (request) => request.headers.get('CF-Connecting-IP') ?? 'unknown',
    state: durableObjectState({ rateLimits: env.BOOKING_PROXY_RATE_LIMITS, records: env.BOOKING_PROXY_RECORDS }),
    live: durableObjectLiveBus(env.BOOKING_PROXY_LIVE),
  });
}

export default {
  fetch(request: Request, env: Env, ctx: Context): Promise<Response> {
    proxy ??= createProxy(env);
    // What a request leaves running once answered (the watches' registration, a delivery's follow-up) is kept alive.
    return proxy(request, { waitUntil: ctx.waitUntil.bind(ctx) });
  },
};
