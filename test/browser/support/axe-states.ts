import { expect } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { mountWidget } from './widget.js';

/** Every state of the flow is checked in each theme and language (Arabic: right to left): axe must find nothing. */
const THEMES = ['light', 'dark'] as const;
const LOCALES: [string, Messages][] = [
  ['en-US', en],
  ['ar', ar],
];

export async function accessible(widget: BookingWidget, state: string) {
  try {
    await expect(widget).to.be.accessible();
  } catch (error) {
    throw new Error(`${state}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A describe block per language and theme; `states` declares its tests with the language's
 * messages and a `mount` that gives the widget both.
 */
export function inEveryThemeAndLanguage(
  title: string,
  states: (m: Messages, mount: (options: Parameters<typeof mountWidget>[0]) => Promise<BookingWidget>) => void,
) {
  for (const [locale, m] of LOCALES) {
    for (const theme of THEMES) {
      describe(`${title} (${locale}, ${theme})`, () => {
        states(m, async (options) => {
          const widget = await mountWidget({ ...options, locale });
          widget.theme = theme;
          return widget;
        });
      });
    }
  }
}
