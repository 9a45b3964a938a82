/**
 * The booking proxy on Cloudflare Workers: the same handler as `npm run proxy`,
 * configured from the Worker's variables and secrets (same names, docs/proxy.md).
 *
 *   npx wrangler secret put BOOKING_PROXY_API_KEY
 *   npx wrangler secret put BOOKING_PROXY_TOKEN
 *   openssl rand -base64 32 | npx wrangler secret put BOOKING_PROXY_SIGNING_KEY
 *   npx wrangler deploy
 *
 * with a wrangler.toml at the repository root:
 *
 *   name = "booking-proxy"
 *   main = "docs/deploy/cloudflare-worker.ts"
 *   compatibility_date = "2026-01-01"
 *   [vars]
 *   BOOKING_PROXY_UPSTREAM = "https://api.scheduling.example"
 *   BOOKING_PROXY_COMPANIES = "my-salon"
 *   BOOKING_PROXY_ORIGINS = "https://www.my-salon.example"
 */
import { createBookingProxy, readProxyEnv, type BookingProxy } from '../../src/proxy/index.js';

// One proxy per isolate, created on the first request (that is when `env` is known);
// it keeps the access token and the rate-limit counts between requests.
let proxy: BookingProxy | undefined;

function createProxy(env: Record<string, unknown>): BookingProxy {
  const strings = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const reading = readProxyEnv(strings);
  if (!reading.ok) throw new Error(`booking-proxy cannot start: ${reading.problems.join(' ')}`);
  // A client token signed in one isolate is checked in another: a random key per isolate would not do.
  if (!reading.config.options.signingKeys) throw new Error('booking-proxy cannot start: set the BOOKING_PROXY_SIGNING_KEY secret.');
  return createBookingProxy({
    ...reading.config.options,
    // Cloudflare writes this header itself; a visitor cannot choose its value.
    clientAddress: (request) => request.headers.get('CF-Connecting-IP') ?? 'unknown',
  });
}

export default {
  fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    proxy ??= createProxy(env);
    return proxy(request);
  },
};
