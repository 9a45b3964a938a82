import type { Appointment } from 'booking-widget-shared/types';

export interface BookedEventDetail {
  /** The appointment as the service created it: `id`, `reference`, `status`, `start`, `end`… */
  appointment: Appointment;
  /** The visitor's link to reschedule or cancel (service contract §7a), when the booking can be managed. */
  manageUrl?: string | undefined;
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
