import { forbidden, RefusalReason } from './refusal.js';

const ALLOWED_METHODS = 'GET, POST';
// `Altcha`: a booking's solved challenge (rules/booking-challenge.ts).
const ALLOWED_HEADERS = 'Content-Type, Idempotency-Key, Hold-Token, Altcha';
/** With visitor self-service on (service contract §7a): a manage link moves and cancels, and carries its token in a header. */
const MANAGE_METHODS = 'GET, POST, PUT, DELETE';
const MANAGE_HEADERS = 'Content-Type, Idempotency-Key, Manage-Token, Hold-Token, Altcha';
const QUEUE_TOKEN_HEADER = 'Queue-Token';
const EXPOSED_HEADERS = 'Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Checks `allowedOrigins` and puts each in the form browsers send (`https://host[:port]`). */
export function normaliseOrigins(origins: readonly string[]): ReadonlySet<string> {
  return new Set(
    origins.map((origin) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.href !== `${url.origin}/`) {
        throw new TypeError(
          `booking proxy: allowed origin "${origin}" must be a scheme, host and optional port, such as "https://shop.example".`,
        );
      }
      return url.origin;
    }),
  );
}

export const isPreflight = (request: Request): boolean =>
  request.method === 'OPTIONS' && request.headers.has('Origin') && request.headers.has('Access-Control-Request-Method');

/**
 * Refuses a request whose `Origin` is not listed, before anything else happens: a
 * page on another site cannot use the visitor's browser to spend the merchant's
 * rate limit or reach the service. Answers the preflight of a listed origin.
 */
export function corsGate(
  request: Request,
  allowed: ReadonlySet<string>,
  manageBookings = false,
  walkInQueues = false,
): Response | undefined {
  const origin = request.headers.get('Origin');
  if (origin !== null && !allowed.has(origin))
    throw forbidden(RefusalReason.originNotAllowed, 'This origin may not use the booking proxy.');
  if (!isPreflight(request)) return undefined;
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': manageBookings || walkInQueues ? MANAGE_METHODS : ALLOWED_METHODS,
      // A walk-in line's place is read and left with its token in a header of its own (service contract §16).
      'Access-Control-Allow-Headers': (manageBookings ? MANAGE_HEADERS : ALLOWED_HEADERS) + (walkInQueues ? `, ${QUEUE_TOKEN_HEADER}` : ''),
      'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
    },
  });
}

/** Adds the CORS answer for a listed origin; every answer varies by `Origin`, so caches keep them apart. */
export function addCorsHeaders(headers: Headers, origin: string | null, allowed: ReadonlySet<string>): void {
  headers.append('Vary', 'Origin');
  if (origin === null || !allowed.has(origin)) return;
  headers.set('Access-Control-Allow-Origin', origin);
  headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}
