/**
 * OAuth 2.0 for the sandbox account (service contract §2). The authorization page consents
 * at once, as a sandbox may. Errors use the contract's §9 body, like every other
 * answer, with `field` naming the parameter at fault.
 */
import { Hono } from 'hono';
import { SANDBOX_ACCOUNT, SANDBOX_CREDENTIALS } from '../credentials.js';
import { invalid, unauthorized } from '../http/api-error.js';
import type { SandboxEnv } from '../http/env.js';
import { QueryReader } from '../http/query.js';
import { randomSecret } from '../store/ids.js';
import type { Store } from '../store/store.js';

export const ACCESS_TOKEN_SECONDS = 86_400;
/** Codes are exchanged at once by a real client; ten minutes leaves room for curl. */
export const CODE_SECONDS = 600;

const { oauth } = SANDBOX_CREDENTIALS;

export function oauthRoutes(store: Store, clock: () => number): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  const { state } = store;

  const issueTokens = (accountId: string, refreshToken: string | undefined) => {
    const nowMs = clock();
    for (const [token, access] of state.accessTokens) if (access.expiresMs <= nowMs) state.accessTokens.delete(token);
    const access = { id: randomSecret(), accountId, expiresMs: nowMs + ACCESS_TOKEN_SECONDS * 1000 };
    state.accessTokens.set(access.id, access);
    // The refresh token stays valid and is returned again, so that two clients refreshing at once both succeed.
    const refresh = refreshToken ?? randomSecret();
    state.refreshTokens.set(refresh, { id: refresh, accountId });
    store.changed();
    return { access_token: access.id, expire_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, token_type: 'Bearer' };
  };

  router.get('/o/oauth2/auth', (c) => {
    const query = QueryReader.of(c.req.url);
    if (query.string('client_id', true) !== oauth.clientId) throw invalid('client_id', 'Unknown client_id.');
    const redirectUri = query.string('redirect_uri') ?? oauth.redirectUri;
    if (redirectUri !== oauth.redirectUri) {
      throw invalid('redirect_uri', `redirect_uri must be the registered one: ${oauth.redirectUri}`);
    }
    const responseType = query.string('response_type') ?? 'code';
    if (responseType !== 'code') throw invalid('response_type', 'Only response_type=code is supported.');
    const code = { id: randomSecret(), accountId: SANDBOX_ACCOUNT, redirectUri, expiresMs: clock() + CODE_SECONDS * 1000 };
    state.oauthCodes.set(code.id, code);
    store.changed();
    const location = new URL(redirectUri);
    location.searchParams.set('code', code.id);
    const stateParameter = query.string('state');
    if (stateParameter !== undefined) location.searchParams.set('state', stateParameter);
    return c.redirect(location.toString(), 302);
  });

  // The registered redirect URI, when the sandbox runs on its default address.
  router.get('/oauth/callback', (c) => {
    const query = QueryReader.of(c.req.url);
    return c.json({ code: query.string('code', true), state: query.string('state') ?? null });
  });

  router.post('/o/oauth2/token', (c) => {
    const form = new QueryReader(new URLSearchParams(c.var.rawBody ?? ''));
    const grantType = form.string('grant_type', true);
    if (form.string('client_id', true) !== oauth.clientId || form.string('client_secret', true) !== oauth.clientSecret) {
      throw unauthorized('Wrong client_id or client_secret.');
    }
    if (grantType === 'authorization_code') {
      const code = state.oauthCodes.get(form.string('code', true)!);
      if (!code || code.expiresMs <= clock()) throw invalid('code', 'The code is unknown, used or expired.');
      if (form.string('redirect_uri', true) !== code.redirectUri) {
        throw invalid('redirect_uri', 'redirect_uri differs from the one the code was issued for.');
      }
      state.oauthCodes.delete(code.id);
      return c.json(issueTokens(code.accountId, undefined), 200, { 'Cache-Control': 'no-store' });
    }
    if (grantType === 'refresh_token') {
      const refresh = state.refreshTokens.get(form.string('refresh_token', true)!);
      if (!refresh) throw invalid('refresh_token', 'Unknown refresh token.');
      return c.json(issueTokens(refresh.accountId, refresh.id), 200, { 'Cache-Control': 'no-store' });
    }
    throw invalid('grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  return router;
}
