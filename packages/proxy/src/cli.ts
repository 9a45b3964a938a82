#!/usr/bin/env node
/**
 * `booking-widget-proxy` (in this repository, `npm run proxy`): the booking proxy as a Node server, configured from environment
 * variables (`--help` and the package's README list them). The handler is the same one that runs on
 * edge runtimes; node-server.ts adds the socket address and Node's own refusals,
 * and Redis, when configured, the state every instance shares.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from './node/node-server.js';
import { ProxyEnv, readProxyEnv, type RedisConfig } from './node/server-config.js';
import { describeServer, listenUrl } from './node/server-summary.js';
import { PROXY_USAGE } from './node/cli-help.js';
import type * as RedisStateModule from './state/redis-state.js';

function refuseToStart(problems: string[]): never {
  console.error(
    `booking-proxy cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      `Every variable: booking-widget-proxy --help, or the "Environment" section of the booking-widget-proxy package's README.md.`,
  );
  process.exit(1);
}

/**
 * The Redis state, with its client `ioredis`: an optional peer dependency, so a merchant who set
 * BOOKING_PROXY_REDIS_URL without installing it is told what to install rather than shown a stack.
 */
async function openRedis(redis: RedisConfig) {
  let module: typeof RedisStateModule;
  try {
    module = await import('./state/redis-state.js');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && /ioredis/.test(message))
      refuseToStart([`${ProxyEnv.redisUrl} is set, but ioredis is not installed: npm install ioredis (beside booking-widget-proxy).`]);
    throw error;
  }
  return module.openRedisState(redis);
}

if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
  console.info(PROXY_USAGE);
  process.exit(0);
}
if (process.argv.length > 2)
  refuseToStart([`unknown argument ${process.argv[2]}: the proxy is configured from environment variables (--help lists them).`]);

const reading = readProxyEnv(process.env);
if (!reading.ok) refuseToStart(reading.problems);
const { config } = reading;
const { options, host, port, trustedHops, headersTimeoutMs, maxConnectionsPerAddress } = config;
// Redis (and its client, an optional peer dependency) only when asked for.
const redisState = config.redis ? await openRedis(config.redis) : undefined;
// The open pages' news travels beside the state (live/): a subscribed connection can do nothing else, so it has its own.
const live = redisState
  ? new (await import('./live/redis-live-bus.js')).RedisLiveBus(redisState.redis, redisState.redis.duplicate(), config.redis!.prefix)
  : undefined;

let server: Server;
try {
  server = createProxyServer({
    ...options,
    trustedHops,
    headersTimeoutMs,
    maxConnectionsPerAddress,
    hostname: host,
    state: redisState,
    live,
  });
} catch (error) {
  server = refuseToStart([error instanceof Error ? error.message : String(error)]);
}

server.on('error', (error: Error) => refuseToStart([`cannot listen on ${host}:${port}: ${error.message}`]));
server.listen(port, host, () =>
  console.info(describeServer(config, listenUrl(host, (server.address() as AddressInfo).port, options.basePath))),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      redisState?.redis.disconnect();
      process.exit(0);
    }),
  );
}
