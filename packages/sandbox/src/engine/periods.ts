/**
 * Opening periods of one day as minutes after the wall-clock midnight, so that
 * company, staff and resource hours can be intersected before any zone is involved.
 */
import type { Vacation, WeekDay, WorkingHoursDay } from 'booking-widget-shared/types';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';

/** `[start, end)` in minutes after midnight; `end` may be 1440 (`24:00`). */
export interface MinutePeriod {
  start: number;
  end: number;
}

export const WHOLE_DAY: readonly MinutePeriod[] = [{ start: 0, end: 1440 }];

/** `HH:mm` (validated on input; `24:00` allowed) → minutes after midnight. */
export const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The periods of `weekDay` in a working-hours list, sorted and merged;
 * `undefined` when there is no list at all, which leaves the day unrestricted.
 */
export function hoursOn(workingHours: WorkingHoursDay[] | undefined, weekDay: WeekDay): MinutePeriod[] | undefined {
  if (!workingHours) return undefined;
  const periods = workingHours
    .filter((entry) => entry.day === weekDay)
    .flatMap((entry) => entry.hours.map((hours) => ({ start: minutesOf(hours.start), end: minutesOf(hours.end) })))
    .sort((a, b) => a.start - b.start);
  const merged: MinutePeriod[] = [];
  for (const period of periods) {
    const last = merged[merged.length - 1];
    if (last && period.start <= last.end) last.end = Math.max(last.end, period.end);
    else merged.push({ ...period });
  }
  return merged;
}

export function intersect(a: readonly MinutePeriod[], b: readonly MinutePeriod[]): MinutePeriod[] {
  const result: MinutePeriod[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) result.push({ start, end });
    }
  }
  return result.sort((p, q) => p.start - q.start);
}

/** True when a vacation (`yyyy/mm/dd`, both days included) covers `day`. */
export function onVacation(vacations: Vacation[] | undefined, day: CalendarDate): boolean {
  const key = day.replaceAll('-', '/');
  return (vacations ?? []).some((vacation) => vacation.startDate <= key && key <= vacation.endDate);
}
