import type { BookingProxyCredentials, OAuthCredentials } from '../options.js';
import { OAuthTokenSource, type TokenEndpoint } from './oauth-token-source.js';
import type { ProxyState } from '../state/proxy-state.js';
import { SharedTokens } from '../state/shared-token.js';

/** Adds credentials to upstream requests (service contract §2). */
export interface CredentialSource {
  /** Headers that authenticate one request. */
  headers(): Promise<Record<string, string>>;
  /** After a 401 for `used`: headers worth one retry, or `undefined` when a retry cannot help. */
  renew(used: Record<string, string>): Promise<Record<string, string> | undefined>;
}

const isOAuth = (credentials: BookingProxyCredentials): credentials is OAuthCredentials => 'refreshToken' in credentials;

const bearer = (accessToken: string): Record<string, string> => ({ Authorization: `Bearer ${accessToken}` });

/** Waiting for another instance's refresh never outlasts its lock, which outlasts the refresh itself. */
const LOCK_MARGIN_MS = 1000;

export function credentialSource(credentials: BookingProxyCredentials, tokenEndpoint: TokenEndpoint, state: ProxyState): CredentialSource {
  if (isOAuth(credentials)) {
    const shared = new SharedTokens(state, credentials, tokenEndpoint.timeoutMs + LOCK_MARGIN_MS, tokenEndpoint.now);
    const tokens = new OAuthTokenSource(credentials, tokenEndpoint, shared);
    return {
      headers: async () => bearer(await tokens.accessToken()),
      renew: async (used) => bearer(await tokens.renew(used.Authorization!.slice('Bearer '.length))),
    };
  }
  const partner = { apiKey: credentials.apiKey, token: credentials.token };
  return {
    headers: async () => partner,
    // Partner credentials do not expire: a 401 means they are wrong, and stays one.
    renew: async () => undefined,
  };
}

/** Checks that exactly one complete set of credentials was given, without saying what it holds. */
export function checkCredentials(credentials: BookingProxyCredentials | undefined): void {
  const filled = (value: unknown) => typeof value === 'string' && value.length > 0;
  const given = (credentials ?? {}) as unknown as Record<string, unknown>;
  const partner = filled(given.apiKey) && filled(given.token);
  const oauth = filled(given.clientId) && filled(given.clientSecret) && filled(given.refreshToken);
  if (partner === oauth) {
    throw new TypeError(
      'booking proxy: credentials must be either { apiKey, token } or { clientId, clientSecret, refreshToken }, all non-empty strings.',
    );
  }
}
