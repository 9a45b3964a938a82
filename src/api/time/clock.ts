/**
 * "What time is it", as one value that can be passed around: the widget asks its
 * clock, never `Date.now()`, so a test or a merchant's preview can pin it.
 */

/** Returns the current instant in epoch milliseconds. */
export type Clock = () => number;

/**
 * A fixed instant (a `Date`, an ISO 8601 string, epoch milliseconds), or a function
 * returning the current instant. The same shape as the sandbox's `now` option, so a
 * test pins both with one value.
 * @example '2026-03-04T15:00:00Z'
 * @example () => Date.now() + 86_400_000
 */
export type ClockSetting = Date | string | number | (() => Date | number);

export const realClock: Clock = () => Date.now();

/** The clock a setting stands for; the real clock when there is none. Throws a RangeError for a string that is not a date. */
export function clockOf(setting: ClockSetting | null | undefined): Clock {
  if (setting === undefined || setting === null || setting === '') return realClock;
  if (typeof setting === 'function') {
    return () => {
      const value = setting();
      return typeof value === 'number' ? value : value.getTime();
    };
  }
  const fixed = typeof setting === 'number' ? setting : new Date(setting).getTime();
  // A date-time without an offset is no instant either: each visitor's browser reads it in its own zone, and a preview
  // pinned to it shows another day in Tokyo than in Boston. (A date alone is UTC's midnight, as JavaScript reads it.)
  const offsetless = typeof setting === 'string' && setting.includes(':') && !/(Z|GMT|UTC|[+-]\d\d:?\d\d)$/i.test(setting.trim());
  if (Number.isNaN(fixed) || offsetless)
    throw new RangeError(
      `"${String(setting)}" is not an instant: write it as an ISO 8601 date-time with its offset, such as 2026-03-04T15:00:00Z.`,
    );
  return () => fixed;
}

/**
 * The clock a setting that may change stands for (an element's `now`), worked out again only when it
 * changes: a setting that is not an instant is told to `invalid` once, and the real clock kept.
 */
export function clockFollowing(invalid: (message: string) => void): (setting: ClockSetting | null | undefined) => Clock {
  // Nothing read yet: `invalid` itself stands for "no setting seen", as no element's `now` can be it.
  let last: unknown = invalid;
  let clock = realClock;
  return (setting) => {
    if (setting !== last) {
      last = setting;
      try {
        clock = clockOf(setting);
      } catch (error) {
        invalid((error as Error).message);
        clock = realClock;
      }
    }
    return clock;
  };
}
