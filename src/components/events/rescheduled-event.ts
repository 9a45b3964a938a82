import type { Appointment } from 'booking-widget-shared/types';

export interface RescheduledEventDetail {
  /** The appointment at its new time, as the service answered. */
  appointment: Appointment;
  /** ISO 8601 instant (UTC) of the start it had before. */
  previousStart: string;
}

/** The visitor moved their booking to another time (manage mode). */
export class RescheduledEvent extends CustomEvent<RescheduledEventDetail> {
  constructor(detail: RescheduledEventDetail) {
    super('bw-rescheduled', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-rescheduled': RescheduledEvent;
  }
}
