/** Contract §16 on the sandbox: a walk-in line that ranks, estimates, opens with the hours, checks its form, calls and texts. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openingAt } from '../../packages/shared/src/opening-hours.js';
import { createSandbox } from '../../packages/sandbox/src/index.js';
import { NOW, SandboxClient, assertError, createClient, manualClock, sandbox } from './sandbox-support.js';

const SALON_QUEUE = '7001';
const CLINIC_QUEUE = '7003';
const CUT = [{ id: 'walk-in-service', title: 'What would you like?', value: 'cut' }];

async function join(client: SandboxClient, body: Record<string, unknown> = {}) {
  const { id: clientId } = await client.create('/api/2.0/clients', {
    firstName: 'Ana',
    lastName: 'Silva',
    phoneNumbers: [{ number: '+1 617 555 0199', primary: true, mobile: true }],
  });
  return client.post('/api/2.0/registrations', { queue: { id: SALON_QUEUE }, client: { id: clientId }, form: CUT, ...body });
}

describe('sandbox: walk-in queues (service contract §16)', () => {
  test('the seed has a line on the salon and one on the clinic, each with its form, status and average', async () => {
    const client = sandbox();
    const salon = await client.get('/api/2.0/queues?companyId=demo-salon');
    assert.equal(salon.status, 200, salon.text);
    assert.deepEqual(
      salon.body.items.map((queue: { id: string; status: string; averageWaitingTime: number; form: { id: string } }) => [
        queue.id,
        queue.status,
        queue.averageWaitingTime,
        queue.form.id,
      ]),
      [[SALON_QUEUE, 'open', 10, '9101']],
    );
    // Wednesday 04:00 in Auckland: the clinic opens at 08:00.
    const clinic = (await client.get('/api/2.0/queues?companyId=demo-clinic')).body.items;
    assert.deepEqual(
      clinic.map((queue: { id: string; status: string }) => [queue.id, queue.status]),
      [[CLINIC_QUEUE, 'closed']],
    );
    assert.equal((await client.get('/api/2.0/queues?companyId=demo-courts')).body.items.length, 0);
  });

  test('joining ranks each person behind those still waiting, counts the people ahead and estimates the wait', async () => {
    const client = sandbox();
    const first = await join(client);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'registered');
    assert.deepEqual([first.body.rank, first.body.numberOfPeopleAhead, first.body.waitingTime], [1, 0, 0]);
    const party = await join(client, { partySize: 3 });
    assert.deepEqual([party.body.rank, party.body.numberOfPeopleAhead, party.body.waitingTime], [2, 1, 10]);
    const third = await join(client);
    // A party counts as its people: 1 + 3 ahead, 10 minutes each.
    assert.deepEqual([third.body.rank, third.body.numberOfPeopleAhead, third.body.waitingTime], [3, 4, 40]);
    assert.equal(third.body.created.timeZone, 'US/Eastern');
    assert.equal(third.body.created.dateTime, '2026-03-04T10:00:00');
  });

  test('staff calling next takes the lowest rank, finishes the one served, moves everyone up and texts the person called', async () => {
    const client = sandbox();
    const first = (await join(client)).body;
    const second = (await join(client)).body;
    const called = await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    assert.equal(called.status, 200, called.text);
    assert.equal(called.body.id, first.id);
    assert.equal(called.body.status, 'ingoing');
    const after = (await client.get(`/api/2.0/registrations/${second.id}`)).body;
    assert.deepEqual([after.status, after.rank, after.numberOfPeopleAhead], ['registered', 1, 0]);
    await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    assert.equal((await client.get(`/api/2.0/registrations/${first.id}`)).body.status, 'finished');
    assert.equal((await client.get(`/api/2.0/registrations/${second.id}`)).body.status, 'ingoing');
    const empty = await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    assertError(empty, 404, 'NOT_FOUND');
    assert.equal((await client.get(`/api/2.0/registrations/${second.id}`)).body.status, 'finished');
  });

  test('each call is recorded as the text of §14, to the phone the client gave, naming the registration', async () => {
    let saved: { queueNotifications?: { type: string; registration: { id: string }; recipients: string[]; content: string }[] } = {};
    const client = new SandboxClient(
      createSandbox({ now: NOW, persistence: { load: () => undefined, save: (snapshot) => void (saved = snapshot) } }),
    );
    const person = (await join(client)).body;
    await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    const [text, ...more] = saved.queueNotifications ?? [];
    assert.equal(more.length, 0);
    assert.equal(text?.type, 'sms');
    assert.deepEqual(text?.registration, { id: person.id });
    assert.deepEqual(text?.recipients, ['+1 617 555 0199']);
    assert.match(text!.content, /Maple Street Hair Studio: it's your turn, Ana/);
  });

  test("the average is measured from the day's finished services, from the default until there are some", async () => {
    const clock = manualClock();
    const client = sandbox({ now: clock.now });
    await join(client);
    await join(client);
    const third = (await join(client)).body;
    await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    clock.advance(6 * 60_000);
    await client.put(`/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, undefined);
    // One service of 6 minutes finished today: 6 per person, one person ahead of the third.
    assert.equal((await client.get(`/api/2.0/queues/${SALON_QUEUE}`)).body.averageWaitingTime, 6);
    const now = (await client.get(`/api/2.0/registrations/${third.id}`)).body;
    assert.deepEqual([now.rank, now.numberOfPeopleAhead, now.waitingTime], [1, 0, 0]);
  });

  test('leaving answers 204 and marks the registration deleted; a second DELETE answers 404', async () => {
    const client = sandbox();
    const first = (await join(client)).body;
    const second = (await join(client)).body;
    assert.equal((await client.delete(`/api/2.0/registrations/${first.id}`)).status, 204);
    assert.equal((await client.get(`/api/2.0/registrations/${first.id}`)).body.status, 'deleted');
    assertError(await client.delete(`/api/2.0/registrations/${first.id}`), 404, 'NOT_FOUND');
    assert.equal((await client.get(`/api/2.0/registrations/${second.id}`)).body.rank, 1);
  });

  test('a closed queue answers 409 QUEUE_CLOSED: outside the hours, or closed by staff', async () => {
    const client = sandbox();
    const clientId = await createClient(client);
    const clinic = await client.post('/api/2.0/registrations', { queue: { id: CLINIC_QUEUE }, client: { id: clientId } });
    assertError(clinic, 409, 'QUEUE_CLOSED', 'queue.id');
    const closed = await client.put(`/api/2.0/queues/${SALON_QUEUE}`, { status: 'closed' });
    assert.equal(closed.body.status, 'closed');
    assertError(await join(client), 409, 'QUEUE_CLOSED', 'queue.id');
  });

  test("the queue's form is checked on insert, and the party size is 1 to 10", async () => {
    const client = sandbox();
    assertError(await join(client, { form: [] }), 400, 'INVALID_PARAMETER', 'form.walk-in-service');
    assertError(
      await join(client, { form: [{ id: 'walk-in-service', title: 'What would you like?', value: 'perm' }] }),
      400,
      'INVALID_PARAMETER',
      'form.walk-in-service',
    );
    assertError(await join(client, { partySize: 11 }), 400, 'INVALID_PARAMETER', 'partySize');
    assertError(await join(client, { partySize: 0 }), 400, 'INVALID_PARAMETER', 'partySize');
    assertError(await join(client, { queue: { id: '9999' } }), 400, 'INVALID_PARAMETER', 'queue.id');
    assert.equal((await join(client, { partySize: 10 })).status, 200);
  });

  test('the whole line lists every registration with its status (a staff read)', async () => {
    const client = sandbox();
    await join(client);
    const left = (await join(client)).body;
    await client.delete(`/api/2.0/registrations/${left.id}`);
    const line = await client.get(`/api/2.0/registrations?queueId=${SALON_QUEUE}`);
    assert.deepEqual(
      line.body.items.map((row: { status: string }) => row.status),
      ['registered', 'deleted'],
    );
  });
});

describe('opening hours (booking-widget-shared/opening-hours)', () => {
  const salon = {
    timeZone: 'US/Eastern',
    workingHours: [
      {
        day: 'wednesday' as const,
        hours: [
          { start: '09:00', end: '12:30' },
          { start: '13:30', end: '18:00' },
        ],
      },
    ],
  };
  test('open within a period; over lunch, closed until the afternoon; after hours, until the next working day', () => {
    assert.deepEqual(openingAt(salon, Date.parse('2026-03-04T15:00:00Z')), { open: true });
    assert.deepEqual(openingAt(salon, Date.parse('2026-03-04T17:45:00Z')), { open: false, opensAt: Date.parse('2026-03-04T18:30:00Z') });
    // The next Wednesday is in daylight-saving time: 09:00 is 13:00Z.
    assert.deepEqual(openingAt(salon, Date.parse('2026-03-04T23:30:00Z')), { open: false, opensAt: Date.parse('2026-03-11T13:00:00Z') });
  });
  test('the day before clocks skip midnight, hours to 24:00 (or none at all) stay open until the next day begins (audit 9, #2)', () => {
    // Santiago skips 00:00–00:59 on Sunday 5 September 2027: Saturday ends at Sunday 01:00 (04:00Z).
    const saturday = {
      timeZone: 'America/Santiago',
      workingHours: [{ day: 'saturday' as const, hours: [{ start: '08:00', end: '24:00' }] }],
    };
    const afternoon = Date.parse('2027-09-04T18:00:00Z'); // 14:00 in Santiago
    assert.deepEqual(openingAt(saturday, afternoon), { open: true });
    assert.deepEqual(openingAt({ timeZone: 'America/Santiago' }, afternoon), { open: true });
    assert.deepEqual(openingAt({ timeZone: 'America/Havana' }, Date.parse('2027-03-13T18:00:00Z')), { open: true });
    // The last minute of Saturday is 23:59 (03:59Z); from Sunday's first instant the next day's hours count.
    assert.deepEqual(openingAt(saturday, Date.parse('2027-09-05T03:59:00Z')), { open: true });
    assert.equal(openingAt(saturday, Date.parse('2027-09-05T04:00:00Z')).open, false);
  });
  test('a vacation closes its days; no hours within two weeks reads as no opening', () => {
    const away = { ...salon, vacations: [{ startDate: '2026/03/04', endDate: '2026/03/31' }] };
    assert.deepEqual(openingAt(away, Date.parse('2026-03-04T15:00:00Z')), { open: false, opensAt: undefined });
  });
});
