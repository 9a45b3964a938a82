import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OAuthTokenSource } from '../../packages/proxy/src/upstream/oauth-token-source.js';
import {
  A_CLIENT,
  COMPANY_PATH,
  expectError,
  fakeUpstream,
  json,
  OAUTH,
  postJson,
  request,
  testProxy,
  type RecordedCall,
} from './proxy-harness.js';

const SERVICES = `${COMPANY_PATH}/services`;
const bearer = (call: RecordedCall) => call.headers.get('Authorization');

/** A service that refuses every access token in `revoked` with 401. */
const revoking = (...revoked: string[]) =>
  fakeUpstream((call) =>
    revoked.includes(bearer(call)!)
      ? json({ error: { code: 401, errorCode: 'UNAUTHORIZED', message: 'expired' } }, 401)
      : json({ ok: true }),
  );

describe('proxy with OAuth credentials', () => {
  it('exchanges the refresh token at {upstream}/o/oauth2/token, form-encoded', async () => {
    const { proxy, upstream } = testProxy({ credentials: OAUTH });
    assert.equal((await proxy(request('GET', SERVICES))).status, 200);
    const [token, api] = upstream.calls;
    assert.equal(token!.url.href, 'http://service.test/prefix/o/oauth2/token');
    assert.equal(token!.method, 'POST');
    assert.equal(token!.headers.get('Content-Type'), 'application/x-www-form-urlencoded');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(token!.body)), {
      grant_type: 'refresh_token',
      refresh_token: OAUTH.refreshToken,
      client_id: OAUTH.clientId,
      client_secret: OAUTH.clientSecret,
    });
    assert.equal(bearer(api!), 'Bearer access-1');
    assert.equal(api!.headers.get('apiKey'), null);
  });

  it('keeps the access token for later requests', async () => {
    const { proxy, upstream } = testProxy({ credentials: OAUTH });
    for (let i = 0; i < 5; i++) await proxy(request('GET', SERVICES));
    assert.equal(upstream.tokenCalls().length, 1);
    assert.deepEqual(upstream.apiCalls().map(bearer), Array(5).fill('Bearer access-1'));
  });

  it('refreshes once for 20 concurrent requests', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const upstream = fakeUpstream();
    const slowTokens = async (input: string, init: RequestInit) => {
      if (input.endsWith('/o/oauth2/token')) await released;
      return upstream.fetch(input, init);
    };
    const { proxy } = testProxy({ credentials: OAUTH, fetch: slowTokens }, upstream);
    const pending = Array.from({ length: 20 }, () => proxy(request('GET', SERVICES)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const responses = await Promise.all(pending);
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(upstream.tokenCalls().length, 1);
    assert.deepEqual(upstream.apiCalls().map(bearer), Array(20).fill('Bearer access-1'));
  });

  it('after a 401, refreshes once and retries once, with the rotated refresh token', async () => {
    const rotated: string[] = [];
    const { proxy, upstream } = testProxy(
      { credentials: { ...OAUTH, onRefreshToken: (token) => void rotated.push(token) } },
      revoking('Bearer access-1'),
    );
    const response = await proxy(postJson('/api/2.0/clients', A_CLIENT));
    assert.equal(response.status, 200);
    const [, first, , retry] = upstream.calls;
    assert.deepEqual(
      upstream.calls.map((c) => c.url.pathname.split('/').pop()),
      ['token', 'clients', 'token', 'clients'],
    );
    assert.equal(bearer(first!), 'Bearer access-1');
    assert.equal(bearer(retry!), 'Bearer access-2');
    assert.equal(retry!.body, first!.body);
    assert.equal(new URLSearchParams(upstream.tokenCalls()[1]!.body).get('refresh_token'), 'secret-refresh-1');
    assert.deepEqual(rotated, ['secret-refresh-1', 'secret-refresh-2']);
  });

  it('refreshes once when 20 concurrent requests all meet a 401', async () => {
    const upstream = revoking('Bearer access-1', 'Bearer access-2');
    const { proxy } = testProxy({ credentials: OAUTH }, upstream);
    // access-1 is refused, so is its one retry with access-2: the proxy now holds access-2.
    assert.equal((await proxy(request('GET', SERVICES))).status, 401);
    const responses = await Promise.all(Array.from({ length: 20 }, () => proxy(request('GET', SERVICES))));
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(upstream.tokenCalls().length, 3);
    assert.equal(upstream.apiCalls().filter((call) => bearer(call) === 'Bearer access-2').length, 21);
    assert.equal(upstream.apiCalls().filter((call) => bearer(call) === 'Bearer access-3').length, 20);
  });

  it('answers the service’s 401 when the retry is refused too, without looping', async () => {
    const upstream = fakeUpstream(() => json({ error: { code: 401, errorCode: 'UNAUTHORIZED', message: 'no' } }, 401));
    const { proxy } = testProxy({ credentials: OAUTH }, upstream);
    const response = await proxy(request('GET', SERVICES));
    assert.equal(response.status, 401);
    assert.equal(upstream.apiCalls().length, 2);
    assert.equal(upstream.tokenCalls().length, 2);
  });

  it('does not retry partner credentials: a 401 means they are wrong', async () => {
    const upstream = fakeUpstream(() => json({ error: { code: 401, errorCode: 'UNAUTHORIZED', message: 'no' } }, 401));
    const { proxy } = testProxy({}, upstream);
    assert.equal((await proxy(request('GET', SERVICES))).status, 401);
    assert.equal(upstream.calls.length, 1);
  });

  it('answers 502 when the token endpoint fails, and tries again on the next request', async () => {
    let fail = true;
    const upstream = fakeUpstream();
    const flaky = async (input: string, init: RequestInit) =>
      fail && input.endsWith('/o/oauth2/token')
        ? json({ error: 'invalid_grant', secret: OAUTH.clientSecret }, 400)
        : upstream.fetch(input, init);
    const { proxy, logs } = testProxy({ credentials: OAUTH, fetch: flaky }, upstream);
    await expectError(await proxy(request('GET', SERVICES)), 502, 'UNAVAILABLE', /secret|invalid_grant/);
    assert.equal(logs[0]!.reason, 'token-refresh-failed');
    assert.equal(upstream.apiCalls().length, 0);
    fail = false;
    assert.equal((await proxy(request('GET', SERVICES))).status, 200);
  });

  it('answers 502 for a token answer without access_token', async () => {
    const { proxy } = testProxy({ credentials: OAUTH, fetch: async () => json({ token_type: 'Bearer' }) });
    assert.equal((await proxy(request('GET', SERVICES))).status, 502);
  });
});

