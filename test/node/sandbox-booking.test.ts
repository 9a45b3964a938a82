import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CLIENTS,
  COURTS,
  SALON,
  appointmentBody,
  assertError,
  book,
  createClient,
  every,
  freeSlots,
  manualClock,
  sandbox,
  serviceCompany,
  slotTimes,
  weekHours,
  type Booking,
  type Reply,
} from './sandbox-support.js';

const MONDAY = '2026-03-09';
const SALON_COMPANY = { path: SALON, id: '1001' };
const COURTS_COMPANY = { path: COURTS, id: '1002' };
/** Ava books a men's cut with Maya on Thursday at 09:00 salon time. */
const MENS_CUT: Booking = {
  clientId: '5001',
  serviceId: '2002',
  staffId: '3001',
  start: '2026-03-05T09:00:00',
  end: '2026-03-05T09:30:00',
};

const byStatus = (replies: Reply[]) =>
  replies.reduce<Record<number, number>>((counts, reply) => ({ ...counts, [reply.status]: (counts[reply.status] ?? 0) + 1 }), {});

describe('sandbox booking: insert', () => {
  test('answers the appointment with a reference, the names, and start and end in the company zone', async () => {
    const client = sandbox();
    const body = {
      ...appointmentBody({ ...MENS_CUT, start: '2026-03-05T15:00:00', end: '2026-03-05T15:30:00', timeZone: 'Europe/Paris' }),
      notes: 'First visit',
      form: [{ id: 'allergies', title: 'Allergies', value: 'None' }],
    };
    const reply = await client.post(`${SALON}/appointments`, body);
    assert.equal(reply.status, 200, reply.text);
    const { id, reference, ...rest } = reply.body;
    assert.match(id, /^[a-z2-9]{12}$/);
    assert.match(reference, /^SBX-[A-Z2-9]{6}$/);
    assert.deepEqual(rest, {
      status: 'accepted',
      company: { id: '1001', name: 'Maple Street Hair Studio' },
      service: { id: '2002', name: "Men's cut" },
      staff: { id: '3001', firstName: 'Maya', lastName: 'Chen' },
      client: { id: '5001', firstName: 'Ava', lastName: 'Thompson' },
      start: { dateTime: '2026-03-05T09:00:00', timeZone: 'US/Eastern' },
      end: { dateTime: '2026-03-05T09:30:00', timeZone: 'US/Eastern' },
      notes: 'First visit',
      resourceCount: 1,
      iterationCount: 1,
      form: [{ id: 'allergies', title: 'Allergies', value: 'None' }],
    });
    assert.deepEqual((await client.get(`${SALON}/appointments/${id}`)).body, reply.body);
    const maya = slotTimes(
      await freeSlots(client, SALON_COMPANY, { startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002', staffId: '3001' }),
    );
    assert.deepEqual(maya['2026-03-05']!.slice(0, 3), ['09:30', '10:45', '11:00']);
  });

  test('books resource units and consecutive durations; the last unit goes once', async () => {
    const client = sandbox();
    const clay = { clientId: '5002', resourceId: '6001', start: '2026-03-05T18:00:00', end: '2026-03-05T19:00:00' };
    const reply = await book(client, COURTS_COMPANY, clay);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(
      { resource: reply.body.resource, staff: reply.body.staff, resourceCount: reply.body.resourceCount },
      { resource: { id: '6001', name: 'Clay tennis court' }, staff: undefined, resourceCount: 1 },
    );
    assertError(await book(client, COURTS_COMPANY, clay), 409, 'DATE_NOT_AVAILABLE', 'start.dateTime');

    const twoHours = await book(client, COURTS_COMPANY, {
      clientId: '5002',
      resourceId: '6002',
      start: '2026-03-05T12:00:00',
      end: '2026-03-05T14:00:00',
      iterationCount: 2,
      resourceCount: 2,
    });
    assert.equal(twoHours.status, 200, twoHours.text);
    assert.deepEqual([twoHours.body.end.dateTime, twoHours.body.iterationCount], ['2026-03-05T14:00:00', 2]);
    const indoor = slotTimes(
      await freeSlots(client, COURTS_COMPANY, { startDate: '2026-03-05', endDate: '2026-03-05', resourceId: '6002' }),
    );
    assert.deepEqual(indoor['2026-03-05'], [...every(30, '08:00', '11:00'), ...every(30, '14:00', '21:00')]);
  });

  test('refuses malformed bookings with the field at fault', async () => {
    const client = sandbox();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...appointmentBody(MENS_CUT), end: { dateTime: '2026-03-05T10:00:00' } }, 'end.dateTime'],
      [{ ...appointmentBody(MENS_CUT), client: { id: 'nobody' } }, 'client.id'],
      [{ ...appointmentBody(MENS_CUT), client: undefined }, 'client'],
      [{ ...appointmentBody(MENS_CUT), service: { id: '9999' } }, 'service.id'],
      [{ ...appointmentBody(MENS_CUT), service: undefined }, 'service'],
      [{ ...appointmentBody(MENS_CUT), resource: { id: '6001' } }, 'resource'],
      [{ ...appointmentBody(MENS_CUT), staff: { id: '9999' } }, 'staff.id'],
      [{ ...appointmentBody(MENS_CUT), staff: { id: 3001 } }, 'staff.id'],
      [{ ...appointmentBody(MENS_CUT), staff: { id: '3002' }, service: { id: '2001' } }, 'staff.id'],
      [{ ...appointmentBody(MENS_CUT), start: { dateTime: '2026-03-05 09:00' } }, 'start.dateTime'],
      [{ ...appointmentBody(MENS_CUT), start: { dateTime: '2026-02-30T09:00:00' } }, 'start.dateTime'],
      [{ ...appointmentBody(MENS_CUT), start: { dateTime: '2026-03-05T09:00:00', timeZone: 'Mars/Olympus' } }, 'start.timeZone'],
      [{ ...appointmentBody(MENS_CUT), iterationCount: 0 }, 'iterationCount'],
      [{ ...appointmentBody(MENS_CUT), iterationCount: 1.5 }, 'iterationCount'],
      [{ ...appointmentBody(MENS_CUT), notes: 'x'.repeat(4001) }, 'notes'],
      [{ ...appointmentBody(MENS_CUT), form: [{ id: 'a', value: 'b' }] }, 'form[0].title'],
    ];
    for (const [body, field] of cases) assertError(await client.post(`${SALON}/appointments`, body), 400, 'INVALID_PARAMETER', field);

    const clay = { clientId: '5001', resourceId: '6001', start: '2026-03-05T09:00:00', end: '2026-03-05T10:00:00' };
    assertError(await book(client, COURTS_COMPANY, { ...clay, resourceCount: 4 }), 400, 'INVALID_PARAMETER', 'resourceCount');
    assertError(await book(client, COURTS_COMPANY, { ...clay, staffId: '3001' }), 400, 'INVALID_PARAMETER', 'staff');
    assert.equal((await client.get(`${SALON}/appointments`)).body.items.length, 5, 'nothing was booked');
  });

  test('answers 409 when the time is not free: STAFF_NOT_AVAILABLE for a busy named staff member', async () => {
    const client = sandbox();
    const atTen = { ...MENS_CUT, start: '2026-03-05T10:00:00', end: '2026-03-05T10:30:00' };
    assertError(await book(client, SALON_COMPANY, atTen), 409, 'STAFF_NOT_AVAILABLE', 'staff.id');
    // Jordan performs men's cuts but starts at 11:00; Sam does not work on Thursdays: nobody else is free.
    const anyone = await book(client, SALON_COMPANY, { ...atTen, staffId: undefined });
    assertError(anyone, 409, 'DATE_NOT_AVAILABLE', 'start.dateTime');
    for (const [start, end] of [
      ['2026-03-05T09:05:00', '2026-03-05T09:35:00'], // off the 15-minute grid
      ['2026-03-08T10:00:00', '2026-03-08T10:30:00'], // Sunday: closed
      ['2026-03-04T09:00:00', '2026-03-04T09:30:00'], // before now
    ] as const) {
      assertError(await book(client, SALON_COMPANY, { ...MENS_CUT, start, end }), 409, 'DATE_NOT_AVAILABLE', 'start.dateTime');
    }
  });
});

