/**
 * What a failure means for the visitor (a short polite message from the
 * catalog) and for the merchant (a console message that says what to fix).
 */
import { SchedulingError, TransportErrorCode } from '../api/errors.js';
import type { Messages } from '../i18n/catalogs/en.js';

/** Where in the flow an error happened. */
export const ErrorPhase = {
  /** The widget is misconfigured (a missing or wrong attribute). */
  Config: 'config',
  /** Loading the company, its services, staff or resources. */
  Load: 'load',
  /** Loading free times. */
  Slots: 'slots',
  /** Creating the client or the appointment. */
  Booking: 'booking',
  /** Reading, moving or cancelling a booking from a visitor's manage link. */
  Manage: 'manage',
  /** Reading, joining or leaving a walk-in line (service contract §16). */
  Queue: 'queue',
} as const;
export type ErrorPhase = (typeof ErrorPhase)[keyof typeof ErrorPhase];

export interface Problem {
  phase: ErrorPhase;
  status: number;
  errorCode: string;
  /** For the visitor, from the catalog. */
  visitorMessage: string;
  /** For the merchant's console. */
  merchantMessage: string;
  /** Trying again may help (the service was unreachable or busy). */
  retryable: boolean;
}

export interface ProblemContext {
  companyId: string;
  apiBase: string;
}

const TAG = '<booking-widget>';

export function configProblem(merchantMessage: string, messages: Messages): Problem {
  return {
    phase: 'config',
    status: 0,
    errorCode: 'CONFIG',
    visitorMessage: messages.unavailable,
    merchantMessage: `${TAG}: ${merchantMessage}`,
    retryable: false,
  };
}

/** A failure while loading the company, its lists or its free times. */
export function loadProblem(error: unknown, phase: ErrorPhase, context: ProblemContext, messages: Messages): Problem {
  // Anything but an answer (or a non-answer) of the service is the page's configuration.
  if (!(error instanceof SchedulingError)) return configProblem(error instanceof Error ? error.message : String(error), messages);
  const base = { phase, status: error.status, errorCode: error.errorCode, retryable: error.retryable };
  const where = `${context.apiBase || 'the page origin'}`;
  switch (true) {
    case error.errorCode === TransportErrorCode.Network || error.errorCode === TransportErrorCode.Timeout:
      return {
        ...base,
        visitorMessage: messages.offline,
        // A proxy that does not list the page's origin refuses it with a 403 the page may not read (no CORS
        // headers): fetch reports a network failure. The widget cannot tell the two apart, so it says "likely".
        merchantMessage: `${TAG}: the booking API at ${where} could not be reached (${error.errorCode}). ${
          error.errorCode === TransportErrorCode.Network &&
          /^https?:/.test(where) &&
          !`${where}/`.startsWith(`${globalThis.location?.origin}/`)
            ? `Likely cause: add ${globalThis.location?.origin} to BOOKING_PROXY_ORIGINS. Else c`
            : 'C'
        }heck api-base, and that your proxy runs and allows this origin (CORS).`,
      };
    case error.status === 401 || error.status === 403:
      return {
        ...base,
        visitorMessage: messages.unavailable,
        merchantMessage: `${TAG}: ${where} refused the request (${error.status} ${error.errorCode}: ${error.message}). Check the proxy's credentials, and that it serves company "${context.companyId}".`,
      };
    case error.status === 404 && phase === 'load':
      return {
        ...base,
        visitorMessage: messages.unavailable,
        merchantMessage: `${TAG}: company "${context.companyId}" was not found at ${where} (${error.message}). Check the company-id attribute.`,
      };
    case error.status === 429:
      return { ...base, visitorMessage: messages.rateLimited, merchantMessage: `${TAG}: rate limited by ${where}.` };
    default:
      return {
        ...base,
        visitorMessage: error.retryable ? messages.loadFailed : messages.unavailable,
        merchantMessage: `${TAG}: ${error.status || ''} ${error.errorCode} from ${where}: ${error.message}${error.field ? ` (field ${error.field})` : ''}`,
      };
  }
}