describe('OAuth token cache', () => {
  const tokenServer = (answers: Record<string, unknown>[]) => {
    const bodies: URLSearchParams[] = [];
    return {
      bodies,
      fetch: async (_: string, init: RequestInit) => {
        bodies.push(new URLSearchParams(String(init.body)));
        return json(answers[Math.min(bodies.length, answers.length) - 1]);
      },
    };
  };

  it('refreshes shortly before expire_in, not after', async () => {
    let now = 0;
    const server = tokenServer([
      { access_token: 'a1', expire_in: 3600 },
      { access_token: 'a2', expires_in: 86_400 },
    ]);
    const tokens = new OAuthTokenSource(OAUTH, { url: 'http://t/o/oauth2/token', fetch: server.fetch, timeoutMs: 1000, now: () => now });
    assert.equal(await tokens.accessToken(), 'a1');
    now = 3_299_000; // a little over 5 minutes before expiry
    assert.equal(await tokens.accessToken(), 'a1');
    now = 3_301_000; // inside the last 5 minutes
    assert.equal(await tokens.accessToken(), 'a2');
    now += 86_400_000 - 301_000;
    assert.equal(await tokens.accessToken(), 'a2');
    assert.equal(server.bodies.length, 2);
  });

  it('refreshes a short-lived token in the last tenth of its life', async () => {
    let now = 0;
    const server = tokenServer([{ access_token: 'a1', expire_in: 600 }, { access_token: 'a2' }]);
    const tokens = new OAuthTokenSource(OAUTH, { url: 'http://t/o/oauth2/token', fetch: server.fetch, timeoutMs: 1000, now: () => now });
    await tokens.accessToken();
    now = 539_000;
    assert.equal(await tokens.accessToken(), 'a1');
    now = 541_000;
    assert.equal(await tokens.accessToken(), 'a2');
  });

  it('assumes the contract’s 24 hours when the answer does not say', async () => {
    let now = 0;
    const server = tokenServer([{ access_token: 'a1' }, { access_token: 'a2' }]);
    const tokens = new OAuthTokenSource(OAUTH, { url: 'http://t/o/oauth2/token', fetch: server.fetch, timeoutMs: 1000, now: () => now });
    await tokens.accessToken();
    now = 86_400_000 - 301_000;
    assert.equal(await tokens.accessToken(), 'a1');
    now = 86_400_000 - 299_000;
    assert.equal(await tokens.accessToken(), 'a2');
  });

  it('renews only a token that is still the current one', async () => {
    const server = tokenServer([{ access_token: 'a1' }, { access_token: 'a2' }, { access_token: 'a3' }]);
    const tokens = new OAuthTokenSource(OAUTH, { url: 'http://t/o/oauth2/token', fetch: server.fetch, timeoutMs: 1000 });
    await tokens.accessToken();
    assert.equal(await tokens.renew('a1'), 'a2');
    assert.equal(await tokens.renew('a1'), 'a2');
    assert.equal(server.bodies.length, 2);
  });
});
