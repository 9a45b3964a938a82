import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBookingProxy, forwardedClientAddress, type BookingProxyOptions } from '../../packages/proxy/src/index.js';
import { readProxyEnv, type ProxyServerConfig } from '../../packages/proxy/src/node/server-config.js';
import { describeServer, listenUrl } from '../../packages/proxy/src/node/server-summary.js';
import { OAUTH, PARTNER, UPSTREAM } from './proxy-harness.js';

const PARTNER_ENV = {
  BOOKING_PROXY_UPSTREAM: 'https://api.scheduling.example',
  BOOKING_PROXY_API_KEY: 'secret-api-key',
  BOOKING_PROXY_TOKEN: 'secret-sso-token',
  BOOKING_PROXY_COMPANIES: 'demo-salon, demo-courts ,',
  BOOKING_PROXY_ORIGINS: 'https://shop.example,http://localhost:8000',
};

const config = (env: Record<string, string | undefined>): ProxyServerConfig => {
  const reading = readProxyEnv(env);
  assert.ok(reading.ok, reading.ok ? '' : reading.problems.join('\n'));
  return reading.config;
};

const problems = (env: Record<string, string | undefined>): string => {
  const reading = readProxyEnv(env);
  assert.ok(!reading.ok, 'expected the configuration to be refused');
  return reading.problems.join('\n');
};

