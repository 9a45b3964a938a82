import type { Attribution } from 'booking-widget-shared/attribution';
import type { Appointment } from 'booking-widget-shared/types';

export interface BookedEventDetail {
  /** The appointment as the service created it: `id`, `reference`, `status`, `start`, `end`… */
  appointment: Appointment;
  /** The visitor's link to reschedule or cancel (service contract §7a), when the booking can be managed. */
  manageUrl?: string | undefined;
  /**
   * Where the visitor came from, as sent with the booking (`utm_*`, `gclid`, `fbclid`, `msclkid`,
   * `landingPage`, `referrer`), for your own code: the service keeps it, and no browser reads it back.
   */
  attribution?: Attribution | undefined;
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
