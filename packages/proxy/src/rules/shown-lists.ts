import { isRecord } from 'booking-widget-shared/is-record';
import { bookableOnline, staffShownOnline } from 'booking-widget-shared/shown-online';
import type { AnswerRewrite } from '../upstream/browser-response.js';
import type { Guard } from './guard.js';

type Shown = (item: Record<string, unknown>) => boolean;

/** The widget's own rules (booking-widget-shared/shown-online): what a list shows online. */
const SHOWN: Readonly<Record<string, Shown>> = {
  services: (item) => bookableOnline(item),
  resources: (item) => bookableOnline(item),
  staff: (item) => staffShownOnline(item),
};

/**
 * Fields no page shows: when each staff member is away, and their own hours. The
 * free slots already say when a visitor can book; the rest is the merchant's.
 */
const NEVER_SHOWN = new Set(['vacations', 'workingHours']);

/**
 * A list of the company's records as a public page may see it: hidden staff and
 * back-office services and resources left out (the widget would leave them out too,
 * but the answer carried them, with their hours and prices), and every record without
 * the fields no page shows. Lists without rules of their own pass as they are.
 */
export function shownList(family: string): Guard | undefined {
  const shown = SHOWN[family];
  if (!shown) return undefined;
  const rewrite: AnswerRewrite = (value, status) => {
    if (status < 200 || status >= 300 || !isRecord(value) || !Array.isArray(value.items)) return value;
    const items = value.items.filter((item): item is Record<string, unknown> => isRecord(item) && shown(item));
    return { ...value, items: items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !NEVER_SHOWN.has(key)))) };
  };
  return async () => ({ rewrite });
}
