import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookingRequest } from '../../src/booking/booking-request.js';
import { bookedLength } from '../../src/booking/manage-flow.js';
import { ANYONE, type Selection, durationOf, subjectOf, whatIsBooked, withWhom } from '../../src/booking/selection.js';
import { bookingSummary } from '../../src/booking/summary.js';
import { EMPTY_DETAILS, withPrefill } from '../../src/booking/visitor-details.js';
import { staffChoiceOf, staffKey } from '../../src/components/booking-widget/choices.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { catalogOf } from './booking-support.js';

const SLOT = Date.parse('2026-03-04T15:00:00Z');
const ADA = {
  ...EMPTY_DETAILS,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com ',
  phone: '',
  notes: '  ',
  consent: true,
};

describe('selection: what is chosen, and what follows from it', () => {
  it('names the subject whose free times to show: one tagged union, a staff member only when one is chosen', () => {
    const services = catalogOf('service-staff');
    assert.equal(subjectOf(services, { quantity: 1 }), undefined);
    assert.deepEqual(subjectOf(services, { quantity: 1, serviceId: 's1', staff: ANYONE }), { kind: 'service', serviceId: 's1' });
    assert.deepEqual(subjectOf(services, { quantity: 1, serviceId: 's1', staff: { kind: 'member', id: 'anyone' } }), {
      kind: 'service',
      serviceId: 's1',
      staffId: 'anyone',
    });
    assert.deepEqual(subjectOf(catalogOf('resource'), { quantity: 2, resourceId: 'r1' }), {
      kind: 'resource',
      resourceId: 'r1',
      resourceCount: 2,
    });
  });

  it('describes the booking: what, with whom, how long', () => {
    const services = catalogOf('service-staff');
    const chosen: Selection = { quantity: 1, serviceId: 's1', staff: { kind: 'member', id: 'm1' } };
    assert.equal(whatIsBooked(services, chosen), 'Cut');
    assert.equal(withWhom(services, chosen, en), 'Maya Chen');
    assert.equal(withWhom(services, { ...chosen, staff: ANYONE }, en), 'Anyone available');
    assert.equal(durationOf(services, chosen), 30);
    const courts = catalogOf('resource');
    assert.equal(whatIsBooked(courts, { quantity: 3, resourceId: 'r1' }), 'Court × 3');
    assert.equal(withWhom(courts, { quantity: 3, resourceId: 'r1' }, en), undefined);
    const summary = bookingSummary(services, { ...chosen, slot: SLOT }, 'Europe/Paris', en)!;
    assert.equal(summary.end.getTime() - summary.start.getTime(), 30 * 60_000);
    assert.equal(summary.displayTimeZone, 'Europe/Paris');
    assert.equal(bookingSummary(services, chosen, 'Europe/Paris', en), undefined);
  });

  it('builds the booking request from the choices and what the visitor typed, trimmed', () => {
    const services = catalogOf('service-staff');
    assert.equal(bookingRequest('c', services, { quantity: 1, serviceId: 's1' }, ADA, 'en', 'UTC'), undefined);
    const request = bookingRequest(
      'c',
      services,
      { quantity: 1, serviceId: 's1', staff: ANYONE, slot: SLOT },
      ADA,
      'en-US',
      'Europe/Paris',
    )!;
    assert.deepEqual(request.subject, { kind: 'service', serviceId: 's1' });
    assert.equal(request.durationMinutes, 30);
    assert.equal(request.notes, undefined);
    assert.deepEqual(request.client, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddresses: [{ email: 'ada@example.com', primary: true }],
      timeZone: 'Europe/Paris',
      language: 'en-US',
      marketingConsent: false,
      explicitConsent: true,
    });
  });

  it('prefills only the fields the visitor has not typed in', () => {
    const typed = { ...EMPTY_DETAILS, firstName: 'Grace' };
    assert.deepEqual(withPrefill(typed, { firstName: 'Ada', email: 'ada@example.com' }), { ...typed, email: 'ada@example.com' });
  });

  it('keys staff choices so that no staff id can be read back as "anyone"', () => {
    for (const id of ['anyone', '*', 'member:x', '']) {
      const key = staffKey({ kind: 'member', id })!;
      assert.notEqual(key, staffKey(ANYONE));
      assert.deepEqual(staffChoiceOf(key), { kind: 'member', id });
    }
    assert.deepEqual(staffChoiceOf(staffKey(ANYONE)!), ANYONE);
  });
});

describe('a booking’s length, from the catalog (manage mode reads its end with it)', () => {
  it('is its service’s duration, or its resource’s times its iterations; nothing for what the catalog has not got', () => {
    assert.equal(bookedLength(catalogOf('service'), { service: { id: 's2' } }), 90 * 60_000);
    assert.equal(bookedLength(catalogOf('resource'), { resource: { id: 'r1' }, iterationCount: 2 }), 120 * 60_000);
    assert.equal(bookedLength(catalogOf('service'), { service: { id: 'gone' } }), undefined);
  });
});
