import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Company } from 'booking-widget-shared/types';
import { readSettings } from 'booking-widget-shared/widget-settings';
import { validateDetails } from '../../src/booking/validate-details.js';
import { EMPTY_DETAILS } from '../../src/booking/visitor-details.js';
import { en } from '../../src/i18n/catalogs/en.js';

const company = (bookingWidget: unknown): Company =>
  ({
    id: '1',
    name: 'C',
    timeZone: 'UTC',
    scheduledItems: 'service',
    extendedProperties: { public: { bookingWidget }, private: { minNoticeMinutes: 5 } },
  }) as Company;

function read(bookingWidget: unknown) {
  const warnings: string[] = [];
  return { settings: readSettings(company(bookingWidget), (message) => warnings.push(message)), warnings };
}

describe('settings from the dashboard (extendedProperties.public.bookingWidget)', () => {
  it('takes the valid ones, ignores unknown keys silently and wrong types with a warning that names them', () => {
    const { settings, warnings } = read({
      accentColor: '#7c3aed',
      minNoticeMinutes: 120,
      maxDaysAhead: -3,
      privacyPolicyUrl: 'http://insecure.example',
      locale: 'pt-BR',
      fields: { phone: 'required', notes: 'sometimes' },
      somethingNew: true,
    });
    assert.deepEqual(settings, {
      accentColor: '#7c3aed',
      minNoticeMinutes: 120,
      locale: 'pt-BR',
      fields: { phone: 'required', notes: 'optional' },
    });
    assert.equal(warnings.length, 3);
    assert.match(warnings.join('\n'), /maxDaysAhead.*-3/);
    assert.match(warnings.join('\n'), /privacyPolicyUrl.*https/);
    assert.match(warnings.join('\n'), /fields\.notes.*"sometimes"/);
  });

  it('never reads private properties, and falls back to defaults when the setting is not an object', () => {
    assert.deepEqual(read(undefined).settings, { fields: { phone: 'optional', notes: 'optional' } });
    const { settings, warnings } = read('dark');
    assert.deepEqual(settings, { fields: { phone: 'optional', notes: 'optional' } });
    assert.equal(warnings.length, 1);
  });
});

describe('the visitor’s details, checked before sending', () => {
  const rules = { phone: 'optional', notes: 'optional', consentRequired: false } as const;

  it('requires names and a valid email; checks an optional phone only when given', () => {
    assert.deepEqual(Object.keys(validateDetails(EMPTY_DETAILS, rules, en)), ['firstName', 'lastName', 'email']);
    const ada = { ...EMPTY_DETAILS, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    assert.deepEqual(validateDetails(ada, rules, en), {});
    assert.deepEqual(validateDetails({ ...ada, email: 'ada@' }, rules, en), { email: en.invalidEmail });
    assert.deepEqual(validateDetails({ ...ada, phone: '12' }, rules, en), { phone: en.invalidPhone });
    assert.deepEqual(validateDetails({ ...ada, phone: '+1 (617) 555-0100' }, rules, en), {});
    assert.deepEqual(validateDetails({ ...ada, notes: 'x'.repeat(1001) }, rules, en), { notes: en.tooLong(1000) });
  });

  it('follows the merchant’s rules: required or hidden fields, and consent when there is a privacy policy', () => {
    const ada = { ...EMPTY_DETAILS, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: 'not a phone' };
    assert.deepEqual(validateDetails(ada, { phone: 'hidden', notes: 'required', consentRequired: true }, en), {
      notes: en.required,
      consent: en.consentRequired,
    });
  });
});
