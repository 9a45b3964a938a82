import type { CalendarDate } from 'booking-widget-shared/calendar-date';

/** The visitor asked the calendar for another month; `month` is its first day (inner event: `<bw-day-picker>` to its parent). */
export class MonthChangeEvent extends Event {
  constructor(readonly month: CalendarDate) {
    super('month-change', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'month-change': MonthChangeEvent;
  }
}
