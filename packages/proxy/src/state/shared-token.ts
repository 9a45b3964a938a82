import { sha256Hex } from './digest.js';
import { StateUnavailable, type ProxyState } from './proxy-state.js';

/** An access token and when to stop using it (ms, on the clock of the instance that got it). */
export interface AccessToken {
  accessToken: string;
  refreshAt: number;
}

/** What one refresh brought: the token, and the new refresh token if the service rotated it. */
export interface Refreshed extends AccessToken {
  rotatedRefreshToken?: string;
}

/** A rotated refresh token outlives any access token; the store keeps it this long after its last use. */
const REFRESH_TOKEN_KEPT_MS = 30 * 24 * 3_600_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

interface Keys {
  token: string;
  lock: string;
  refreshToken: string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The OAuth access token as every instance sharing `state` sees it, and the one
 * refresh among them all: the instance that takes the lock refreshes and stores the
 * token (and a rotated refresh token, so that no instance refreshes with a dead one);
 * the others wait and read the new token from the store.
 *
 * Keys are scoped by the client id and the configured refresh token, so two accounts
 * sharing one store never see each other's tokens.
 */
export class SharedTokens {
  private readonly _keys: Promise<Keys>;

  constructor(
    private readonly _state: ProxyState,
    credentials: { clientId: string; refreshToken: string },
    private readonly _lockMs: number,
    private readonly _now: () => number = Date.now,
  ) {
    this._keys = sha256Hex(`${credentials.clientId}\n${credentials.refreshToken}`).then((scope) => ({
      token: `oauth:${scope}:token`,
      lock: `oauth:${scope}:lock`,
      refreshToken: `oauth:${scope}:refresh-token`,
    }));
  }

  /**
   * A token that is not `rejected` and not due for refresh: the stored one, or one
   * `refresh` gets (given the stored refresh token, if one was rotated) while this
   * instance holds the lock.
   */
  async obtain(
    rejected: string | undefined,
    refresh: (storedRefreshToken: string | undefined) => Promise<Refreshed>,
  ): Promise<AccessToken> {
    const keys = await this._keys;
    const owner = crypto.randomUUID();
    // The lock expires after `_lockMs` if its holder dies; by then a waiter has taken it.
    const giveUpAt = Date.now() + 2 * this._lockMs;
    for (let pollMs = FIRST_POLL_MS; ; pollMs = Math.min(pollMs * 2, MAX_POLL_MS)) {
      const stored = await this._usable(keys, rejected);
      if (stored) return stored;
      if (await this._state.setIfAbsent(keys.lock, owner, this._lockMs)) {
        try {
          // Another instance may have stored a token between the read and the lock.
          const again = await this._usable(keys, rejected);
          if (again) return again;
          return await this._refresh(keys, refresh);
        } finally {
          await this._state.delete(keys.lock, owner).catch(() => {});
        }
      }
      if (Date.now() >= giveUpAt) throw new StateUnavailable(new Error('The token refresh lock was held too long.'));
      await wait(pollMs);
    }
  }

  private async _refresh(keys: Keys, refresh: (storedRefreshToken: string | undefined) => Promise<Refreshed>): Promise<AccessToken> {
    const { accessToken, refreshAt, rotatedRefreshToken } = await refresh(await this._state.get(keys.refreshToken));
    // The rotated refresh token first: an instance that sees the new access token must not find the old refresh token.
    if (rotatedRefreshToken) await this._state.set(keys.refreshToken, rotatedRefreshToken, REFRESH_TOKEN_KEPT_MS);
    const token: AccessToken = { accessToken, refreshAt };
    await this._state.set(keys.token, JSON.stringify(token), Math.max(1, refreshAt - this._now()));
    return token;
  }

  private async _usable(keys: Keys, rejected: string | undefined): Promise<AccessToken | undefined> {
    const value = await this._state.get(keys.token);
    if (value === undefined) return undefined;
    try {
      const token = JSON.parse(value) as AccessToken;
      return token.accessToken !== rejected && this._now() < token.refreshAt ? token : undefined;
    } catch {
      return undefined;
    }
  }
}
