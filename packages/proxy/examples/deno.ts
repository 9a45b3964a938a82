/**
 * The booking proxy on Deno (a server, or Deno Deploy): the same handler as
 * `npm run proxy`, configured from the same environment variables (the "Environment" section of the package README).
 *
 *   npm install booking-widget-proxy        # once; Deno reads the project's node_modules
 *   deno run --allow-net --allow-env deno.ts
 *
 * On Deno Deploy,
 * which runs several isolates, set BOOKING_PROXY_SIGNING_KEY too. With
 * BOOKING_PROXY_REDIS_URL set, instances share their state in Redis (through the
 * `ioredis` of node_modules: `npm install` first; the same permissions suffice), and
 * the live channel too: a time held on one instance reaches the pages open on another.
 */
import { createBookingProxy, forwardedClientAddress, readProxyEnv } from 'booking-widget-proxy';

const reading = readProxyEnv(Deno.env.toObject());
if (!reading.ok) {
  console.error(`booking-proxy cannot start:\n  - ${reading.problems.join('\n  - ')}`);
  Deno.exit(1);
}
const { options, host, port, trustedHops, redis } = reading.config;

// Deno hands the peer's address to the serve callback, not to the handler: pass it along.
const peers = new WeakMap<Request, string>();
const peer = (request: Request) => peers.get(request) ?? 'unknown';

// Imported only when asked for, so that a single instance needs no npm package.
const shared = redis ? await openShared(redis) : undefined;

async function openShared(config: NonNullable<typeof redis>) {
  const { openRedisState, RedisLiveBus } = await import('booking-widget-proxy/redis');
  const state = await openRedisState(config);
  // The open pages' news travels over Redis pub/sub; a subscribed connection can do nothing else, so it has its own.
  return { state, live: new RedisLiveBus(state.redis, state.redis.duplicate(), config.prefix) };
}

const proxy = createBookingProxy({
  ...options,
  clientAddress: trustedHops > 0 ? (request) => forwardedClientAddress(request, trustedHops) ?? peer(request) : peer,
  state: shared?.state,
  live: shared?.live,
});

Deno.serve({ hostname: host, port }, (request, info) => {
  peers.set(request, info.remoteAddr.hostname);
  return proxy(request);
});