describe('proxy Node entry configuration (environment variables)', () => {
  it('reads partner credentials and applies the defaults', () => {
    assert.deepEqual(config(PARTNER_ENV), {
      options: {
        upstream: 'https://api.scheduling.example',
        credentials: PARTNER,
        companies: ['demo-salon', 'demo-courts'],
        allowedOrigins: ['https://shop.example', 'http://localhost:8000'],
        basePath: undefined,
        limits: {
          maxBodyBytes: 16_384,
          postRateLimit: { max: 10, windowSeconds: 60 },
          manageReadRateLimit: { max: 30, windowSeconds: 60 },
          readRateLimit: { max: 300, windowSeconds: 60 },
          concurrentReads: 8,
          slotCacheMs: 3_000,
          upstreamTimeoutMs: 10_000,
          bodyTimeoutMs: 5_000,
        },
        signingKeys: undefined,
        cache: { maxAgeSeconds: 60, staleSeconds: 600 },
        holdSeconds: 300,
      },
      port: 8788,
      host: '127.0.0.1',
      trustedHops: 0,
      headersTimeoutMs: 20_000,
    });
  });

  it('reads OAuth credentials and every optional variable', () => {
    const { BOOKING_PROXY_API_KEY: _k, BOOKING_PROXY_TOKEN: _t, ...rest } = PARTNER_ENV;
    const read = config({
      ...rest,
      BOOKING_PROXY_CLIENT_ID: OAUTH.clientId,
      BOOKING_PROXY_CLIENT_SECRET: OAUTH.clientSecret,
      BOOKING_PROXY_REFRESH_TOKEN: OAUTH.refreshToken,
      BOOKING_PROXY_PORT: '0',
      BOOKING_PROXY_HOST: '0.0.0.0',
      BOOKING_PROXY_BASE_PATH: '/booking-api',
      BOOKING_PROXY_TRUST_FORWARDED: 'true',
      BOOKING_PROXY_RATE_LIMIT: '0',
      BOOKING_PROXY_MANAGE_READ_RATE_LIMIT: '0',
      BOOKING_PROXY_MAX_BODY_BYTES: '4096',
      BOOKING_PROXY_TIMEOUT_MS: '2500',
      BOOKING_PROXY_BODY_TIMEOUT_MS: '1500',
      BOOKING_PROXY_READ_RATE_LIMIT: '0',
      BOOKING_PROXY_CONCURRENT_READS: '0',
      BOOKING_PROXY_SLOT_CACHE_MS: '0',
      BOOKING_PROXY_HEADERS_TIMEOUT_MS: '5000',
      BOOKING_PROXY_MAX_CONNECTIONS_PER_ADDRESS: '16',
    });
    assert.deepEqual(read.options.credentials, OAUTH);
    assert.deepEqual([read.port, read.host, read.options.basePath, read.trustedHops], [0, '0.0.0.0', '/booking-api', 1]);
    assert.deepEqual(read.options.limits, {
      maxBodyBytes: 4096,
      postRateLimit: false,
      manageReadRateLimit: false,
      readRateLimit: false,
      concurrentReads: false,
      slotCacheMs: 0,
      upstreamTimeoutMs: 2500,
      bodyTimeoutMs: 1500,
    });
    assert.deepEqual([read.headersTimeoutMs, read.maxConnectionsPerAddress], [5000, 16]);
    assert.equal(config({ ...PARTNER_ENV, BOOKING_PROXY_TRUST_FORWARDED: '2' }).trustedHops, 2);
    assert.equal(config({ ...PARTNER_ENV, BOOKING_PROXY_TRUST_FORWARDED: 'false' }).trustedHops, 0);
    assert.deepEqual(
      config({ ...PARTNER_ENV, BOOKING_PROXY_RATE_LIMIT: '3', BOOKING_PROXY_RATE_WINDOW_SECONDS: '10' }).options.limits?.postRateLimit,
      {
        max: 3,
        windowSeconds: 10,
      },
    );
  });

  it('reads the signing key, and the previous one during a rotation', () => {
    const current = 'c'.repeat(32);
    const previous = 'p'.repeat(44);
    assert.deepEqual(config({ ...PARTNER_ENV, BOOKING_PROXY_SIGNING_KEY: current }).options.signingKeys, [current]);
    assert.deepEqual(
      config({ ...PARTNER_ENV, BOOKING_PROXY_SIGNING_KEY: current, BOOKING_PROXY_SIGNING_KEY_PREVIOUS: previous }).options.signingKeys,
      [current, previous],
    );
    const short = problems({ ...PARTNER_ENV, BOOKING_PROXY_SIGNING_KEY: 'secret-but-short' });
    assert.match(short, /BOOKING_PROXY_SIGNING_KEY must be at least 32 characters/);
    assert.doesNotMatch(short, /secret-but-short/);
    assert.match(
      problems({ ...PARTNER_ENV, BOOKING_PROXY_SIGNING_KEY_PREVIOUS: previous }),
      /BOOKING_PROXY_SIGNING_KEY_PREVIOUS is set without BOOKING_PROXY_SIGNING_KEY/,
    );
  });

  it('pins the clock to BOOKING_PROXY_NOW, which then runs on; refuses what is not an instant', () => {
    assert.equal(config(PARTNER_ENV).options.now, undefined, 'real time by default');
    const pinned = config({ ...PARTNER_ENV, BOOKING_PROXY_NOW: '2026-03-04T16:00:00+01:00' });
    const start = Date.parse('2026-03-04T15:00:00Z');
    assert.equal(pinned.pinnedNow, start);
    const read = pinned.options.now!();
    assert.ok(read >= start && read < start + 5_000, `read ${new Date(read).toISOString()}`);
    assert.equal(config({ ...PARTNER_ENV, BOOKING_PROXY_NOW: '2026-03-04T15:00:00.250Z' }).pinnedNow, start + 250);
    for (const value of [
      '2026-03-04',
      '2026-03-04T15:00:00',
      '2026-02-30T15:00:00Z',
      '2026-03-04T24:00:00Z',
      'yesterday',
      '1772636400000',
    ]) {
      assert.match(
        problems({ ...PARTNER_ENV, BOOKING_PROXY_NOW: value }),
        /BOOKING_PROXY_NOW must be an ISO 8601 instant with its offset, such as 2026-03-04T15:00:00Z/,
        value,
      );
    }
  });

  it('names every missing variable at once, and no value', () => {
    const all = problems({});
    for (const name of [
      'BOOKING_PROXY_UPSTREAM',
      'BOOKING_PROXY_COMPANIES',
      'BOOKING_PROXY_ORIGINS',
      'BOOKING_PROXY_API_KEY',
      'BOOKING_PROXY_CLIENT_ID',
    ]) {
      assert.match(all, new RegExp(name));
    }
    assert.match(problems({ ...PARTNER_ENV, BOOKING_PROXY_TOKEN: ' ' }), /BOOKING_PROXY_TOKEN is missing/);
    assert.match(problems({ ...PARTNER_ENV, BOOKING_PROXY_CLIENT_SECRET: 'x' }), /not both/);
    const oauth = problems({ ...PARTNER_ENV, BOOKING_PROXY_API_KEY: '', BOOKING_PROXY_TOKEN: '', BOOKING_PROXY_CLIENT_ID: 'id' });
    assert.match(oauth, /BOOKING_PROXY_CLIENT_SECRET and BOOKING_PROXY_REFRESH_TOKEN are missing/);
    const numbers = problems({
      ...PARTNER_ENV,
      BOOKING_PROXY_PORT: '70000',
      BOOKING_PROXY_RATE_LIMIT: '-1',
      BOOKING_PROXY_TIMEOUT_MS: '1e3',
      BOOKING_PROXY_BODY_TIMEOUT_MS: '0',
      BOOKING_PROXY_TRUST_FORWARDED: 'maybe',
    });
    for (const name of ['PORT', 'RATE_LIMIT', 'TIMEOUT_MS', 'BODY_TIMEOUT_MS', 'TRUST_FORWARDED'])
      assert.match(numbers, new RegExp(`BOOKING_PROXY_${name}`));
    assert.doesNotMatch(numbers + all, /secret/);
  });

  it('prints what it serves, never a secret', () => {
    for (const env of [
      PARTNER_ENV,
      {
        ...PARTNER_ENV,
        BOOKING_PROXY_API_KEY: '',
        BOOKING_PROXY_TOKEN: '',
        BOOKING_PROXY_CLIENT_ID: 'id',
        BOOKING_PROXY_CLIENT_SECRET: 'secret-s',
        BOOKING_PROXY_REFRESH_TOKEN: 'secret-r',
      },
    ]) {
      const summary = describeServer(
        config({ ...env, BOOKING_PROXY_BASE_PATH: '/booking-api' }),
        listenUrl('127.0.0.1', 8788, '/booking-api'),
      );
      assert.match(summary, /listening on http:\/\/127\.0\.0\.1:8788\/booking-api/);
      assert.match(summary, /api\.scheduling\.example/);
      assert.match(summary, /demo-salon, demo-courts/);
      assert.match(
        summary,
        /https:\/\/shop\.example, http:\/\/localhost:8000 \(a page of any other origin cannot read an answer; each refusal is logged with origin=…\)/,
      );
      assert.match(summary, /10 POSTs per 60 s per client \(socket address\)/);
      assert.match(
        summary,
        /signing key +random, this process only \(set BOOKING_PROXY_SIGNING_KEY when several instances serve one site\)/,
      );
      assert.doesNotMatch(summary, /secret/);
    }
    assert.match(describeServer(config(PARTNER_ENV), 'http://x'), /clock +real time/);
    assert.match(
      describeServer(config({ ...PARTNER_ENV, BOOKING_PROXY_NOW: '2026-03-04T15:00:00Z' }), 'http://x'),
      /clock +pinned to 2026-03-04T15:00:00\.000Z at start/,
    );
    const keyed = describeServer(config({ ...PARTNER_ENV, BOOKING_PROXY_SIGNING_KEY: 'secret-'.repeat(6) }), 'http://x');
    assert.match(keyed, /signing key +BOOKING_PROXY_SIGNING_KEY \(not shown\)/);
    assert.doesNotMatch(keyed, /secret/);
    assert.equal(listenUrl('::1', 80), 'http://[::1]:80');
  });
});

