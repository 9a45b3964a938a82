/** The weeks of a month as a calendar shows them. Pure calendar arithmetic, no zone. */
import { type CalendarDate, addDays, addMonths, endOfMonth, startOfMonth, weekDayIndex } from 'booking-widget-shared/calendar-date';

/** Rows of seven cells; `null` for the cells of the neighbouring months. */
export function weeksOfMonth(month: CalendarDate, firstDayOfWeek: number): (CalendarDate | null)[][] {
  const first = startOfMonth(month);
  const last = endOfMonth(month);
  const lead = (weekDayIndex(first) - firstDayOfWeek + 7) % 7;
  const weeks: (CalendarDate | null)[][] = [];
  for (let start = addDays(first, -lead); start <= last; start = addDays(start, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const day = addDays(start, i);
        return day >= first && day <= last ? day : null;
      }),
    );
  }
  return weeks;
}

export function startOfWeek(date: CalendarDate, firstDayOfWeek: number): CalendarDate {
  return addDays(date, -((weekDayIndex(date) - firstDayOfWeek + 7) % 7));
}

function endOfWeek(date: CalendarDate, firstDayOfWeek: number): CalendarDate {
  return addDays(startOfWeek(date, firstDayOfWeek), 6);
}

export function clampDate(date: CalendarDate, min: CalendarDate | undefined, max: CalendarDate | undefined): CalendarDate {
  if (min && date < min) return min;
  if (max && date > max) return max;
  return date;
}

/** The day a key moves focus to from `date`, or `undefined` for keys the grid ignores. */
export function dayForKey(
  key: string,
  shiftKey: boolean,
  date: CalendarDate,
  firstDayOfWeek: number,
  rtl: boolean,
): CalendarDate | undefined {
  switch (key) {
    case 'ArrowRight':
      return addDays(date, rtl ? -1 : 1);
    case 'ArrowLeft':
      return addDays(date, rtl ? 1 : -1);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'PageUp':
      return addMonths(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(date, shiftKey ? 12 : 1);
    case 'Home':
      return startOfWeek(date, firstDayOfWeek);
    case 'End':
      return endOfWeek(date, firstDayOfWeek);
    default:
      return undefined;
  }
}
