import { type Attribution, CAMPAIGN_KEYS } from 'booking-widget-shared/attribution';
import type { AppointmentInput, ClientInput, DateTimeInZone } from 'booking-widget-shared/types';
import type { ShapeOf } from '../http/shape.js';
import type { RegistrationInput } from 'booking-widget-shared/queue-types';

/** The fields of service contract §7, and nothing else, may reach the service. */

const ID = { id: 'string' } as const;
const DATE_TIME: ShapeOf<DateTimeInZone> = { dateTime: 'string', timeZone: 'string' };

/** The keys of service contract §15, as strings; their sizes and forms are rules/attribution.ts's. */
const ATTRIBUTION_SHAPE = {
  ...Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, 'string'])),
  landingPage: 'string',
  referrer: 'string',
} as ShapeOf<Attribution>;

export const CLIENT_SHAPE: ShapeOf<ClientInput> = {
  firstName: 'string',
  lastName: 'string',
  emailAddresses: [{ email: 'string', primary: 'boolean' }],
  phoneNumbers: [{ number: 'string', primary: 'boolean', mobile: 'boolean' }],
  timeZone: 'string',
  language: 'string',
  explicitConsent: 'boolean',
  marketingConsent: 'boolean',
};

export const APPOINTMENT_SHAPE: ShapeOf<AppointmentInput> = {
  client: ID,
  service: ID,
  resource: ID,
  staff: ID,
  start: DATE_TIME,
  end: DATE_TIME,
  notes: 'string',
  resourceCount: 'integer',
  iterationCount: 'integer',
  form: [{ id: 'string', title: 'string', value: 'string' }],
  // The one private property a booking page may set: where the booking came from.
  extendedProperties: { private: { attribution: ATTRIBUTION_SHAPE } },
};

/** Joining a walk-in line (service contract §16). */
export const REGISTRATION_SHAPE: ShapeOf<RegistrationInput> = {
  queue: ID,
  client: ID,
  form: [{ id: 'string', title: 'string', value: 'string' }],
  partySize: 'integer',
};
