/**
 * The "todays" the date-sensitive suites run under. Every test pins the sandbox's
 * `now` and the widget's clock to the same instant; these are the instants chosen
 * to break date arithmetic, each seen from a different host zone so that the
 * visitor's date can differ from the company's:
 *
 * - a Saturday evening at the end of a year: 31 December 2033, 17:30 in New York, after
 *   demo-salon (US/Eastern) has closed, before its closed Sunday; the next open day is
 *   Monday 2 January 2034, in the next month and year; seen from Los Angeles, behind it;
 * - the spring daylight-saving day of US/Eastern, half an hour before 2:00 becomes 3:00,
 *   seen from Kathmandu (a 45-minute offset);
 * - 29 February 2028, the last day of a month, in New York; already 1 March in Auckland.
 *
 * Three, not more: every date-tied browser file runs once under each (and nowhere else), so an
 * instant costs about a quarter of the browser suite's time. Each breaks several things at once (the Saturday one
 * used to be two instants: the last day of the year, and a Saturday in June).
 *
 * The files whose results cannot depend on the date run once, at {@link ORDINARY_TODAY}; no browser
 * test runs at the real date, so a run's verdict never depends on the day it ran
 * (`npm run test:dates` tries other instants, with a seed that replays them).
 */
export interface PinnedToday {
  /** Shown in the test report. */
  name: string;
  now: string;
  hostTimeZone: string;
}

export const PINNED_TODAYS: readonly PinnedToday[] = [
  { name: 'Saturday before a closed Sunday, at the year end', now: '2033-12-31T22:30:00Z', hostTimeZone: 'America/Los_Angeles' },
  { name: 'US/Eastern spring DST day', now: '2027-03-14T06:30:00Z', hostTimeZone: 'Asia/Kathmandu' },
  { name: 'leap day', now: '2028-02-29T15:00:00Z', hostTimeZone: 'Pacific/Auckland' },
];

/**
 * An ordinary day: Tuesday 11 May 2027, 9:00 in New York, demo-salon open with free times all
 * day. The instant of every browser test outside the pinned todays (the host zones' files, the
 * files that do not depend on the date; all of them with `TEST_PINNED_TODAYS=0`), and of the files
 * that pin their own instant because the date changes nothing in them.
 */
export const ORDINARY_TODAY = '2027-05-11T13:00:00Z';

/**
 * The instants a run uses, from `TEST_PINNED_TODAYS`: unset, the ones above; `0`, none (the
 * date-tied files run once, at {@link ORDINARY_TODAY}); a JSON list of {@link PinnedToday}, those instead
 * (`npm run test:dates` draws them, scripts/test-dates.ts).
 */
export function pinnedTodaysFrom(setting: string | undefined): readonly PinnedToday[] {
  if (!setting) return PINNED_TODAYS;
  if (setting === '0') return [];
  const todays: unknown = JSON.parse(setting);
  const valid = (today: Partial<PinnedToday>) => !!today.name && !!today.hostTimeZone && !Number.isNaN(Date.parse(today.now ?? ''));
  if (!Array.isArray(todays) || !todays.every(valid)) {
    throw new Error(`TEST_PINNED_TODAYS: expected 0 or a JSON list of {name, now, hostTimeZone}, got ${setting}`);
  }
  return todays as PinnedToday[];
}

/** The page-side global the browser runs set before any test code (see web-test-runner.config.mjs). */
export const TEST_NOW_GLOBAL = '__BW_TEST_NOW__';
