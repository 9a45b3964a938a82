import type { Client } from 'booking-widget-shared/types';
import type { Collection } from './collection.js';
import type { ClientRow } from '../store/rows.js';
import type { AccountScope } from '../store/scope.js';
import { LIMITS, readExtendedProperties, readName, readTimeZone } from '../validate/fields.js';
import type { Reader } from '../validate/reader.js';
import { merge } from './merge.js';

// Enough to catch a field filled with something else; the service owns real e-mail validation.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{3,}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const MAX_ENTRIES = 20;

function readEmails(body: Reader): Client['emailAddresses'] {
  return body.objects('emailAddresses', { max: MAX_ENTRIES })?.map((entry) => {
    const email = entry.string('email', { required: true, max: LIMITS.email, pattern: EMAIL, format: 'an e-mail address' })!;
    const primary = entry.boolean('primary');
    return primary === undefined ? { email } : { email, primary };
  });
}

function readPhones(body: Reader): Client['phoneNumbers'] {
  return body.objects('phoneNumbers', { max: MAX_ENTRIES })?.map((entry) => {
    const number = entry.string('number', { required: true, max: LIMITS.phone, pattern: PHONE, format: 'a phone number' })!;
    return merge<{ number: string; primary?: boolean; mobile?: boolean }>(
      { number },
      { primary: entry.boolean('primary'), mobile: entry.boolean('mobile') },
    );
  });
}

export const clients: Collection<AccountScope, ClientRow> = {
  noun: 'client',
  rows: (scope) => scope.store.clientsOf(scope.accountId),

  write(body, scope, previous, id) {
    const row = merge<ClientRow>(previous ?? { id, accountId: scope.accountId, firstName: '', lastName: '' }, {
      firstName: readName(body, 'firstName', !previous),
      lastName: readName(body, 'lastName', !previous),
      emailAddresses: readEmails(body),
      phoneNumbers: readPhones(body),
      timeZone: readTimeZone(body),
      language: body.string('language', { max: 35, pattern: LANGUAGE, format: 'a language tag such as "en-US"' }),
      explicitConsent: body.boolean('explicitConsent'),
      marketingConsent: body.boolean('marketingConsent'),
      extendedProperties: readExtendedProperties(body),
    });
    return { row };
  },

  toWire: ({ accountId: _accountId, ...client }) => client,
};
