import type { errorCodeForStatus } from 'booking-widget-shared/error-codes';
import type { ErrorBody, ErrorCode } from 'booking-widget-shared/types';

/** A failure with its service contract §9 body; the app's error handler turns it into the response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode | ReturnType<typeof errorCodeForStatus>,
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
export const invalid = (field: string | undefined, message: string): ApiError => new ApiError(400, 'INVALID_PARAMETER', message, field);

export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);

export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message);
