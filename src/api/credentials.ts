/**
 * How requests authenticate (service contract §2), and the rule that keeps partner
 * credentials out of browsers.
 */
import { SchedulingError } from './errors.js';

/** A token, or a function that returns the current one (for OAuth users whose token refreshes). */
export type AccessTokenSource = string | (() => string | Promise<string>);

/** Partner credentials: for Node scripts and the proxy, never for a browser. */
export interface PartnerCredentials {
  apiKey: string;
  token: string;
}

export interface CredentialOptions {
  accessToken?: AccessTokenSource | undefined;
  partner?: PartnerCredentials | undefined;
}

/** Adds the credentials to a request's headers. */
export type Authenticate = (headers: Headers) => Promise<void>;

const runsInBrowser = (): boolean =>
  typeof (globalThis as { document?: unknown }).document !== 'undefined' &&
  typeof (globalThis as { window?: unknown }).window !== 'undefined';

export function createAuthenticate(options: CredentialOptions): Authenticate {
  const { accessToken, partner } = options;
  if (accessToken !== undefined && partner !== undefined) {
    throw new TypeError('Pass either accessToken or partner credentials, not both.');
  }
  if (partner) {
    if (runsInBrowser()) {
      // Short: this sentence ships in the script-tag bundle, where no page should ever meet it.
      throw new TypeError(
        'Partner credentials must never be used in a browser: any visitor could read them. Run the booking proxy (docs/proxy.md) and pass its URL as apiBase.',
      );
    }
    return async (headers) => {
      headers.set('apiKey', partner.apiKey);
      headers.set('token', partner.token);
    };
  }
  if (accessToken !== undefined) {
    return async (headers) => {
      const token = typeof accessToken === 'function' ? await accessToken() : accessToken;
      if (!token) {
        throw new SchedulingError({ status: 401, errorCode: 'UNAUTHORIZED', message: 'The access token is empty.' });
      }
      headers.set('Authorization', `Bearer ${token}`);
    };
  }
  // Proxy mode, the default: the proxy adds credentials, the browser sends none.
  return async () => {};
}
