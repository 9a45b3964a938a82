/**
 * The service's watches (service contract §14), as one instance of the proxy keeps
 * them: where the service reaches it, the secret its deliveries carry, whether the
 * watches are registered yet, and the work each delivery leaves, done in order per
 * company after the delivery was answered.
 */
import type { TokenSigner } from '../tokens/signing.js';

/** What the secret and the company watch's address tag are derived from, with the signing key. */
const SECRET_PURPOSE = 'service-watch-secret';
const TAG_PURPOSE = 'service-company-watch';
/** After a failed registration, the next request tries again once this long has passed. */
const RETRY_AFTER_MS = 60_000;

export class ServiceWatches {
  private _registered = false;
  private _pending: Promise<void> | undefined;
  private _retryAt = 0;
  private readonly _work = new Map<string, Promise<void>>();
  private _secret: Promise<string> | undefined;

  /** @param publicUrl The proxy's public base URL, as the widget's `api-base` names it, without a trailing slash. */
  constructor(
    readonly publicUrl: string,
    private readonly _signer: TokenSigner,
  ) {}

  /**
   * The secret of every delivery: a notifications watch's address carries it in its path, a
   * company watch in its `X-Watch-Secret` header. Derived from the signing key, so every
   * instance sharing the key accepts what any of them registered.
   */
  secret(): Promise<string> {
    // Worked out once: every delivery, and every guess at one, is checked against it.
    return (this._secret ??= this._signer.digest(SECRET_PURPOSE));
  }

  /**
   * The company watch's address. Its last segment is no secret: it changes with the key,
   * so that a watch registered with an older secret is recognised as stale and removed.
   */
  async companyHookAddress(): Promise<string> {
    return `${this.companyHookPrefix}${(await this._signer.digest(TAG_PURPOSE)).slice(0, 16)}`;
  }

  get companyHookPrefix(): string {
    return `${this.publicUrl}/proxy/hooks/company/`;
  }

  notificationsHookAddress(companyId: string, secret: string): string {
    return `${this.publicUrl}/proxy/companies/${encodeURIComponent(companyId)}/hooks/notifications/${secret}`;
  }

  /**
   * Registers the watches on the first request (a Worker has no start of its own), and again
   * on a later one after a failure, at most once a minute. Elapsed time, not the proxy's clock:
   * a pinned clock must not stop it from trying again. `waitUntil` keeps a Worker running
   * the registration after the request that started it is answered.
   */
  ensureRegistered(register: () => Promise<void>, waitUntil: (work: Promise<unknown>) => void = () => {}): void {
    if (this._registered || this._pending || performance.now() < this._retryAt) return;
    this._pending = register()
      .then(
        () => {
          this._registered = true;
        },
        () => {
          this._retryAt = performance.now() + RETRY_AFTER_MS;
        },
      )
      .finally(() => {
        this._pending = undefined;
      });
    waitUntil(this._pending);
  }

  /** Runs `work` after the company's earlier work: a company's deliveries come in order, and are handled so. */
  after(companyId: string, work: () => Promise<void>): Promise<void> {
    const next = (this._work.get(companyId) ?? Promise.resolve()).then(work).catch(() => {});
    this._work.set(companyId, next);
    void next.then(() => {
      if (this._work.get(companyId) === next) this._work.delete(companyId);
    });
    return next;
  }
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) difference |= (given.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  return difference === 0;
}
