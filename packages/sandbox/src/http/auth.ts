import type { MiddlewareHandler } from 'hono';
import { SANDBOX_ACCOUNT, SANDBOX_CREDENTIALS } from '../credentials.js';
import type { Store } from '../store/store.js';
import { unauthorized } from './api-error.js';
import type { SandboxEnv } from './env.js';

/** The account a request acts for (service contract §2), or 401. */
export function accountOf(request: Request, store: Store, nowMs: number): string {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) throw unauthorized('The Authorization header must read "Bearer <access token>".');
    const access = store.state.accessTokens.get(token);
    if (!access) throw unauthorized('Unknown access token.');
    if (access.expiresMs <= nowMs) throw unauthorized('The access token has expired: get a new one with the refresh_token grant.');
    return access.accountId;
  }
  // Older clients send the partner credentials as query parameters.
  const query = new URL(request.url).searchParams;
  const apiKey = request.headers.get('apiKey') ?? query.get('apiKey');
  const token = request.headers.get('token') ?? query.get('token');
  if (apiKey === null && token === null) {
    throw unauthorized('Missing credentials: send the apiKey and token headers, or Authorization: Bearer <access token>.');
  }
  if (apiKey !== SANDBOX_CREDENTIALS.apiKey || token !== SANDBOX_CREDENTIALS.token) throw unauthorized('Wrong apiKey or token.');
  return SANDBOX_ACCOUNT;
}

export function authenticate(store: Store, clock: () => number): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    c.set('accountId', accountOf(c.req.raw, store, clock()));
    await next();
  };
}
