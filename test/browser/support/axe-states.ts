import { expect } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { PINNED_TODAYS } from '../../support/test-clock.js';
import { TEST_NOW } from './now.js';
import { mountWidget } from './widget.js';

/** Every state of the flow is checked in each theme and language (Arabic: right to left): axe must find nothing. */
const LOCALES: [string, Messages][] = [
  ['en-US', en],
  ['ar', ar],
];

type Theme = 'light' | 'dark';

/**
 * The pairs of language (the first of `locales` left to right, the second right to left) and theme a
 * date-tied axe file checks under this run's `TEST_NOW`. Under a pinned today, two of the four, each theme and each
 * direction once: [first light, second dark] under the first and third pinned todays, [first dark,
 * second light] under the second, so the three together check every pair, and every pinned today
 * both themes and both directions (colours and direction do not change with the date; what the
 * calendar shows does). Under any other instant (`npm run test:dates`, the ordinary day), all four.
 */
export function pairsUnder<M>(locales: readonly [string, M][]): { locale: string; messages: M; theme: Theme }[] {
  const [first, second] = locales as [[string, M], [string, M]];
  const pair = (of: [string, M], theme: Theme) => ({ locale: of[0], messages: of[1], theme });
  const index = PINNED_TODAYS.findIndex((today) => today.now === TEST_NOW);
  if (index < 0) return [pair(first, 'light'), pair(first, 'dark'), pair(second, 'light'), pair(second, 'dark')];
  return index % 2 === 0 ? [pair(first, 'light'), pair(second, 'dark')] : [pair(first, 'dark'), pair(second, 'light')];
}

export async function accessible(widget: BookingWidget, state: string) {
  try {
    await expect(widget).to.be.accessible();
  } catch (error) {
    throw new Error(`${state}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A describe block per language and theme ({@link pairsUnder}: under a pinned today, two of the
 * four); `states` declares its tests with the language's messages and a `mount` that gives the widget both.
 */
export function inEveryThemeAndLanguage(
  title: string,
  states: (m: Messages, mount: (options: Parameters<typeof mountWidget>[0]) => Promise<BookingWidget>) => void,
) {
  for (const { locale, messages, theme } of pairsUnder(LOCALES)) {
    describe(`${title} (${locale}, ${theme})`, () => {
      states(messages, async (options) => {
        const widget = await mountWidget({ ...options, locale });
        widget.theme = theme;
        return widget;
      });
    });
  }
}
