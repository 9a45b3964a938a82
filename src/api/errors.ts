/**
 * One error type for every way a call can fail, whatever the service sent back
 * (service contract §9): a JSON error body, a text error, a non-JSON body, a 200 that
 * carries `error`, a network failure, a timeout or an abort.
 */
import { errorCodeForStatus } from 'booking-widget-shared/error-codes';
import { isRecord } from 'booking-widget-shared/is-record';
import type { ErrorBody } from 'booking-widget-shared/types';

/** Codes of failures that never reached a service answer. */
export const TransportErrorCode = {
  /** The request did not get an answer (offline, DNS, connection dropped, CORS). */
  Network: 'NETWORK_ERROR',
  /** No answer within the client's timeout. */
  Timeout: 'TIMEOUT',
  /** The caller's `AbortSignal` fired. */
  Aborted: 'ABORTED',
} as const;
export type TransportErrorCode = (typeof TransportErrorCode)[keyof typeof TransportErrorCode];

export interface SchedulingErrorInit {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  errorCode: string;
  message: string;
  field?: string;
  retryable?: boolean;
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

export class SchedulingError extends Error {
  /** HTTP status; 0 when no answer arrived (network failure, timeout, abort). */
  readonly status: number;
  /** The service's `errorCode` (`DATE_NOT_AVAILABLE`…) or a {@link TransportErrorCode}. */
  readonly errorCode: string;
  /** The input at fault, as a dotted path (`start.dateTime`), when the service named one. */
  readonly field: string | undefined;
  /** True when the same request may succeed if sent again later. */
  readonly retryable: boolean;
  /** How long the service asked callers to wait (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: SchedulingErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SchedulingError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.field = init.field;
    this.retryable = init.retryable ?? isRetryableStatus(init.status);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * Network failures, 408 (a proxy gave up waiting for a slow upload), 429 and 5xx
 * may succeed later; every other answer will not.
 */
function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Reads the `error` member of a body in any of the shapes the service is known
 * to send: `{error: {code, errorCode, message, field}}` or `{error: "text"}`.
 */
function describeErrorMember(error: unknown): Partial<ErrorBody['error']> {
  if (typeof error === 'string') return { message: error };
  if (!isRecord(error)) return {};
  return {
    code: typeof error.code === 'number' ? error.code : undefined,
    errorCode: typeof error.errorCode === 'string' ? error.errorCode : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
    field: typeof error.field === 'string' ? error.field : undefined,
  };
}

/**
 * Builds the error for an answer that is not a success: a non-2xx status, or a
 * 2xx whose parsed body has a top-level `error`. `body` is the parsed JSON, or
 * `undefined` when the body was not JSON.
 */
export function errorFromAnswer(status: number, body: unknown, rawText: string, retryAfterMs?: number): SchedulingError {
  const described = isRecord(body) ? describeErrorMember(body.error) : {};
  // A 2xx that carries `error` is a failure: take the status the body names, if any.
  const effectiveStatus = status >= 200 && status < 300 ? (described.code && described.code >= 400 ? described.code : 500) : status;
  const snippet = rawText.trim().slice(0, 120);
  const message =
    described.message ??
    (body === undefined && snippet
      ? `The service answered ${status} with a body that is not JSON: ${snippet}`
      : `The service answered ${status}.`);
  return new SchedulingError({
    status: effectiveStatus,
    errorCode: described.errorCode ?? errorCodeForStatus(effectiveStatus),
    message,
    field: described.field,
    retryAfterMs,
  });
}
