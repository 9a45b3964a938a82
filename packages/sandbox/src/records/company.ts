import type { Address, ScheduledItems } from 'booking-widget-shared/types';
import { invalid } from '../http/api-error.js';
import type { CompanyRecord } from '../store/rows.js';
import {
  LIMITS,
  readDescription,
  readExtendedProperties,
  readName,
  readPicture,
  readTimeZone,
  readVacations,
  readWorkingHours,
} from '../validate/fields.js';
import type { Reader } from '../validate/reader.js';
import { merge } from './merge.js';

export const SCHEDULED_ITEMS = ['service', 'service-staff', 'staff-service', 'resource', 'quickStart'] as const;
const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'DKK', 'JPY'];
const SOCIAL_MEDIAS = ['facebookPageLink', 'twitteLink', 'instagramLink', 'linkedInLink'];
const MAX_URL = 65_535;

function oneOf<T extends string>(reader: Reader, key: string, values: readonly T[]): T | undefined {
  const value = reader.string(key);
  if (value !== undefined && !values.includes(value as T)) {
    throw invalid(reader.field(key), `"${reader.field(key)}" must be one of ${values.join(', ')}.`);
  }
  return value as T | undefined;
}

function readAddress(body: Reader, previous: Address | undefined, inserting: boolean): Address | undefined {
  const address = body.object('address');
  const read: Address = {};
  if (address) {
    for (const key of ['street', 'otherStreet', 'zipCode', 'state', 'city'] as const) {
      read[key] = address.string(key, { max: LIMITS.name });
    }
    read.country = address.string('country', { pattern: /^[A-Z]{2}$/, format: 'an ISO 3166-1 alpha-2 code such as "US"' });
  }
  if (!address && !inserting) return undefined;
  return merge<Address>(previous ?? (inserting ? { country: 'US' } : {}), read);
}

function readGeolocation(body: Reader): CompanyRecord['geolocation'] {
  const geolocation = body.object('geolocation');
  if (!geolocation) return undefined;
  const lat = geolocation.number('lat', { required: true, min: -90, max: 90 })!;
  const lng = geolocation.number('lng', { required: true, min: -180, max: 180 })!;
  return { lat, lng };
}

function readSocialMedias(body: Reader): Record<string, string> | undefined {
  const medias = body.object('socialMedias');
  if (!medias) return undefined;
  return Object.fromEntries(
    SOCIAL_MEDIAS.flatMap((key) => {
      const link = medias.string(key, { max: MAX_URL });
      return link === undefined ? [] : [[key, link]];
    }),
  );
}

/**
 * The company fields of an insert (`previous` absent: `name` required, defaults
 * applied) or an update (only the fields given change). `id`, `externalId`
 * uniqueness and `updated` are the route's business.
 */
export function readCompany(body: Reader, previous: CompanyRecord | undefined, id: string): CompanyRecord {
  const inserting = !previous;
  const base: CompanyRecord = previous ?? { id, name: '', timeZone: 'US/Eastern', scheduledItems: 'service' };
  return merge<CompanyRecord>(base, {
    name: readName(body, 'name', inserting),
    externalId: body.string('externalId', { max: LIMITS.externalId }),
    timeZone: readTimeZone(body),
    scheduledItems: oneOf<ScheduledItems>(body, 'scheduledItems', SCHEDULED_ITEMS),
    email: body.string('email', { max: LIMITS.name }),
    phone: body.string('phone', { max: LIMITS.name }),
    address: readAddress(body, previous?.address, inserting),
    description: readDescription(body),
    picture: readPicture(body, 'picture'),
    photo: readPicture(body, 'photo'),
    geolocation: readGeolocation(body),
    workingHours: readWorkingHours(body),
    currency: oneOf(body, 'currency', CURRENCIES),
    vacations: readVacations(body),
    websiteLink: body.string('websiteLink', { max: MAX_URL }),
    businessCategory: body.strings('businessCategory', { max: 100, maxLength: 100 }),
    externalCalendars: body.objects('externalCalendars', { max: LIMITS.listEntries })?.map((calendar) => ({
      address: calendar.string('address', { required: true, max: MAX_URL })!,
      type: oneOf(calendar, 'type', ['ics']) ?? 'ics',
    })),
    socialMedias: readSocialMedias(body),
    extendedProperties: readExtendedProperties(body),
    slotInterval: body.integer('slotInterval', { min: 1, max: 1440 }),
    minimumNoticeMinutes: body.integer('minimumNoticeMinutes', { min: 0, max: 366 * 1440 }),
  });
}
