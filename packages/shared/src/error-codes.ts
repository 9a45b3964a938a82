/**
 * The code that goes with a status when an answer names none (service contract §9): one
 * table for the adapter reading answers, the sandbox writing them and the proxy.
 */
import type { ErrorCode } from './types.js';

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'INVALID_PARAMETER',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  // A booking's conflict is its time: the contract's first 409 code.
  409: 'DATE_NOT_AVAILABLE',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
};

/** `INVALID_PARAMETER` for 400…, `UNAVAILABLE` for 501 and up, `HTTP_<status>` for a status the contract does not name. */
export function errorCodeForStatus(status: number): ErrorCode | `HTTP_${number}` {
  return CODE_FOR_STATUS[status] ?? (status > 500 ? 'UNAVAILABLE' : `HTTP_${status}`);
}
