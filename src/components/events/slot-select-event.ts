import type { DateTimeInZone } from 'booking-widget-shared/types';

export interface SlotSelectEventDetail {
  /** ISO 8601 instant (UTC) of the chosen start. */
  start: string;
  /** The same start as the service writes it: wall clock in the company's zone. */
  startInCompanyZone: DateTimeInZone;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  resourceCount?: number;
}

/** The visitor chose a time. */
export class SlotSelectEvent extends CustomEvent<SlotSelectEventDetail> {
  constructor(detail: SlotSelectEventDetail) {
    super('bw-slot-select', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-select': SlotSelectEvent;
  }
}
