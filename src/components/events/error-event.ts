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
} as const;
export type ErrorPhase = (typeof ErrorPhase)[keyof typeof ErrorPhase];

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
