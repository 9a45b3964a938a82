import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBookingProxy, readProxyEnv, type ProxyState } from '../../packages/proxy/src/index.js';
import { describeServer, listenUrl } from '../../packages/proxy/src/node/server-summary.js';
import { PARTNER, UPSTREAM } from './proxy-harness.js';

const ENV = {
  BOOKING_PROXY_UPSTREAM: 'https://api.scheduling.example',
  BOOKING_PROXY_API_KEY: 'secret-api-key',
  BOOKING_PROXY_TOKEN: 'secret-sso-token',
  BOOKING_PROXY_COMPANIES: 'demo-salon',
  BOOKING_PROXY_ORIGINS: 'https://shop.example',
};

describe('proxy shared state configuration', () => {
  it('reads BOOKING_PROXY_REDIS_URL and BOOKING_PROXY_REDIS_PREFIX, and says where the state is without the password', () => {
    const reading = readProxyEnv({ ...ENV, BOOKING_PROXY_REDIS_URL: 'redis://:secret-pass@cache.internal:6380/2' });
    assert.ok(reading.ok);
    assert.deepEqual(reading.config.redis, { url: 'redis://:secret-pass@cache.internal:6380/2', prefix: 'booking-proxy:' });
    const summary = describeServer(reading.config, listenUrl('127.0.0.1', 8788));
    assert.match(summary, /state\s+Redis at redis:\/\/cache\.internal:6380\/2, keys under "booking-proxy:", shared by every instance/);
    assert.doesNotMatch(summary, /secret/);

    const prefixed = readProxyEnv({ ...ENV, BOOKING_PROXY_REDIS_URL: 'rediss://cache.internal', BOOKING_PROXY_REDIS_PREFIX: 'salon-a:' });
    assert.ok(prefixed.ok);
    assert.equal(prefixed.config.redis?.prefix, 'salon-a:');
  });

  it('keeps the state in the process when no Redis is named', () => {
    const reading = readProxyEnv(ENV);
    assert.ok(reading.ok);
    assert.equal('redis' in reading.config, false);
    assert.match(describeServer(reading.config, listenUrl('127.0.0.1', 8788)), /state\s+in this process \(one instance\)/);
  });

  it('refuses a Redis URL of another scheme without repeating it', () => {
    const reading = readProxyEnv({ ...ENV, BOOKING_PROXY_REDIS_URL: 'http://secret-pass@cache' });
    assert.ok(!reading.ok);
    assert.match(reading.problems.join('\n'), /BOOKING_PROXY_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    assert.doesNotMatch(reading.problems.join('\n'), /secret/);
  });

  it('refuses a state that is not a ProxyState when the proxy is created', () => {
    const notAState = { get: async () => undefined } as unknown as ProxyState;
    assert.throws(
      () =>
        createBookingProxy({ upstream: UPSTREAM, credentials: PARTNER, companies: ['demo-salon'], allowedOrigins: [], state: notAState }),
      TypeError,
    );
  });
});
