import type { ErrorBody, ErrorCode } from '../../api/types.js';

/** A failure with its contract §9 body; the app's error handler turns it into the response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.status, errorCode: this.errorCode, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    return { error };
  }

  toResponse(headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(this.body), {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });
  }
}

/** 400: a query or body field is missing or malformed; `field` names it when one input is at fault. */
export const invalid = (field: string | undefined, message: string): ApiError =>
  new ApiError(400, 'INVALID_PARAMETER', message, field);

export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);

export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message);

/** The code that goes with a status when nothing more specific is known (forced failures). */
export function errorCodeFor(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'INVALID_PARAMETER',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'DATE_NOT_AVAILABLE',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? (status >= 502 ? 'UNAVAILABLE' : status >= 500 ? 'INTERNAL' : 'INVALID_PARAMETER');
}
