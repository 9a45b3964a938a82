import type { CalendarDate } from 'booking-widget-shared/calendar-date';

/**
 * The visitor moved the calendar's tab stop to `day` (arrow keys, Home/End, Page Up/Down, a
 * click): the parent shows that day's month and hands the day back as `focused` (inner event:
 * `<bw-day-picker>` to its parent, `<bw-time-step>` to its host).
 */
export class DayFocusEvent extends Event {
  constructor(readonly day: CalendarDate) {
    super('bw-day-focus', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-day-focus': DayFocusEvent;
  }
}
