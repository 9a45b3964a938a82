/**
 * Two `npm run proxy` processes sharing one real redis-server, in front of the
 * sandbox over HTTP: what one instance promises, the pair keeps.
 */
import { after, before, describe, it } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { startHttpSandbox, type HttpSandbox } from './support/http-sandbox.js';
import { startAll } from './support/processes.js';
import { startProxyProcess, type ProxyProcess } from './support/proxy-process.js';
import { REDIS_SKIP, redisVersion, startRedisServer, type RedisServer } from './support/redis-server.js';
import {
  FLEET_RATE_LIMIT,
  FLEET_TEST_TIMEOUT_MS as timeout,
  FLEET_TIMEOUT_MS,
  fleetEnv,
  nothingAcknowledgedIsLost,
  oneAppointmentFor20,
  holdsAgreeAcrossInstances,
  liveAcrossInstances,
  CHALLENGE_ENV,
  challengeAcrossInstances,
  oneRefreshFor50,
  rateLimitHoldsInTotal,
  type Fleet,
} from './support/scale-scenarios.js';

const skip = REDIS_SKIP;

describe('two Node proxy instances on one redis-server', () => {
  let redis: RedisServer | undefined;
  let sandbox: HttpSandbox | undefined;
  let proxies: ProxyProcess[] = [];
  let fleet: Fleet;
  let env: Record<string, string>;

  before(async () => {
    if (skip) return;
    [redis, sandbox] = await Promise.all([startRedisServer(), startHttpSandbox()]);
    env = {
      BOOKING_PROXY_UPSTREAM: sandbox.url,
      BOOKING_PROXY_CLIENT_ID: SANDBOX_CREDENTIALS.oauth.clientId,
      BOOKING_PROXY_CLIENT_SECRET: SANDBOX_CREDENTIALS.oauth.clientSecret,
      BOOKING_PROXY_REFRESH_TOKEN: await sandbox.refreshToken(),
      BOOKING_PROXY_COMPANIES: 'demo-salon',
      BOOKING_PROXY_ORIGINS: 'https://shop.example',
      BOOKING_PROXY_TRUST_FORWARDED: 'true',
      BOOKING_PROXY_RATE_LIMIT: String(FLEET_RATE_LIMIT),
      BOOKING_PROXY_TIMEOUT_MS: String(FLEET_TIMEOUT_MS),
      ...fleetEnv(sandbox),
      BOOKING_PROXY_REDIS_URL: redis.url,
    };
    proxies = await startAll([startProxyProcess(env), startProxyProcess(env)]);
    fleet = {
      instances: proxies.map((proxy) => (path, init) => fetch(proxy.url + path, init)),
      sandbox,
      addressHeader: 'X-Forwarded-For',
    };
  });

  after(async () => {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all([redis?.stop(), sandbox?.close()]);
  });

  it('holds the POST rate limit in total', { skip, timeout }, async (t) => {
    t.diagnostic(`back end: redis ${redisVersion}`);
    await rateLimitHoldsInTotal(fleet);
  });

  it('refreshes the OAuth token once when 50 requests arrive with an expired one', { skip, timeout }, async () => {
    await oneRefreshFor50(fleet);
  });

  it('with the booking challenge on, a solution books once across the instances', { skip, timeout }, async () => {
    const challenged = await startAll([startProxyProcess({ ...env, ...CHALLENGE_ENV }), startProxyProcess({ ...env, ...CHALLENGE_ENV })]);
    try {
      const instances = challenged.map((proxy) => (path: string, init?: RequestInit) => fetch(proxy.url + path, init));
      await challengeAcrossInstances({ instances, sandbox: sandbox!, addressHeader: 'X-Forwarded-For' });
    } finally {
      await Promise.all(challenged.map((proxy) => proxy.stop()));
    }
  });

  it('agrees on held times: hidden, refused and released alike on every instance', { skip, timeout }, async () => {
    await holdsAgreeAcrossInstances(fleet);
  });

  it('carries a time held on one instance to a page connected to the other', { skip, timeout }, async (t) => {
    await liveAcrossInstances(fleet, (text) => t.diagnostic(text));
  });

  it('makes one appointment of a 20-way race with one Idempotency-Key, and gives 20 identical answers', { skip, timeout }, async () => {
    await oneAppointmentFor20(fleet);
  });

  it('loses no acknowledged booking when an instance is killed mid-stream', { skip, timeout }, async () => {
    await nothingAcknowledgedIsLost(fleet, () => proxies[0]!.kill());
  });
});
