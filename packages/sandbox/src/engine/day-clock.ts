import { addDays, type CalendarDate } from 'booking-widget-shared/calendar-date';
import { wallClockConverter } from 'booking-widget-shared/zone';

const pad = (value: number): string => String(value).padStart(2, '0');

/** Minutes after midnight → `HH:mm`. */
export const clockOf = (minute: number): string => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** The instants of one company day's wall-clock minutes. */
export interface DayClock {
  /** The instant (ms) the clock shows `minute` (1440 = next midnight), or null if it never does. */
  instantAt(minute: number): number | null;
  /**
   * The instant a period boundary stands for: the reading itself, or, when it falls
   * in the hour skipped by a daylight-saving change, the end of that gap.
   */
  boundary(minute: number): number;
}

export function dayClock(day: CalendarDate, timeZone: string): DayClock {
  const today = wallClockConverter(day, timeZone);
  let tomorrow: ((time: string) => Date | null) | undefined;
  // Many staff members share a day's grid of minutes: convert each minute once.
  const cache = new Map<number, number | null>();

  const instantAt = (minute: number): number | null => {
    let instant = cache.get(minute);
    if (instant === undefined) {
      const converted =
        minute < 1440 ? today(clockOf(minute)) : (tomorrow ??= wallClockConverter(addDays(day, 1), timeZone))(clockOf(minute - 1440));
      instant = converted ? converted.getTime() : null;
      cache.set(minute, instant);
    }
    return instant;
  };

  const boundary = (minute: number): number => {
    // Gaps last an hour or two; a whole day's search is only a bound.
    for (let next = minute; next < minute + 1440; next++) {
      const instant = instantAt(next);
      if (instant !== null) return instant;
    }
    throw new RangeError(`No wall-clock time after ${clockOf(minute)} on ${day} in ${timeZone}`);
  };

  return { instantAt, boundary };
}
