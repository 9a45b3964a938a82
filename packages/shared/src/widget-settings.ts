/**
 * The merchant's widget settings from `extendedProperties.public.bookingWidget`
 * (service contract §10). Unknown keys are ignored; a value of the wrong type is ignored
 * with a console warning that names it. `extendedProperties.private` is never read.
 */
import type { Company } from './types.js';
import { isRecord } from './is-record.js';

export const FieldRequirement = { Required: 'required', Optional: 'optional', Hidden: 'hidden' } as const;
export type FieldRequirement = (typeof FieldRequirement)[keyof typeof FieldRequirement];

export interface WidgetSettings {
  accentColor?: string;
  welcomeMessage?: string;
  /** An https URL; when set, consent is required. */
  privacyPolicyUrl?: string;
  minNoticeMinutes?: number;
  maxDaysAhead?: number;
  fields: { phone: FieldRequirement; notes: FieldRequirement };
  locale?: string;
  /** Consecutive durations a visitor may book in resource mode (§13); 1 hides the choice. */
  maxIterations?: number;
}

type Warn = (message: string) => void;

const isRequirement = (value: unknown): value is FieldRequirement => Object.values(FieldRequirement).includes(value as FieldRequirement);

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function isLocale(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const isColor = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && (typeof CSS === 'undefined' || CSS.supports('color', value));

const CHECKS: Record<string, { valid: (value: unknown) => boolean; expected: string }> = {
  accentColor: { valid: isColor, expected: 'a CSS color' },
  welcomeMessage: { valid: (v) => typeof v === 'string', expected: 'a string' },
  privacyPolicyUrl: { valid: isHttpsUrl, expected: 'an https URL' },
  minNoticeMinutes: { valid: isWholeNumber, expected: 'a whole number of minutes' },
  maxDaysAhead: { valid: isWholeNumber, expected: 'a whole number of days' },
  locale: { valid: isLocale, expected: 'a BCP 47 language tag such as "fr" or "pt-BR"' },
  maxIterations: { valid: (v) => isWholeNumber(v) && v >= 1, expected: 'a whole number from 1' },
};

export function readSettings(company: Company, warn: Warn = console.warn): WidgetSettings {
  const settings: WidgetSettings = { fields: { phone: 'optional', notes: 'optional' } };
  const raw = company.extendedProperties?.public?.bookingWidget;
  if (raw === undefined) return settings;
  if (!isRecord(raw)) {
    warn('<booking-widget>: extendedProperties.public.bookingWidget must be an object; it was ignored.');
    return settings;
  }
  for (const [key, check] of Object.entries(CHECKS)) {
    const value = raw[key];
    if (value === undefined) continue;
    if (check.valid(value)) (settings as unknown as Record<string, unknown>)[key] = value;
    else warn(`<booking-widget>: bookingWidget.${key} should be ${check.expected}; ${JSON.stringify(value)} was ignored.`);
  }
  if (raw.fields !== undefined) {
    const fields = isRecord(raw.fields) ? raw.fields : {};
    if (!isRecord(raw.fields)) warn('<booking-widget>: bookingWidget.fields should be an object; it was ignored.');
    for (const name of ['phone', 'notes'] as const) {
      const value = fields[name];
      if (value === undefined) continue;
      if (isRequirement(value)) settings.fields[name] = value;
      else
        warn(
          `<booking-widget>: bookingWidget.fields.${name} should be "required", "optional" or "hidden"; ${JSON.stringify(value)} was ignored.`,
        );
    }
  }
  return settings;
}
