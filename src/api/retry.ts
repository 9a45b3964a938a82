/** When and how long to wait before sending a failed request again. */

export interface RetryPolicy {
  /** Further attempts after the first. `0` disables retries. Default 2. */
  retries: number;
  /** Backoff before the first retry; doubles with each retry. Default 300 ms. */
  baseDelayMs: number;
  /** Longest wait between attempts, `Retry-After` included; a longer `Retry-After` ends the retries. Default 5 s. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 5000 };

/**
 * Milliseconds to wait before retry number `retry` (0-based), or `null` when the
 * service asked for a longer pause than the policy allows. Exponential backoff
 * with full jitter, so many widgets that failed together do not retry together;
 * a `Retry-After` from the service is a floor.
 */
export function retryDelay(
  retry: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | null {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const jittered = Math.round(ceiling * random());
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
