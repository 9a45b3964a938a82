/**
 * This run's "now": the instant the runner pinned for the page (web-test-runner.config.mjs:
 * a pinned today, or test-clock.ts's ordinary day), or, in a page no runner set it for, the
 * real instant this test file started at. Tests give it to the sandbox and to the widget
 * alike, so both agree on today.
 */
import { TEST_NOW_GLOBAL } from '../../support/test-clock.js';

export const TEST_NOW: string =
  ((globalThis as Record<string, unknown>)[TEST_NOW_GLOBAL] as string | undefined) ?? new Date().toISOString();
