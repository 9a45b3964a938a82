/**
 * `npm run proxy`: the booking proxy as a Node server, configured from environment
 * variables (docs/proxy.md lists them). The handler is the same one that runs on
 * edge runtimes; this file only adds the socket address and the listening.
 */
import { serve, type HttpBindings } from '@hono/node-server';
import { forwardedClientAddress } from './client-address.js';
import { createBookingProxy } from './create-booking-proxy.js';
import type { BookingProxy } from './options.js';
import { readProxyEnv } from './server-config.js';
import { describeServer, listenUrl } from './server-summary.js';
import { openRedisState } from './state/redis-state.js';

function refuseToStart(problems: string[]): never {
  console.error(`booking-proxy cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/proxy.md.`);
  process.exit(1);
}

const reading = readProxyEnv(process.env);
if (!reading.ok) refuseToStart(reading.problems);
const { config } = reading;
const { options, host, port, trustedHops } = config;
const redisState = config.redis ? await openRedisState(config.redis) : undefined;

const socketAddresses = new WeakMap<Request, string>();
const socketAddress = (request: Request): string => socketAddresses.get(request) ?? 'unknown';

let proxy: BookingProxy;
try {
  proxy = createBookingProxy({
    ...options,
    clientAddress: trustedHops > 0 ? (request) => forwardedClientAddress(request, trustedHops) ?? socketAddress(request) : socketAddress,
    state: redisState,
  });
} catch (error) {
  proxy = refuseToStart([error instanceof Error ? error.message : String(error)]);
}

const server = serve(
  {
    hostname: host,
    port,
    fetch: (request, env) => {
      socketAddresses.set(request, (env as HttpBindings).incoming.socket.remoteAddress ?? 'unknown');
      return proxy(request);
    },
  },
  (info) => console.info(describeServer(config, listenUrl(host, info.port, options.basePath))),
);
server.on('error', (error: Error) => refuseToStart([`cannot listen on ${host}:${port}: ${error.message}`]));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      redisState?.redis.disconnect();
      process.exit(0);
    }),
  );
}
