/** Readers for the fields several records share (service contract §3–§4). */
import {
  WEEK_DAYS,
  type ExtendedProperties,
  type Picture,
  type Vacation,
  type WeekDay,
  type WorkingHoursDay,
} from 'booking-widget-shared/types';
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import { isTimeZone } from 'booking-widget-shared/zone';
import { invalid } from '../http/api-error.js';
import type { Reader } from './reader.js';

/** Limits of the spec, and the sandbox's own where the spec has none (docs/sandbox.md lists them). */
export const LIMITS = {
  name: 127,
  externalId: 255,
  description: 65_535,
  extendedPropertiesBytes: 22 * 1024,
  pictureBytes: 1024 * 1024,
  email: 254,
  phone: 64,
  notes: 4_000,
  /** Entries in any list a body carries (hours, vacations, members…). */
  listEntries: 500,
} as const;

export const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOCK_OR_MIDNIGHT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const SLASH_DATE = /^\d{4}\/\d{2}\/\d{2}$/;
export const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function readName(reader: Reader, key: string, required: boolean): string | undefined {
  return reader.string(key, { required, max: LIMITS.name });
}

export function readDescription(reader: Reader): string | undefined {
  return reader.string('description', { max: LIMITS.description });
}

export function readColor(reader: Reader): string | undefined {
  return reader.string('color', { pattern: COLOR, format: 'a hexadecimal color such as "#7c3aed"' });
}

export function readTimeZone(reader: Reader, key = 'timeZone'): string | undefined {
  const zone = reader.string(key, { max: 64 });
  if (zone !== undefined && !isTimeZone(zone)) {
    throw invalid(reader.field(key), `"${reader.field(key)}" is not a known time zone: "${zone}".`);
  }
  return zone;
}

/** `[{ day, hours: [{ start: "HH:mm", end: "HH:mm" }] }]`; an end may be `24:00`. */
export function readWorkingHours(reader: Reader): WorkingHoursDay[] | undefined {
  return reader.objects('workingHours', { max: LIMITS.listEntries })?.map((entry) => {
    const day = entry.string('day', { required: true });
    if (!WEEK_DAYS.includes(day as WeekDay)) {
      throw invalid(entry.field('day'), `"${entry.field('day')}" must be one of ${WEEK_DAYS.join(', ')}.`);
    }
    const hours = (entry.objects('hours', { required: true, max: LIMITS.listEntries }) ?? []).map((period) => {
      const start = period.string('start', { required: true, pattern: CLOCK, format: '"HH:mm"' })!;
      const end = period.string('end', { required: true, pattern: CLOCK_OR_MIDNIGHT, format: '"HH:mm"' })!;
      if (end <= start) throw invalid(period.field('end'), `"${period.field('end')}" must be later than its start.`);
      return { start, end };
    });
    return { day: day as WeekDay, hours };
  });
}

/** `[{ startDate: "yyyy/mm/dd", endDate }]`, both days included. */
export function readVacations(reader: Reader): Vacation[] | undefined {
  return reader.objects('vacations', { max: LIMITS.listEntries })?.map((entry) => {
    const [startDate, endDate] = (['startDate', 'endDate'] as const).map((key) => {
      const value = entry.string(key, { required: true, pattern: SLASH_DATE, format: '"yyyy/mm/dd"' })!;
      if (!isCalendarDate(value.replaceAll('/', '-'))) {
        throw invalid(entry.field(key), `"${entry.field(key)}" is not a real day: "${value}".`);
      }
      return value;
    }) as [string, string];
    if (endDate < startDate) throw invalid(entry.field('endDate'), `"${entry.field('endDate')}" is before its start.`);
    return { startDate, endDate };
  });
}

/** `{ public, private }`, each an object, together at most 22 KB of JSON. */
export function readExtendedProperties(reader: Reader): ExtendedProperties | undefined {
  const properties = reader.object('extendedProperties');
  if (!properties) return undefined;
  const result: ExtendedProperties = {};
  for (const key of ['public', 'private'] as const) {
    if (properties.object(key)) result[key] = properties.raw(key) as Record<string, unknown>;
  }
  const bytes = new TextEncoder().encode(JSON.stringify(result)).length;
  if (bytes > LIMITS.extendedPropertiesBytes) {
    throw invalid(reader.field('extendedProperties'), `"extendedProperties" is larger than 22 KB (${bytes} bytes).`);
  }
  return result;
}

/**
 * The write form `{ data: "data:image/png;base64,…" }` (or a plain `{ url }`) → the
 * read form `{ url, mimeType }`. Like the service, an image over 1 MB is ignored.
 */
export function readPicture(reader: Reader, key: string): Picture | undefined {
  const picture = reader.object(key);
  if (!picture) return undefined;
  const data = picture.string('data', { pattern: /^data:[\w.+-]+\/[\w.+-]+[;,]/, format: 'a data: URI' });
  if (data !== undefined) {
    if (data.length > LIMITS.pictureBytes) return undefined;
    return { url: data, mimeType: data.slice(5, data.search(/[;,]/)) };
  }
  const url = picture.string('url', { required: true, max: 65_535 })!;
  const mimeType = picture.string('mimeType', { max: 127 });
  return mimeType === undefined ? { url } : { url, mimeType };
}

/** A list of `{ id }` references, each of which must be in `known`; returns the ids. */
export function readIdList(reader: Reader, key: string, known: ReadonlyMap<string, unknown>): string[] | undefined {
  return reader.objects(key, { max: LIMITS.listEntries })?.map((entry) => readKnownId(entry, known));
}

/** `{ id }` whose id must be in `known` (an unknown one is a 400 naming `….id`). */
export function readKnownId(entry: Reader, known: ReadonlyMap<string, unknown>): string {
  const id = entry.string('id', { required: true, max: LIMITS.externalId })!;
  if (!known.has(id)) throw invalid(entry.field('id'), `No record with id "${id}" for "${entry.field('id')}".`);
  return id;
}
