/**
 * This run's "now": the instant the runner pinned for the page (web-test-runner.config.mjs:
 * a pinned today, or test-clock.ts's ordinary day), or, in a page no runner set it for, the
 * real instant this test file started at. Tests give it to the sandbox and to the widget
 * alike, so both agree on today.
 */
import { ORDINARY_TODAY, TEST_NOW_GLOBAL } from '../../support/test-clock.js';

export const TEST_NOW: string =
  ((globalThis as Record<string, unknown>)[TEST_NOW_GLOBAL] as string | undefined) ?? new Date().toISOString();

/**
 * An ordinary day for the files that pin their own instant (web-test-runner.config.mjs's
 * UNDATED_FILES) because the date changes nothing in them: Tuesday 11 May 2027, 9:00 in
 * New York, demo-salon open with free times all day.
 */
export const ORDINARY_NOW = ORDINARY_TODAY;
