import { Refusal, RefusalReason } from '../http/refusal.js';
import { StateUnavailable } from './proxy-state.js';

/** Seconds a visitor is asked to wait: long enough for Redis to restart or fail over. */
const RETRY_AFTER_SECONDS = '5';

/**
 * The answer when the shared state is down: bookings are refused (service contract §9, 503)
 * rather than sent without the rate limit or the duplicate check. `undefined` for
 * any other error.
 */
export function stateRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof StateUnavailable)) return undefined;
  return new Refusal(
    503,
    'UNAVAILABLE',
    'The booking proxy cannot take bookings right now; try again shortly.',
    RefusalReason.stateUnavailable,
    undefined,
    {
      'Retry-After': RETRY_AFTER_SECONDS,
    },
  );
}
