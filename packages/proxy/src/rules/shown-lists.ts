import { isRecord } from 'booking-widget-shared/is-record';
import { bookableOnline, staffShownOnline } from 'booking-widget-shared/shown-online';
import type { AnswerRewrite } from '../upstream/browser-response.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { Guard } from './guard.js';

type Shown = (item: Record<string, unknown>) => boolean;

/** The widget's own rules (booking-widget-shared/shown-online): what a list shows online. */
const SHOWN: Readonly<Record<string, Shown>> = {
  services: (item) => bookableOnline(item),
  resources: (item) => bookableOnline(item),
  staff: (item) => staffShownOnline(item),
};

/**
 * Fields no page shows: when each staff member (or group) is away, and their own hours. The
 * free slots already say when a visitor can book; the rest is the merchant's.
 */
const NEVER_SHOWN = new Set(['vacations', 'workingHours']);

export const withoutNeverShown = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([key]) => !NEVER_SHOWN.has(key)));

const succeeded = (status: number) => status >= 200 && status < 300;

/**
 * A list of the company's records as a public page may see it: hidden staff and
 * back-office services and resources left out (the widget would leave them out too,
 * but the answer carried them, with their hours and prices), and every record without
 * the fields no page shows.
 */
export function shownList(family: string): Guard {
  const shown = SHOWN[family];
  const rewrite: AnswerRewrite = (value, status) => {
    if (!succeeded(status) || !isRecord(value) || !Array.isArray(value.items)) return value;
    const items = shown ? value.items.filter((item) => isRecord(item) && shown(item)) : value.items;
    return { ...value, items: items.map((item) => (isRecord(item) ? withoutNeverShown(item) : item)) };
  };
  return async () => ({ rewrite });
}

/**
 * One record, read by its id (a page preselecting a service, say), as its list shows it: one the list leaves out is
 * not found, as an id the service does not know (404), and none carries the fields no page shows.
 */
export function shownRecord(family: string): Guard {
  const shown = SHOWN[family] ?? (() => true);
  const rewrite: AnswerRewrite = (value, status) => {
    if (!succeeded(status) || !isRecord(value)) return value;
    if (!shown(value)) throw new Refusal(404, 'NOT_FOUND', 'There is no such record to book online.', RefusalReason.notShownOnline);
    return withoutNeverShown(value);
  };
  return async () => ({ rewrite });
}

/**
 * What a booking page reads of the company (booking-widget-shared/types `Company`): its name, zone, mode, contact,
 * pictures, opening hours and public properties. Everything else the service keeps on it stays with the merchant: the
 * private addresses of their linked calendars (`externalCalendars`, which show their whole calendar to whoever has
 * one), its categories and social links.
 */
const COMPANY_SHOWN = new Set([
  // Its opening hours and closures: when a walk-in line opens (booking-widget-shared/opening-hours).
  'workingHours',
  'vacations',
  'id',
  'externalId',
  'name',
  'timeZone',
  'scheduledItems',
  'description',
  'picture',
  'photo',
  'email',
  'phone',
  'address',
  'websiteLink',
  'geolocation',
  'currency',
  'extendedProperties',
  'updated',
]);

/** A company record as a booking page may see it: the fields it reads, an allowlist (a field the service adds stays behind too). */
export const companyShown = (company: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(company).filter(([key]) => COMPANY_SHOWN.has(key)));

/** GET the company: {@link companyShown}. */
export const publicCompany: Guard = async () => ({
  rewrite: (value, status) => (succeeded(status) && isRecord(value) ? companyShown(value) : value),
});
