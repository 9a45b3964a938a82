import type { ErrorBody, ErrorCode } from 'booking-widget-shared/types';

/** Why the proxy answered a request itself instead of (or after failing at) forwarding it. */
export const RefusalReason = {
  originNotAllowed: 'origin-not-allowed',
  unsafePath: 'unsafe-path',
  malformedPath: 'malformed-path',
  pathNotAllowed: 'path-not-allowed',
  methodNotAllowed: 'method-not-allowed',
  companyNotServed: 'company-not-served',
  queryNotAllowed: 'query-not-allowed',
  invalidHeader: 'invalid-header',
  invalidBody: 'invalid-body',
  bodyTooLarge: 'body-too-large',
  bodyTimeout: 'body-timeout',
  /** A GET or DELETE that announced a body: answered at once, so the body cannot hold the connection. */
  unexpectedBody: 'unexpected-body',
  /** Node refused the request line or headers before the handler could run (node-server.ts). */
  malformedRequest: 'malformed-request',
  /** The browser went away before its body was whole: its problem, not the proxy's. */
  clientDisconnected: 'client-disconnected',
  clientNotIssued: 'client-not-issued',
  /** A manage request without a valid token for that appointment of that company. */
  manageTokenInvalid: 'manage-token-invalid',
  /** A walk-in registration read or left without the queue token the proxy issued for it (service contract §16). */
  queueTokenInvalid: 'queue-token-invalid',
  /** Manage mode is off, a change the merchant does not allow, or one inside the notice window. */
  manageNotAllowed: 'manage-not-allowed',
  notBookable: 'not-bookable',
  /** One record read by its id that the public lists leave out (a hidden staff member, a back-office service). */
  notShownOnline: 'not-shown-online',
  outsideBookingWindow: 'outside-booking-window',
  rateLimited: 'rate-limited',
  /** The booking challenge is on and the POST carries no solution, or not one of ours (rules/booking-challenge.ts). */
  challengeMissing: 'challenge-missing',
  /** A solution that is wrong, expired, or of a challenge the proxy did not issue. */
  challengeInvalid: 'challenge-invalid',
  /** A solution already spent: each books once. */
  challengeReplayed: 'challenge-replayed',
  /** Another visitor holds that time (holds/). */
  timeHeld: 'time-held',
  catalogUnavailable: 'catalog-unavailable',
  upstreamUnreachable: 'upstream-unreachable',
  upstreamTimeout: 'upstream-timeout',
  upstreamUnreadable: 'upstream-unreadable',
  tokenRefreshFailed: 'token-refresh-failed',
  idempotencyConflict: 'idempotency-conflict',
  /** A move or cancellation of a booking while another change of it is in flight (state/appointment-lock.ts). */
  changeInFlight: 'change-in-flight',
  stateUnavailable: 'state-unavailable',
  /** A delivery of the service's watches without the secret the proxy registered (service contract §14). */
  watchSecretInvalid: 'watch-secret-invalid',
  internalError: 'internal-error',
} as const;
export type RefusalReason = (typeof RefusalReason)[keyof typeof RefusalReason];

/**
 * Thrown anywhere in the pipeline to answer the browser with a service contract §9 error.
 * Messages are fixed sentences: they never repeat what the visitor sent, because
 * that may be personal data, and never carry upstream details or stacks.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly reason: RefusalReason,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }

  toResponse(): Response {
    return errorResponse(this.status, this.errorCode, this.message, this.field, this.headers);
  }
}

/** The service contract §9 body, serialised. */
export function errorBodyText(status: number, errorCode: ErrorCode, message: string, field?: string): string {
  const body: ErrorBody = { error: { code: status, errorCode, message, ...(field === undefined ? {} : { field }) } };
  return JSON.stringify(body);
}

/** Headers of every answer the proxy makes itself. */
export const ERROR_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function errorResponse(
  status: number,
  errorCode: ErrorCode,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(errorBodyText(status, errorCode, message, field), { status, headers: { ...ERROR_HEADERS, ...headers } });
}

export const forbidden = (reason: RefusalReason, message = 'This request is not forwarded by the booking proxy.'): Refusal =>
  new Refusal(403, 'FORBIDDEN', message, reason);

export const invalidParameter = (reason: RefusalReason, field: string, message: string): Refusal =>
  new Refusal(400, 'INVALID_PARAMETER', message, reason, field);
