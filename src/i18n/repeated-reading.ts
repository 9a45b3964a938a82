/** Readings of a wall clock that happen twice (the hour repeated when clocks go back): which need their offset said. */
import { wallClockAsUtc } from 'booking-widget-shared/zone';

/**
 * True when `instant`'s reading in `timeZone` happens twice: the hour (half hour at Lord Howe) repeated when clocks go
 * back. Such a time needs its offset to say which it is (`1:30 AM EDT`, `1:30 AM EST`).
 */
export function isRepeatedReading(instant: number, timeZone: string): boolean {
  const reading = wallClockAsUtc(instant, timeZone);
  return [-60, -30, 30, 60].some((minutes) => wallClockAsUtc(instant + minutes * 60_000, timeZone) === reading);
}
