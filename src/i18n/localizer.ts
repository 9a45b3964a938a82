/**
 * Everything locale-dependent a component shows, bound to one locale: the
 * messages and `Intl` formatters for times, days, months, prices and durations.
 * Components get a `Localizer` as a property and never format on their own.
 */
import { type CalendarDate, calendarDateToUtcDate } from 'booking-widget-shared/calendar-date';
import { wallClockAsUtc } from 'booking-widget-shared/zone';
import type { Messages } from './catalogs/en.js';
import { type PluralForms, plural } from './plural.js';

export interface Weekday {
  /** 0 = Sunday … 6 = Saturday. */
  index: number;
  /** One or two letters, for narrow calendars. */
  narrow: string;
  short: string;
  long: string;
}

export interface Localizer {
  readonly locale: string;
  readonly messages: Messages;
  readonly dir: 'ltr' | 'rtl';
  /** 0 = Sunday … 6 = Saturday, as the locale's region counts weeks. */
  readonly firstDayOfWeek: number;
  plural(forms: PluralForms, count: number, values?: Record<string, string>): string;
  number(value: number): string;
  /** `9:30 AM` or `09:30`, as the locale writes clock times, in `timeZone`. */
  time(instant: Date, timeZone: string): string;
  /** The hour 0–23 of `instant` in `timeZone`, for grouping by part of the day. */
  hour(instant: Date, timeZone: string): number;
  /** `Tuesday, March 10`: a calendar day, no zone involved. */
  day(date: CalendarDate): string;
  /** `Tuesday, March 10, 2026 at 9:30 AM` in `timeZone`. */
  dateTime(instant: Date, timeZone: string): string;
  /** `March 2026`. */
  month(date: CalendarDate): string;
  /** The seven weekdays, starting with the locale's first day of the week. */
  weekdays(): Weekday[];
  /** `Eastern Time`: the zone's generic name in this language; `short`: its name at `at`, `EDT` (the hour clocks go back repeats). */
  zoneName(timeZone: string, at: Date, style?: 'longGeneric' | 'short'): string;
  price(amount: number, currency: string | undefined): string;
  /** `1 hr 30 min`. */
  duration(minutes: number): string;
}

type IntlLocaleWithWeekInfo = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/** 0 (Sunday) … 6 (Saturday). `Intl.Locale` week info counts Monday = 1 … Sunday = 7. */
function firstDayOfWeekFor(locale: string): number {
  try {
    const intlLocale = new Intl.Locale(locale).maximize() as IntlLocaleWithWeekInfo;
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    if (info) return info.firstDay % 7;
    return ['US', 'CA', 'JP', 'BR', 'MX', 'IL', 'PH', 'KR', 'TW', 'IN'].includes(intlLocale.region ?? '') ? 0 : 1;
  } catch {
    return 1;
  }
}

export function createLocalizer(locale: string, messages: Messages): Localizer {
  const cache = new Map<string, Intl.DateTimeFormat>();
  const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
    const key = JSON.stringify(options);
    let format = cache.get(key);
    if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
    return format;
  };
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormatOf = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => {
    const key = JSON.stringify(options);
    let format = numberFormats.get(key);
    if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  // Built when first used: a formatter's first construction loads the locale's data, which costs
  // milliseconds a widget waiting for its first answer can spend better (see `warmUp`).
  const number = (value: number) => numberFormatOf().format(value);
  // Read when first used (the calendar, the warm-up): the locale's week data is not needed before the first answer.
  let firstDayOfWeek: number | undefined;

  const localizer: Localizer = {
    locale,
    messages,
    dir: messages.dir,
    get firstDayOfWeek() {
      return (firstDayOfWeek ??= firstDayOfWeekFor(locale));
    },
    plural: (forms, count, values) => plural(locale, forms, count, values, number),
    number,
    // Times are formatted in UTC from the zone's reading (zone.ts): one formatter, its data loaded once
    // (the warm-up), serves every zone, where Intl would build one per zone as the first times are drawn.
    // The locale's short time style, as `dateTime` writes it: French and German times read 08:30 on the
    // buttons as in the summary, not 8:30 beside 08:30.
    time: (instant, timeZone) => dateFormat({ timeZone: 'UTC', timeStyle: 'short' }).format(wallClockAsUtc(instant, timeZone)),
    hour: (instant, timeZone) => new Date(wallClockAsUtc(instant, timeZone)).getUTCHours(),
    day: (date) => dateFormat({ timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(calendarDateToUtcDate(date)),
    dateTime: (instant, timeZone) =>
      dateFormat({ timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' }).format(wallClockAsUtc(instant, timeZone)),
    month: (date) => dateFormat({ timeZone: 'UTC', month: 'long', year: 'numeric' }).format(calendarDateToUtcDate(date)),
    weekdays() {
      const narrow = dateFormat({ timeZone: 'UTC', weekday: 'narrow' });
      const short = dateFormat({ timeZone: 'UTC', weekday: 'short' });
      const long = dateFormat({ timeZone: 'UTC', weekday: 'long' });
      // 2023-01-01 was a Sunday.
      return Array.from({ length: 7 }, (_, i) => {
        const index = (localizer.firstDayOfWeek + i) % 7;
        const date = new Date(Date.UTC(2023, 0, 1 + index));
        return { index, narrow: narrow.format(date), short: short.format(date), long: long.format(date) };
      });
    },
    zoneName(timeZone, at, style = 'longGeneric') {
      const parts = dateFormat({ timeZone, timeZoneName: style }).formatToParts(at);
      return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    },
    price(amount, currency) {
      if (amount === 0) return messages.free;
      try {
        return (currency ? numberFormatOf({ style: 'currency', currency }) : numberFormatOf()).format(amount);
      } catch {
        return number(amount);
      }
    },
    duration(minutes) {
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      // Each unit as the locale abbreviates it, side by side ("1 Std. 30 Min.", "1 h 30 min"): Intl.DurationFormat
      // joins them as a list ("1 Std., 30 Min.", "1 h et 30 min"), which no one writes on a price list.
      const unit = (value: number, name: 'hour' | 'minute') =>
        numberFormatOf({ style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
      return [hours ? unit(hours, 'hour') : '', rest || !hours ? unit(rest, 'minute') : ''].filter(Boolean).join(' ');
    },
  };
  return localizer;
}
