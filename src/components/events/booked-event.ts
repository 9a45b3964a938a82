import type { Appointment } from '../../api/types.js';

export interface BookedEventDetail {
  /** The appointment as the service created it: `id`, `reference`, `status`, `start`, `end`… */
  appointment: Appointment;
}

/** An appointment was created. */
export class BookedEvent extends CustomEvent<BookedEventDetail> {
  constructor(detail: BookedEventDetail) {
    super('bw-booked', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-booked': BookedEvent;
  }
}
