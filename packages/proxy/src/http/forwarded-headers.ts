import { invalidParameter, RefusalReason } from './refusal.js';

/** Longest `Accept` or `Accept-Language` passed on; longer ones are dropped, not refused. */
const MAX_NEGOTIATION_HEADER = 256;
/** A UUID in practice; any short run of visible ASCII is accepted. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * A fresh header set for the service. Nothing else from the browser is copied:
 * not its cookies, not an `Authorization`, `apiKey` or `token` it may send, not
 * forwarding headers that would tell the service who the visitor is.
 */
export function forwardedHeaders(request: Request, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  for (const name of ['Accept', 'Accept-Language']) {
    const value = request.headers.get(name);
    if (value && value.length <= MAX_NEGOTIATION_HEADER) headers.set(name, value);
  }
  const idempotencyKey = request.headers.get('Idempotency-Key');
  if (idempotencyKey !== null) {
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw invalidParameter(
        RefusalReason.invalidHeader,
        'Idempotency-Key',
        'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.',
      );
    }
    headers.set('Idempotency-Key', idempotencyKey);
  }
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}