describe('sandbox booking: races', () => {
  test('20 concurrent inserts at one slot: exactly one appointment', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, {
      workingHours: weekHours(['monday'], ['09:00', '12:00']),
      duration: 60,
      staff: [{}, {}],
    });
    const clientId = await createClient(client);
    // Two staff members: the first booking without a staff member takes one, so race for the other.
    const first = { clientId, serviceId: company.serviceId, start: `${MONDAY}T10:00:00`, end: `${MONDAY}T11:00:00` };
    assert.equal((await book(client, company, first)).status, 200);

    const replies = await Promise.all(Array.from({ length: 20 }, () => book(client, company, first)));
    assert.deepEqual(byStatus(replies), { 200: 1, 409: 19 });
    for (const reply of replies.filter((r) => r.status === 409)) assertError(reply, 409, 'DATE_NOT_AVAILABLE', 'start.dateTime');
    const atTen = (await client.get(`${company.path}/appointments`)).body.items.filter(
      (appointment: { start: { dateTime: string } }) => appointment.start.dateTime === `${MONDAY}T10:00:00`,
    );
    assert.deepEqual(atTen.map((a: { staff: { id: string } }) => a.staff.id).sort(), [...company.staffIds].sort());
  });

  test('20 concurrent inserts for the last unit of a court: exactly one gets it', async () => {
    const client = sandbox();
    const lastClay = { clientId: '5003', resourceId: '6001', start: '2026-03-05T18:00:00', end: '2026-03-05T19:00:00' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => book(client, COURTS_COMPANY, lastClay)));
    assert.deepEqual(byStatus(replies), { 200: 1, 409: 19 });
    const atSix = (await client.get(`${COURTS}/appointments`)).body.items.filter(
      (a: { resource: { id: string }; start: { dateTime: string } }) => a.resource.id === '6001' && a.start.dateTime === lastClay.start,
    );
    assert.deepEqual(
      atSix.map((a: { resourceCount: number }) => a.resourceCount),
      [2, 1],
    );
  });
});

