import type { PluralForms } from '../../plural.js';

/**
 * What the time step says when the times of the day shown change under the visitor (#24):
 * held or booked on another page, or given back. A catalog of its own, loaded with the code
 * that says it (time-changes.ts) after the first times, so the script-tag bundle carries none
 * of it. Short and polite: said once, never on the first times or on a day the visitor chose.
 */
export const liveEn = {
  /** One time of the day shown is gone; `time` as the step shows it. */
  timeGone: (time: string) => `${time} is no longer available.`,
  /** Several times of the day shown are gone: `#` is how many. */
  timesGone: { one: '# time is no longer available.', other: '# times are no longer available.' } as PluralForms,
  /** One time has appeared on the day shown. */
  timeAdded: (time: string) => `A new time is available: ${time}.`,
  /** Several times have appeared on the day shown. */
  timesAdded: { one: '# new time is available.', other: '# new times are available.' } as PluralForms,
};

export type LiveMessages = typeof liveEn;
