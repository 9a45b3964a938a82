import type { Appointment } from 'booking-widget-shared/types';

export interface CancelledEventDetail {
  /** The appointment as it was before it was cancelled. */
  appointment: Appointment;
}

/** The visitor cancelled their booking (manage mode). */
export class CancelledEvent extends CustomEvent<CancelledEventDetail> {
  constructor(detail: CancelledEventDetail) {
    super('bw-cancelled', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-cancelled': CancelledEvent;
  }
}