describe('sandbox booking: Idempotency-Key', () => {
  const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

  test('the same key and body replay the first answer instead of booking twice', async () => {
    const client = sandbox();
    const first = await book(client, SALON_COMPANY, MENS_CUT, withKey('key-1'));
    const second = await book(client, SALON_COMPANY, MENS_CUT, withKey('key-1'));
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const ids = (await client.get(`${SALON}/appointments`)).body.items.map((a: { id: string }) => a.id);
    assert.equal(ids.filter((id: string) => id === first.body.id).length, 1);
    assert.equal(ids.length, 6);
  });

  test('the same key with another body is a 409 IDEMPOTENCY_CONFLICT', async () => {
    const client = sandbox();
    assert.equal((await book(client, SALON_COMPANY, MENS_CUT, withKey('key-2'))).status, 200);
    const other = { ...MENS_CUT, start: '2026-03-05T09:15:00', end: '2026-03-05T09:45:00' };
    assertError(await book(client, SALON_COMPANY, other, withKey('key-2')), 409, 'IDEMPOTENCY_CONFLICT', 'Idempotency-Key');
  });

  test('concurrent duplicates wait for the first and get its answer', async () => {
    const client = sandbox();
    const replies = await Promise.all(Array.from({ length: 10 }, () => book(client, SALON_COMPANY, MENS_CUT, withKey('key-3'))));
    assert.deepEqual(byStatus(replies), { 200: 10 });
    assert.equal(new Set(replies.map((reply) => reply.body.id)).size, 1);
    assert.equal((await client.get(`${SALON}/appointments`)).body.items.length, 6);
  });

  test('keys last 24 hours of the sandbox clock and are scoped by path', async () => {
    const clock = manualClock();
    const client = sandbox({ now: clock.now });
    const person = { firstName: 'Mia', lastName: 'Lopez' };
    const first = await client.post(CLIENTS, person, withKey('key-4'));
    clock.advance(24 * 3_600_000 - 1000);
    assert.equal((await client.post(CLIENTS, person, withKey('key-4'))).body.id, first.body.id);
    clock.advance(1000);
    const later = await client.post(CLIENTS, person, withKey('key-4'));
    assert.equal(later.status, 200);
    assert.notEqual(later.body.id, first.body.id);

    // The same key on another path is another key.
    const booked = await book(
      client,
      SALON_COMPANY,
      { ...MENS_CUT, start: '2026-03-06T09:00:00', end: '2026-03-06T09:30:00' },
      withKey('key-4'),
    );
    assert.equal(booked.status, 200, booked.text);
    assert.equal(booked.body.reference.startsWith('SBX-'), true);
  });

  test('a failed request is not remembered: the same key can book once the slot is free', async () => {
    const client = sandbox();
    const atTen = { ...MENS_CUT, start: '2026-03-05T10:00:00', end: '2026-03-05T10:30:00' };
    assert.equal((await book(client, SALON_COMPANY, atTen, withKey('key-5'))).status, 409);
    assert.equal((await client.delete(`${SALON}/appointments/4001`)).status, 204);
    assert.equal((await book(client, SALON_COMPANY, atTen, withKey('key-5'))).status, 200);
  });

  test('a key must be 1 to 255 characters', async () => {
    const client = sandbox();
    assertError(await book(client, SALON_COMPANY, MENS_CUT, withKey('k'.repeat(256))), 400, 'INVALID_PARAMETER', 'Idempotency-Key');
    assertError(await client.post(CLIENTS, { firstName: 'A', lastName: 'B' }, withKey(' ')), 400, 'INVALID_PARAMETER', 'Idempotency-Key');
    assert.equal((await book(client, SALON_COMPANY, MENS_CUT, withKey('k'.repeat(255)))).status, 200);
  });
});

