import type { ErrorPhase } from '../../booking/problems.js';

export { ErrorPhase } from '../../booking/problems.js';

export interface ErrorEventDetail {
  phase: ErrorPhase;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** The service's error code (`DATE_NOT_AVAILABLE`…), or `NETWORK_ERROR`, `TIMEOUT`, `CONFIG`. */
  errorCode: string;
  /** What went wrong, for the merchant's logs (never shown to visitors as is). */
  message: string;
}

/** Something failed; the visitor sees a message in the widget. */
export class BookingErrorEvent extends CustomEvent<ErrorEventDetail> {
  constructor(detail: ErrorEventDetail) {
    super('bw-error', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-error': BookingErrorEvent;
  }
}
