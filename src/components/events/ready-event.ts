import type { Company } from 'booking-widget-shared/types';

export interface ReadyEventDetail {
  /** The company as loaded, without `extendedProperties.private`. */
  company: Company;
}

/** The company has loaded and the first step is on screen. */
export class BookingReadyEvent extends CustomEvent<ReadyEventDetail> {
  constructor(detail: ReadyEventDetail) {
    super('bw-ready', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-ready': BookingReadyEvent;
  }
}
