import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatLogLine } from '../../packages/proxy/src/http/log.js';
import { A_CLIENT, COMPANY_PATH, ORIGIN, postJson, request, testProxy } from './proxy-harness.js';

const SERVICES = `${COMPANY_PATH}/services`;
const preflight = (origin: string, method = 'POST', path = '/api/2.0/clients') =>
  request('OPTIONS', path, {
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
  });

describe('proxy CORS', () => {
  it('answers the preflight of a listed origin itself', async () => {
    const { proxy, upstream, logs } = testProxy({ allowedOrigins: ['http://localhost:8000', `${ORIGIN}/`] });
    for (const origin of ['http://localhost:8000', ORIGIN]) {
      const response = await proxy(preflight(origin));
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), origin);
      assert.equal(response.headers.get('Access-Control-Allow-Methods'), 'GET, POST');
      assert.equal(response.headers.get('Access-Control-Allow-Headers'), 'Content-Type, Idempotency-Key, Hold-Token, Altcha');
      assert.equal(response.headers.get('Access-Control-Allow-Credentials'), null);
      assert.equal(response.headers.get('Vary'), 'Origin');
    }
    assert.deepEqual(upstream.calls, []);
    assert.equal(logs[0]!.status, 204);
  });

  it('refuses the preflight of any other origin, 403 without CORS headers', async () => {
    const { proxy, upstream } = testProxy();
    for (const origin of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://SHOP.example.evil',
      'null',
    ]) {
      const response = await proxy(preflight(origin));
      assert.equal(response.status, 403, origin);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
      assert.equal(response.headers.get('Vary'), 'Origin');
    }
    assert.deepEqual(upstream.calls, []);
  });

  it('logs the origin it refused, so the merchant sees which one to add to the allowed origins; never a forged text', async () => {
    const { proxy, logs } = testProxy();
    await proxy(request('GET', COMPANY_PATH, { headers: { Origin: 'https://www.my-salon.example' } }));
    await proxy(request('GET', COMPANY_PATH, { headers: { Origin: 'https://x.example/ reason=ok' } }));
    await proxy(request('GET', COMPANY_PATH, { headers: { Origin: 'null' } }));
    await proxy(request('GET', COMPANY_PATH, { headers: { Origin: ORIGIN } }));
    assert.deepEqual(
      logs.map((entry) => [entry.status, entry.reason, entry.refusedOrigin]),
      [
        [403, 'origin-not-allowed', 'https://www.my-salon.example'],
        [403, 'origin-not-allowed', 'malformed'],
        [403, 'origin-not-allowed', 'null'],
        [200, undefined, undefined],
      ],
    );
    assert.match(formatLogLine(logs[0]!), / 403 \d+ms reason=origin-not-allowed origin=https:\/\/www\.my-salon\.example$/);
  });

  it('adds CORS headers to actual answers for listed origins only', async () => {
    const { proxy } = testProxy();
    const allowed = await proxy(request('GET', SERVICES, { headers: { Origin: ORIGIN } }));
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    assert.equal(allowed.headers.get('Access-Control-Expose-Headers'), 'Retry-After');
    // A catalog answer, publicly cacheable: it varies with the language too (proxy-answers.test.ts).
    assert.equal(allowed.headers.get('Vary'), 'Accept-Language, Origin');

    const posted = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }));
    assert.equal(posted.headers.get('Access-Control-Allow-Origin'), ORIGIN);

    const sameOrigin = await proxy(request('GET', SERVICES));
    assert.equal(sameOrigin.status, 200);
    assert.equal(sameOrigin.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(sameOrigin.headers.get('Vary'), 'Accept-Language, Origin');

    const foreign = await proxy(request('GET', SERVICES, { headers: { Origin: 'https://evil.example' } }));
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('adds CORS headers to its own refusals for listed origins, so the widget can read them', async () => {
    const { proxy } = testProxy();
    const response = await proxy(request('DELETE', SERVICES, { headers: { Origin: ORIGIN } }));
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN);
  });

  it('refuses invalid allowedOrigins when created', () => {
    for (const origin of ['shop.example', 'https://shop.example/path', '*', 'null', 'ftp://shop.example', 'https://user@shop.example']) {
      assert.throws(() => testProxy({ allowedOrigins: [origin] }), TypeError, origin);
    }
  });
});
