import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { CLIENTS, SALON, assertError, manualClock, sandbox, type SandboxClient } from './sandbox-support.js';

const { oauth } = SANDBOX_CREDENTIALS;
const DAY_MS = 86_400_000;

/** Runs the authorization page and returns the code and state of its redirect. */
async function authorize(client: SandboxClient, params: Record<string, string> = {}) {
  const search = new URLSearchParams({ client_id: oauth.clientId, redirect_uri: oauth.redirectUri, state: 'xyz', ...params });
  const reply = await client.get(`/o/oauth2/auth?${search}`, { anonymous: true });
  assert.equal(reply.status, 302, reply.text);
  const location = new URL(reply.headers.get('location')!);
  assert.equal(`${location.origin}${location.pathname}`, oauth.redirectUri);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state') };
}

function token(client: SandboxClient, form: Record<string, string>) {
  return client.request('POST', '/o/oauth2/token', {
    anonymous: true,
    raw: new URLSearchParams({ client_id: oauth.clientId, client_secret: oauth.clientSecret, ...form }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const exchange = (client: SandboxClient, code: string) =>
  token(client, { grant_type: 'authorization_code', code, redirect_uri: oauth.redirectUri });

const asBearer = (client: SandboxClient, accessToken: string) =>
  client.get(SALON, { anonymous: true, headers: { Authorization: `Bearer ${accessToken}` } });

describe('sandbox auth: partner credentials', () => {
  test('headers or query parameters are accepted', async () => {
    const client = sandbox();
    assert.equal((await client.get(SALON)).status, 200);
    const query = `apiKey=${SANDBOX_CREDENTIALS.apiKey}&token=${SANDBOX_CREDENTIALS.token}`;
    assert.equal((await client.get(`${SALON}?${query}`, { anonymous: true })).status, 200);
    assert.equal((await client.post(`${CLIENTS}?${query}`, { firstName: 'Q', lastName: 'P' }, { anonymous: true })).status, 200);
  });

  test('missing, partial or wrong credentials are a 401 on every API path', async () => {
    const client = sandbox();
    const { apiKey, token: partnerToken } = SANDBOX_CREDENTIALS;
    const attempts: Record<string, string>[] = [
      {},
      { apiKey },
      { token: partnerToken },
      { apiKey, token: 'wrong' },
      { apiKey: 'wrong', token: partnerToken },
    ];
    for (const headers of attempts) {
      assertError(await client.get(SALON, { anonymous: true, headers }), 401, 'UNAUTHORIZED');
    }
    assertError(await client.get(`${SALON}/no-such-route`, { anonymous: true }), 401, 'UNAUTHORIZED');
    assertError(await client.post(CLIENTS, { firstName: 'A', lastName: 'B' }, { anonymous: true }), 401, 'UNAUTHORIZED');
  });
});

describe('sandbox auth: OAuth', () => {
  test('the authorization page redirects with a code; the code buys a Bearer token', async () => {
    const client = sandbox();
    const { code, state } = await authorize(client);
    assert.equal(state, 'xyz');
    const reply = await exchange(client, code);
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Object.keys(reply.body).sort(), ['access_token', 'expire_in', 'refresh_token', 'token_type']);
    assert.equal(reply.body.expire_in, 86400);
    assert.equal(reply.body.token_type, 'Bearer');
    assert.equal((await asBearer(client, reply.body.access_token)).body.externalId, 'demo-salon');
  });

  test('the registered redirect URI shows the code when the sandbox runs there', async () => {
    const reply = await sandbox().get('/oauth/callback?code=abc&state=xyz', { anonymous: true });
    assert.deepEqual(reply.body, { code: 'abc', state: 'xyz' });
  });

  test('the authorization page refuses an unknown client or redirect URI', async () => {
    const client = sandbox();
    const page = (params: Record<string, string>) =>
      client.get(`/o/oauth2/auth?${new URLSearchParams({ client_id: oauth.clientId, ...params })}`, { anonymous: true });
    assertError(await page({ client_id: 'someone' }), 400, 'INVALID_PARAMETER', 'client_id');
    assertError(await page({ redirect_uri: 'https://evil.example/cb' }), 400, 'INVALID_PARAMETER', 'redirect_uri');
    assertError(await page({ response_type: 'token' }), 400, 'INVALID_PARAMETER', 'response_type');
  });

  test('codes are single-use and expire after ten minutes', async () => {
    const clock = manualClock();
    const client = sandbox({ now: clock.now });
    const { code } = await authorize(client);
    assert.equal((await exchange(client, code)).status, 200);
    assertError(await exchange(client, code), 400, 'INVALID_PARAMETER', 'code');

    const late = await authorize(client);
    clock.advance(600_000);
    assertError(await exchange(client, late.code), 400, 'INVALID_PARAMETER', 'code');
  });

  test('the token endpoint checks the client, the grant and the redirect URI', async () => {
    const client = sandbox();
    const { code } = await authorize(client);
    assertError(
      await token(client, { grant_type: 'authorization_code', code, redirect_uri: oauth.redirectUri, client_secret: 'nope' }),
      401,
      'UNAUTHORIZED',
    );
    assertError(
      await token(client, { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/other' }),
      400,
      'INVALID_PARAMETER',
      'redirect_uri',
    );
    assertError(
      await token(client, { grant_type: 'authorization_code', redirect_uri: oauth.redirectUri }),
      400,
      'INVALID_PARAMETER',
      'code',
    );
    assertError(await token(client, { grant_type: 'password' }), 400, 'INVALID_PARAMETER', 'grant_type');
    assertError(await token(client, {}), 400, 'INVALID_PARAMETER', 'grant_type');
    assertError(await token(client, { grant_type: 'refresh_token', refresh_token: 'unknown' }), 400, 'INVALID_PARAMETER', 'refresh_token');
    assert.equal((await exchange(client, code)).status, 200, 'failed attempts do not use the code up');
  });

  test('access tokens expire after 86,400 s of the sandbox clock; the refresh grant gives a new one', async () => {
    const clock = manualClock();
    const client = sandbox({ now: clock.now });
    const tokens = (await exchange(client, (await authorize(client)).code)).body;

    clock.advance(DAY_MS - 1000);
    assert.equal((await asBearer(client, tokens.access_token)).status, 200);
    clock.advance(1000);
    assertError(await asBearer(client, tokens.access_token), 401, 'UNAUTHORIZED');

    const refreshed = await token(client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.notEqual(refreshed.body.access_token, tokens.access_token);
    assert.equal(refreshed.body.refresh_token, tokens.refresh_token);
    assert.equal((await asBearer(client, refreshed.body.access_token)).status, 200);
    assertError(await asBearer(client, tokens.access_token), 401, 'UNAUTHORIZED');
  });

  test('a malformed or unknown Bearer token is a 401, even with partner headers', async () => {
    const client = sandbox();
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer unknown-token']) {
      assertError(await client.get(SALON, { headers: { Authorization: authorization } }), 401, 'UNAUTHORIZED');
    }
  });
});
