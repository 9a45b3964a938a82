import type { BookingProxyLogEntry } from '../options.js';

/** What the log learns while a request goes through; never anything the visitor sent. */
export type Trace = Pick<BookingProxyLogEntry, 'route' | 'upstreamStatus'>;

const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Methods are free-form tokens; only the standard ones are written down as they are. */
export const loggedMethod = (method: string): string => (KNOWN_METHODS.includes(method) ? method : 'OTHER');

/** `booking-proxy POST /api/2.0/clients 201 35ms upstream=201`, or `… 403 0ms reason=path-not-allowed`. */
export function formatLogLine(entry: BookingProxyLogEntry): string {
  const parts = ['booking-proxy', entry.method, entry.route, String(entry.status), `${entry.durationMs}ms`];
  if (entry.upstreamStatus !== undefined) parts.push(`upstream=${entry.upstreamStatus}`);
  if (entry.reason !== undefined) parts.push(`reason=${entry.reason}`);
  return parts.join(' ');
}

export const consoleLog = (entry: BookingProxyLogEntry): void => console.info(formatLogLine(entry));
