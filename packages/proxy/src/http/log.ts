import type { BookingProxyLogEntry } from '../options.js';

/** What the log learns while a request goes through; never anything the visitor sent. */
export type Trace = Pick<BookingProxyLogEntry, 'route' | 'upstreamStatus'>;

const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Methods are free-form tokens; only the standard ones are written down as they are. */
export const loggedMethod = (method: string): string => (KNOWN_METHODS.includes(method) ? method : 'OTHER');

/**
 * A refused `Origin` as the log may write it: the merchant needs it to fix `allowedOrigins`, and the
 * header is the browser's, not the visitor's; anything not in a browser's form could be forged text.
 */
export function loggedOrigin(origin: string | null): string {
  if (origin === 'null') return origin;
  try {
    if (origin !== null && new URL(origin).origin === origin) return origin;
  } catch {
    // Not a URL: not an origin a browser sends.
  }
  return 'malformed';
}

/**
 * `booking-proxy POST /api/2.0/clients 201 35ms upstream=201`, or `… 403 0ms reason=path-not-allowed`,
 * or `… 403 0ms reason=origin-not-allowed origin=https://shop.example`.
 */
export function formatLogLine(entry: BookingProxyLogEntry): string {
  const parts = ['booking-proxy', entry.method, entry.route, String(entry.status), `${entry.durationMs}ms`];
  if (entry.upstreamStatus !== undefined) parts.push(`upstream=${entry.upstreamStatus}`);
  if (entry.reason !== undefined) parts.push(`reason=${entry.reason}`);
  if (entry.refusedOrigin !== undefined) parts.push(`origin=${entry.refusedOrigin}`);
  return parts.join(' ');
}

export const consoleLog = (entry: BookingProxyLogEntry): void => console.info(formatLogLine(entry));