describe('sandbox booking: update and delete', () => {
  test('PUT moves an appointment: same id and reference, the old time frees up, a taken time is refused', async () => {
    const client = sandbox();
    const booked = (await book(client, SALON_COMPANY, MENS_CUT)).body;
    const path = `${SALON}/appointments/${booked.id}`;
    const moved = await client.put(path, { start: { dateTime: '2026-03-05T11:00:00' }, end: { dateTime: '2026-03-05T11:30:00' } });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(
      [moved.body.id, moved.body.reference, moved.body.start.dateTime, moved.body.staff.id],
      [booked.id, booked.reference, '2026-03-05T11:00:00', '3001'],
    );
    const maya = slotTimes(
      await freeSlots(client, SALON_COMPANY, { startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002', staffId: '3001' }),
    );
    assert.equal(maya['2026-03-05']!.includes('09:00'), true, 'the old time is free again');
    assert.equal(maya['2026-03-05']!.includes('11:00'), false, 'the new time is taken');

    const onto4001 = await client.put(path, { start: { dateTime: '2026-03-05T10:15:00' }, end: { dateTime: '2026-03-05T10:45:00' } });
    assertError(onto4001, 409, 'STAFF_NOT_AVAILABLE', 'staff.id');
    assert.equal((await client.put(path, { notes: 'Bring photos' })).body.notes, 'Bring photos');
  });

  test('DELETE answers 204 with no body and frees the slot', async () => {
    const client = sandbox();
    const atTen = { ...MENS_CUT, start: '2026-03-05T10:00:00', end: '2026-03-05T10:30:00' };
    const deleted = await client.delete(`${SALON}/appointments/4001`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assertError(await client.get(`${SALON}/appointments/4001`), 404, 'NOT_FOUND');
    assert.equal((await book(client, SALON_COMPANY, atTen)).status, 200);
  });
});
