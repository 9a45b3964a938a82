/**
 * The Deno example of packages/proxy/examples, run by the Deno of the `deno` npm package: it
 * books against the sandbox, and two instances of it share one Redis.
 */
import { after, before, describe, it } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { DENO_SKIP, denoVersion, startDenoProxy, type DenoProxy } from './support/deno.js';
import { startHttpSandbox, type HttpSandbox } from './support/http-sandbox.js';
import { startAll } from './support/processes.js';
import { REDIS_SKIP, startRedisServer, type RedisServer } from './support/redis-server.js';
import {
  FLEET_RATE_LIMIT,
  FLEET_TEST_TIMEOUT_MS as timeout,
  fleetEnv,
  oneAppointmentFor20,
  holdsAgreeAcrossInstances,
  liveAcrossInstances,
  CHALLENGE_ENV,
  challengeAcrossInstances,
  rateLimitHoldsInTotal,
  visitorBooks,
} from './support/scale-scenarios.js';

const skip = DENO_SKIP;
const PARTNER_ENV = {
  BOOKING_PROXY_API_KEY: SANDBOX_CREDENTIALS.apiKey,
  BOOKING_PROXY_TOKEN: SANDBOX_CREDENTIALS.token,
  BOOKING_PROXY_COMPANIES: 'demo-salon',
  BOOKING_PROXY_ORIGINS: 'https://shop.example',
  BOOKING_PROXY_TRUST_FORWARDED: 'true',
  BOOKING_PROXY_RATE_LIMIT: String(FLEET_RATE_LIMIT),
};

describe('the Deno example in Deno', () => {
  let sandbox: HttpSandbox | undefined;
  let redis: RedisServer | undefined;
  const proxies: DenoProxy[] = [];

  before(async () => {
    if (!skip) sandbox = await startHttpSandbox();
  });

  after(async () => {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all([sandbox?.close(), redis?.stop()]);
  });

  it('books a visitor’s appointment against the sandbox', { skip, timeout }, async (t) => {
    t.diagnostic(`back end: deno ${denoVersion}`);
    const proxy = await startDenoProxy({ ...PARTNER_ENV, ...fleetEnv(sandbox!), BOOKING_PROXY_UPSTREAM: sandbox!.url });
    proxies.push(proxy);
    await visitorBooks((path, init) => fetch(proxy.url + path, init), sandbox!);
  });

  it(
    'shares the rate limit, idempotency, held times, live news and spent challenges of two instances through one Redis',
    { skip: skip || REDIS_SKIP, timeout },
    async (t) => {
      redis = await startRedisServer();
      const env = { ...PARTNER_ENV, ...fleetEnv(sandbox!), BOOKING_PROXY_UPSTREAM: sandbox!.url, BOOKING_PROXY_REDIS_URL: redis.url };
      const pair = await startAll([startDenoProxy(env), startDenoProxy(env)]);
      proxies.push(...pair);
      const fleet = {
        instances: pair.map((proxy) => (path: string, init?: RequestInit) => fetch(proxy.url + path, init)),
        sandbox: sandbox!,
        addressHeader: 'X-Forwarded-For',
      };
      await rateLimitHoldsInTotal(fleet);
      await oneAppointmentFor20(fleet);
      // Held times too (docs/proxy.md, "Held times").
      await holdsAgreeAcrossInstances(fleet);
      // And the live channel: a page connected to one instance hears of a hold taken on the other (docs/proxy.md, "Live times").
      await liveAcrossInstances(fleet, (text) => t.diagnostic(text));
      // And the booking challenge, on a pair that asks for it (docs/proxy.md, "Bots: the booking challenge").
      const challenged = await startAll([startDenoProxy({ ...env, ...CHALLENGE_ENV }), startDenoProxy({ ...env, ...CHALLENGE_ENV })]);
      proxies.push(...challenged);
      await challengeAcrossInstances({
        instances: challenged.map((proxy) => (path: string, init?: RequestInit) => fetch(proxy.url + path, init)),
        sandbox: sandbox!,
        addressHeader: 'X-Forwarded-For',
      });
    },
  );
});
