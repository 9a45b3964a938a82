/**
 * Two proxy instances sharing one state (memory here, standing for Redis or Durable
 * Objects, which run the same code in the fleet tests): one token refresh for both,
 * and the refresh token the service rotated reaches the instance that did not ask.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import { COMPANY_PATH, fakeUpstream, json, OAUTH, request, testProxy, type RecordedCall } from './proxy-harness.js';

const SERVICES = `${COMPANY_PATH}/services`;
const bearer = (call: RecordedCall) => call.headers.get('Authorization');
const refreshTokenSent = (call: RecordedCall) => new URLSearchParams(call.body).get('refresh_token');

describe('OAuth tokens shared by instances', () => {
  it('refreshes once for two instances’ 40 concurrent requests; the waiting one reads the token from the state', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const upstream = fakeUpstream();
    const slowTokens = async (input: string, init: RequestInit) => {
      if (input.endsWith('/o/oauth2/token')) await released;
      return upstream.fetch(input, init);
    };
    const state = new MemoryState();
    const [a, b] = [0, 1].map(() => testProxy({ credentials: OAUTH, fetch: slowTokens, state }, upstream).proxy);
    const pending = Array.from({ length: 40 }, (_, i) => (i % 2 ? a! : b!)(request('GET', SERVICES)));
    release();
    const responses = await Promise.all(pending);
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(40).fill(200),
    );
    assert.equal(upstream.tokenCalls().length, 1);
    assert.deepEqual(new Set(upstream.apiCalls().map(bearer)), new Set(['Bearer access-1']));
  });

  it('refreshes with the refresh token another instance was given, not the configured one', async () => {
    let revoked = '';
    const upstream = fakeUpstream((call) =>
      bearer(call) === revoked ? json({ error: { code: 401, errorCode: 'UNAUTHORIZED', message: 'expired' } }, 401) : json({ ok: true }),
    );
    const state = new MemoryState();
    const a = testProxy({ credentials: OAUTH, state }, upstream).proxy;
    const b = testProxy({ credentials: OAUTH, state }, upstream).proxy;
    assert.equal((await a(request('GET', SERVICES))).status, 200);
    assert.equal((await b(request('GET', SERVICES))).status, 200, 'b uses the token a got');
    assert.equal(upstream.tokenCalls().length, 1);

    revoked = 'Bearer access-1';
    assert.equal((await b(request('GET', SERVICES))).status, 200);
    // The service rotated secret-refresh-0 into secret-refresh-1 when it answered a.
    assert.deepEqual(upstream.tokenCalls().map(refreshTokenSent), [OAUTH.refreshToken, 'secret-refresh-1']);
    assert.equal((await a(request('GET', SERVICES))).status, 200);
    assert.equal(upstream.tokenCalls().length, 2, 'after its 401, a adopts the token b got');
    assert.equal(bearer(upstream.apiCalls().at(-1)!), 'Bearer access-2');
  });

  it('keeps accounts apart in one state', async () => {
    const upstream = fakeUpstream();
    const state = new MemoryState();
    await testProxy({ credentials: OAUTH, state }, upstream).proxy(request('GET', SERVICES));
    await testProxy({ credentials: { ...OAUTH, refreshToken: 'another-account' }, state }, upstream).proxy(request('GET', SERVICES));
    assert.deepEqual(upstream.tokenCalls().map(refreshTokenSent), [OAUTH.refreshToken, 'another-account']);
  });
});
