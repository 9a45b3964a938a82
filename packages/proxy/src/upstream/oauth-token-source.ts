import type { OAuthCredentials } from '../options.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import { DeadlineExceeded, startDeadline } from './deadline.js';
import { StateUnavailable } from '../state/proxy-state.js';
import type { AccessToken, Refreshed, SharedTokens } from '../state/shared-token.js';

/** Contract §2: access tokens live 24 hours. Used when the answer does not say. */
const DEFAULT_LIFETIME_SECONDS = 86_400;
/** Refresh this long before expiry (capped at a tenth of the lifetime), so no request carries a dying token. */
const EARLY_REFRESH_MS = 5 * 60_000;

export interface TokenEndpoint {
  url: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs: number;
  now?: () => number;
}

const refreshFailed = (): Refusal =>
  new Refusal(
    502,
    'UNAVAILABLE',
    'The booking proxy could not authenticate with the scheduling service.',
    RefusalReason.tokenRefreshFailed,
  );

/**
 * Access tokens from the refresh grant, cached until shortly before expiry. At most
 * one token request is in flight: every request that needs a token meanwhile waits
 * for that one, so a burst of visitors (or a burst of 401s) costs one refresh. With
 * `shared` tokens, that holds across every instance sharing the state too.
 */
export class OAuthTokenSource {
  private _refreshToken: string;
  private _current?: AccessToken;
  private _pending?: Promise<string>;
  private readonly _now: () => number;

  constructor(
    private readonly _credentials: OAuthCredentials,
    private readonly _endpoint: TokenEndpoint,
    private readonly _shared?: SharedTokens,
  ) {
    this._refreshToken = _credentials.refreshToken;
    this._now = _endpoint.now ?? Date.now;
  }

  /** A token that is not about to expire. */
  accessToken(): Promise<string> {
    if (this._current && this._now() < this._current.refreshAt) return Promise.resolve(this._current.accessToken);
    return this._refresh();
  }

  /** A token to retry with after the service refused `rejected`; refreshes only if no one has since. */
  renew(rejected: string): Promise<string> {
    if (this._pending) return this._pending;
    if (this._current && this._current.accessToken !== rejected) return this.accessToken();
    this._current = undefined;
    return this._refresh(rejected);
  }

  private _refresh(rejected?: string): Promise<string> {
    this._pending ??= this._obtain(rejected)
      .then((token) => {
        this._current = token;
        return token.accessToken;
      })
      .finally(() => {
        this._pending = undefined;
      });
    return this._pending;
  }

  private async _obtain(rejected: string | undefined): Promise<AccessToken> {
    if (!this._shared) return this._requestToken(this._refreshToken);
    try {
      return await this._shared.obtain(rejected, (stored) => this._requestToken(stored ?? this._refreshToken));
    } catch (error) {
      if (!(error instanceof StateUnavailable)) throw error;
      // The shared store is down: refresh alone rather than stop serving reads.
      return this._requestToken(this._refreshToken);
    }
  }

  private async _requestToken(refreshToken: string): Promise<Refreshed> {
    const deadline = startDeadline(this._endpoint.timeoutMs);
    try {
      const response = await deadline.race(
        this._endpoint.fetch(this._endpoint.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: this._credentials.clientId,
            client_secret: this._credentials.clientSecret,
          }).toString(),
          signal: deadline.signal,
          redirect: 'manual',
        }),
      );
      if (!response.ok) throw refreshFailed();
      return this._accept(await deadline.race(response.json()), refreshToken);
    } catch (error) {
      throw error instanceof DeadlineExceeded || error instanceof Refusal ? error : refreshFailed();
    } finally {
      deadline.clear();
    }
  }

  private _accept(answer: unknown, used: string): Refreshed {
    const { access_token, expire_in, expires_in, refresh_token } = (answer ?? {}) as Record<string, unknown>;
    if (typeof access_token !== 'string' || !access_token) throw refreshFailed();
    // The spec says `expire_in`; standard OAuth servers say `expires_in`.
    const lifetime = [expire_in, expires_in].find((v): v is number => typeof v === 'number' && v > 0) ?? DEFAULT_LIFETIME_SECONDS;
    const lifetimeMs = lifetime * 1000;
    const token: Refreshed = {
      accessToken: access_token,
      refreshAt: this._now() + lifetimeMs - Math.min(EARLY_REFRESH_MS, lifetimeMs / 10),
    };
    // `used` may be a rotated one another instance stored: it is the current one from now on.
    this._refreshToken = used;
    if (typeof refresh_token === 'string' && refresh_token && refresh_token !== used) {
      this._refreshToken = refresh_token;
      token.rotatedRefreshToken = refresh_token;
      this._announce(refresh_token);
    }
    return token;
  }

  private _announce(refreshToken: string): void {
    const report = () => console.warn('booking proxy: onRefreshToken failed; the new refresh token is only kept in memory.');
    try {
      Promise.resolve(this._credentials.onRefreshToken?.(refreshToken)).catch(report);
    } catch {
      report();
    }
  }
}
