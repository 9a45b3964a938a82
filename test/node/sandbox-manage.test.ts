/** Contract §7a on the sandbox: a reschedule is one atomic move, a cancel frees the time, retries are safe. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SALON, assertError, book, freeSlots, sandbox, slotTimes, type Booking } from './sandbox-support.js';

const SALON_COMPANY = { path: SALON, id: '1001' };
/** Maya's men's cut on Thursday 09:00 salon time (the seeded 4001 is hers at 10:15). */
const MENS_CUT: Booking = {
  clientId: '5001',
  serviceId: '2002',
  staffId: '3001',
  start: '2026-03-05T09:00:00',
  end: '2026-03-05T09:30:00',
};
const at = (start: string, end: string) => ({ start: { dateTime: `2026-03-05T${start}:00` }, end: { dateTime: `2026-03-05T${end}:00` } });

async function mayaThursday(client: ReturnType<typeof sandbox>): Promise<string[]> {
  const reply = await freeSlots(client, SALON_COMPANY, {
    startDate: '2026-03-05',
    endDate: '2026-03-05',
    serviceId: '2002',
    staffId: '3001',
  });
  return slotTimes(reply)['2026-03-05'] ?? [];
}

describe('sandbox: reschedule and cancel (service contract §7a)', () => {
  test('a PUT of the whole appointment as read, times replaced, moves it; a move onto its own old time is allowed', async () => {
    const client = sandbox();
    const booked = (await book(client, SALON_COMPANY, MENS_CUT)).body;
    const path = `${SALON}/appointments/${booked.id}`;
    const read = (await client.get(path)).body;
    // 09:15 overlaps the appointment's own 09:00–09:30: only an atomic free-then-check allows it.
    const moved = await client.put(path, { ...read, ...at('09:15', '09:45') });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.start.dateTime, '2026-03-05T09:15:00');
    assert.equal(moved.body.reference, booked.reference);
    const free = await mayaThursday(client);
    assert.equal(free.includes('09:15'), false);
  });

  test('a taken time answers 409 and leaves the appointment and its time as they were', async () => {
    const client = sandbox();
    const booked = (await book(client, SALON_COMPANY, MENS_CUT)).body;
    const path = `${SALON}/appointments/${booked.id}`;
    const read = (await client.get(path)).body;
    assertError(await client.put(path, { ...read, ...at('10:15', '10:45') }), 409, 'STAFF_NOT_AVAILABLE', 'staff.id');
    assert.equal((await client.get(path)).body.start.dateTime, '2026-03-05T09:00:00');
    const free = await mayaThursday(client);
    assert.equal(free.includes('09:00'), false, 'the old time is still held');
  });

  test('a PUT retried with its Idempotency-Key replays the first answer; the key with another body is a conflict', async () => {
    const client = sandbox();
    const booked = (await book(client, SALON_COMPANY, MENS_CUT)).body;
    const path = `${SALON}/appointments/${booked.id}`;
    const read = (await client.get(path)).body;
    const withKey = { headers: { 'Idempotency-Key': 'move-1' } };
    const first = await client.put(path, { ...read, ...at('11:00', '11:30') }, withKey);
    const again = await client.put(path, { ...read, ...at('11:00', '11:30') }, withKey);
    assert.equal(first.status, 200, first.text);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assertError(await client.put(path, { ...read, ...at('12:00', '12:30') }, withKey), 409, 'IDEMPOTENCY_CONFLICT', 'Idempotency-Key');
  });

  test('DELETE frees the time; a second DELETE answers 404', async () => {
    const client = sandbox();
    const booked = (await book(client, SALON_COMPANY, MENS_CUT)).body;
    const path = `${SALON}/appointments/${booked.id}`;
    assert.equal((await mayaThursday(client)).includes('09:00'), false);
    assert.equal((await client.delete(path)).status, 204);
    assert.equal((await mayaThursday(client)).includes('09:00'), true);
    assertError(await client.delete(path), 404, 'NOT_FOUND');
  });
});