describe('createBookingProxy options', () => {
  const valid: BookingProxyOptions = { upstream: UPSTREAM, credentials: PARTNER, companies: ['demo-salon'], allowedOrigins: [] };
  const invalid: [string, Partial<BookingProxyOptions>][] = [
    ['upstream not a URL', { upstream: 'api.example' }],
    ['upstream with a query', { upstream: 'https://api.example/?apiKey=1' }],
    ['upstream with credentials', { upstream: 'https://user:pass@api.example' }],
    ['upstream not http', { upstream: 'file:///etc' }],
    ['no companies', { companies: [] }],
    ['empty company', { companies: [''] }],
    ['half partner credentials', { credentials: { apiKey: 'k', token: '' } }],
    ['half OAuth credentials', { credentials: { clientId: 'c', clientSecret: '', refreshToken: 'r' } }],
    ['both credentials', { credentials: { ...PARTNER, ...OAUTH } }],
    ['basePath with dots', { basePath: '/a/../b' }],
    ['basePath with a query', { basePath: '/api?x' }],
    ['zero body limit', { limits: { maxBodyBytes: 0 } }],
    ['fractional rate', { limits: { postRateLimit: { max: 1.5, windowSeconds: 60 } } }],
    ['negative timeout', { limits: { upstreamTimeoutMs: -1 } }],
    ['zero body timeout', { limits: { bodyTimeoutMs: 0 } }],
    ['no signing key', { signingKeys: [] }],
    ['a short signing key', { signingKeys: ['secret-short'] }],
    ['now not a function', { now: 1_772_636_400_000 as unknown as () => number }],
  ];
  for (const [name, override] of invalid) {
    it(`throws a TypeError for ${name}`, () => {
      assert.throws(
        () => createBookingProxy({ ...valid, ...override }),
        (error: Error) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, /^booking proxy: /);
          assert.doesNotMatch(error.message, /pass@|secret/);
          return true;
        },
      );
    });
  }
});

describe('forwardedClientAddress', () => {
  const withHeader = (value?: string) => new Request('http://p/', { headers: value ? { 'X-Forwarded-For': value } : {} });
  it('trusts entries counted from the right only', () => {
    assert.equal(forwardedClientAddress(withHeader('6.6.6.6, 203.0.113.7'), 1), '203.0.113.7');
    assert.equal(forwardedClientAddress(withHeader('6.6.6.6, 203.0.113.7, 10.0.0.2'), 2), '203.0.113.7');
    assert.equal(forwardedClientAddress(withHeader('203.0.113.7'), 2), undefined);
    assert.equal(forwardedClientAddress(withHeader(), 1), undefined);
    assert.equal(forwardedClientAddress(withHeader('203.0.113.7'), 0), undefined);
  });
});
