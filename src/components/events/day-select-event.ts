import type { CalendarDate } from 'booking-widget-shared/calendar-date';

/** The visitor chose a day with free times (inner event: `<bw-day-picker>` to its parent, `<bw-time-step>` to its host). */
export class DaySelectEvent extends Event {
  constructor(readonly day: CalendarDate) {
    super('bw-day-select', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-day-select': DaySelectEvent;
  }
}
