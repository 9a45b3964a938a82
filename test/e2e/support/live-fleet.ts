/**
 * The proxy as merchants run it, for the live times' end-to-end test (issue 24): one
 * `npm run proxy` process, two of them sharing a redis-server, or the Worker in workerd on
 * Durable Objects, each instance on its own HTTP address in front of one HTTP sandbox.
 * Every instance is configured alike (the fleet tests' OAuth credentials, signing key and
 * clock, test/node/support/scale-scenarios.ts), admits the merchant site's origin, and
 * names the first instance as its public URL: the address the service's watches are
 * delivered to (service contract §14), as a load balancer's would be. A visitor's page is
 * sent to one instance by its `api-base`, as the balancer would send it.
 */
import { SANDBOX_CREDENTIALS } from '../../../packages/sandbox/src/index.js';
import type { HttpSandbox } from '../../node/support/http-sandbox.js';
import { startAll } from '../../node/support/processes.js';
import { startProxyProcess } from '../../node/support/proxy-process.js';
import { onFreePort, redisVersion, startRedisServer } from '../../node/support/redis-server.js';
import { fleetEnv } from '../../node/support/scale-scenarios.js';
import { startWorkerFleet, workerdVersion } from '../../node/support/workerd.js';

export const FleetKind = {
  /** One `npm run proxy` process, its state and live bus in memory. */
  one: 'one proxy',
  /** Two `npm run proxy` processes sharing a redis-server: state and live bus (pub/sub). */
  redis: 'two proxies on one Redis',
  /** Two workerd isolates of packages/proxy/examples/cloudflare-worker.ts, state and live channel in Durable Objects. */
  workerd: 'two Workers on Durable Objects',
} as const;
export type FleetKind = (typeof FleetKind)[keyof typeof FleetKind];

export interface LiveFleet {
  kind: FleetKind;
  /** Each instance's base URL, as a page's `api-base` names it. */
  instances: string[];
  /** What the back end is (for the test's diagnostics): `redis 7.0.15`, `workerd 1.2…`. */
  backEnd: string;
  /** What the instances printed, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

export interface LiveFleetOptions {
  kind: FleetKind;
  sandbox: HttpSandbox;
  /** The merchant site whose pages the instances admit. */
  origin: string;
  /** `BOOKING_PROXY_HOLD_SECONDS`; default the proxy's own (300). */
  holdSeconds?: number;
}

/** What every instance is given alike but its public URL (the first instance's address, BOOKING_PROXY_PUBLIC_URL). */
async function fleetVars({ sandbox, origin, holdSeconds }: LiveFleetOptions): Promise<Record<string, string>> {
  return {
    BOOKING_PROXY_UPSTREAM: sandbox.url,
    BOOKING_PROXY_CLIENT_ID: SANDBOX_CREDENTIALS.oauth.clientId,
    BOOKING_PROXY_CLIENT_SECRET: SANDBOX_CREDENTIALS.oauth.clientSecret,
    BOOKING_PROXY_REFRESH_TOKEN: await sandbox.refreshToken(),
    BOOKING_PROXY_COMPANIES: 'demo-salon',
    BOOKING_PROXY_ORIGINS: origin,
    ...(holdSeconds !== undefined && { BOOKING_PROXY_HOLD_SECONDS: String(holdSeconds) }),
    ...fleetEnv(sandbox),
  };
}

/**
 * Every instance names the first as its public URL, so the first one's port is chosen before any
 * process starts. A free port is free when asked, not when the instance binds it: a test file running
 * beside this one may take it in between, and the instance then fails to start. The fleet (its
 * Redis too) is then started again on another port. The other instances bind a port the OS chooses.
 */
export async function startLiveFleet(options: LiveFleetOptions): Promise<LiveFleet> {
  const vars = await fleetVars(options);
  return onFreePort((port) => startFleetOn(options, vars, port));
}

/** The fleet, its first instance on `publicPort` (its public URL), the others on ports the OS chooses. */
async function startFleetOn(options: LiveFleetOptions, common: Record<string, string>, publicPort: number): Promise<LiveFleet> {
  const ports = [publicPort, 0];
  const vars = { ...common, BOOKING_PROXY_PUBLIC_URL: `http://127.0.0.1:${publicPort}` };
  switch (options.kind) {
    case FleetKind.one: {
      const [proxy] = await startAll([startProxyProcess({ ...vars, BOOKING_PROXY_PORT: String(ports[0]) })]);
      return {
        kind: options.kind,
        instances: [proxy!.url],
        backEnd: 'memory (one process)',
        output: () => proxy!.output(),
        close: () => proxy!.stop(),
      };
    }
    case FleetKind.redis: {
      const redis = await startRedisServer();
      try {
        const proxies = await startAll(
          ports.map((port) => startProxyProcess({ ...vars, BOOKING_PROXY_PORT: String(port), BOOKING_PROXY_REDIS_URL: redis.url })),
        );
        return {
          kind: options.kind,
          instances: proxies.map((proxy) => proxy.url),
          backEnd: `redis ${redisVersion}`,
          output: () => proxies.map((proxy) => proxy.output()).join('\n'),
          close: async () => {
            await Promise.all(proxies.map((proxy) => proxy.stop()));
            await redis.stop();
          },
        };
      } catch (error) {
        await redis.stop();
        throw error;
      }
    }
    case FleetKind.workerd: {
      const workers = await startWorkerFleet(2, vars, { ports: [publicPort] });
      return {
        kind: options.kind,
        instances: workers.urls,
        backEnd: `workerd ${workerdVersion()} (Durable Objects)`,
        output: () => workers.output(),
        close: () => workers.close(),
      };
    }
  }
}
