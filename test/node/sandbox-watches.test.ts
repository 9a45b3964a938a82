/**
 * The sandbox's watches (service contract §14): what it delivers, to whom, in what order,
 * and how it retries, over real HTTP to a receiver on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createClient, SALON, sandbox, type SandboxClient } from './sandbox-support.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // Tests read wire JSON of many shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A receiver that records every request and answers what `status` says for it (204 by default). */
async function receiver(status: (received: Received, index: number) => number = () => 204) {
  const received: Received[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    let text = '';
    incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    incoming.on('end', () => {
      const entry = { path: incoming.url ?? '', headers: incoming.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
      received.push(entry);
      outgoing.writeHead(status(entry, received.length - 1)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Resolves once `count` requests have arrived; gives up only after a hang guard. */
  const count = async (count: number, what: string) => {
    const giveUp = performance.now() + 30_000;
    while (received.length < count) {
      assert.ok(performance.now() < giveUp, `gave up waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received;
  };
  return { base, received, count, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const receivers: { close(): Promise<void> }[] = [];
after(async () => {
  for (const open of receivers) await open.close();
});
async function open(status?: (received: Received, index: number) => number) {
  const opened = await receiver(status);
  receivers.push(opened);
  return opened;
}

const FAST = { watchDelivery: { retryDelaysMs: [20, 20, 20], timeoutMs: 2000 } };

/** A booking of the salon's first free cut with Sam on 5 March. */
async function firstBooking(client: SandboxClient): Promise<{ id: string; last: string }> {
  const free = await client.get(`${SALON}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002&staffId=3001`);
  const slots = free.body.items[0].slots as string[];
  const start = slots[0]!;
  const end = new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);
  const clientId = await createClient(client);
  const booked = await client.create(`${SALON}/appointments`, {
    client: { id: clientId },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: start, timeZone: 'US/Eastern' },
    end: { dateTime: end, timeZone: 'US/Eastern' },
  });
  return { id: booked.id, last: slots.at(-1)! };
}

describe('sandbox watches', () => {
  it('delivers a notification for a booking, a move and a cancellation, in order, to the watch registered last under its id', async () => {
    const hook = await open();
    const client = sandbox(FAST);
    const watch = { id: 'proxy', address: `${hook.base}/first` };
    assert.equal((await client.post(`${SALON}/notifications/watch`, watch)).status, 200);
    const again = await client.post(`${SALON}/notifications/watch`, { ...watch, address: `${hook.base}/hooks/notifications/s3cret` });
    assert.deepEqual(again.body, { id: 'proxy', address: `${hook.base}/hooks/notifications/s3cret`, companyId: '1001', status: 'enabled' });

    const { id, last: later } = await firstBooking(client);
    const moved = await client.get(`${SALON}/appointments/${id}`);
    const laterEnd = new Date(Date.parse(`${later}Z`) + 30 * 60_000).toISOString().slice(0, 19);
    const move = await client.put(`${SALON}/appointments/${id}`, {
      ...moved.body,
      start: { dateTime: later, timeZone: 'US/Eastern' },
      end: { dateTime: laterEnd, timeZone: 'US/Eastern' },
    });
    assert.equal(move.status, 200, move.text);
    assert.equal((await client.delete(`${SALON}/appointments/${id}`)).status, 204);

    const received = await hook.count(3, 'three notifications');
    assert.deepEqual(
      received.map((r) => r.path),
      ['/hooks/notifications/s3cret', '/hooks/notifications/s3cret', '/hooks/notifications/s3cret'],
      'only the watch registered last under the id',
    );
    for (const r of received) {
      assert.equal(r.headers['x-service-objectevent'], 'notification');
      assert.equal(r.body.appointment.id, id);
      assert.match(r.body.appointment.selfLink, new RegExp(`/companies/1001/appointments/${id}$`));
      assert.equal(r.body.type, 'email');
    }
    assert.deepEqual(
      received.map((r) => /is (\w+)/.exec(r.body.content.subject)?.[1]),
      ['booked', 'moved', 'cancelled'],
    );
  });

  it('delivers the company on an update, with the watch’s headers, and lists and removes company watches', async () => {
    const hook = await open();
    const client = sandbox(FAST);
    const created = await client.post('/api/2.1/scheduling/companies/watch', {
      address: `${hook.base}/company`,
      name: 'proxy',
      httpRequestHeader: { 'X-Watch-Secret': 'shh' },
    });
    assert.equal(created.status, 200);
    const listed = await client.get('/api/2.0/watchers?objectType=schedulingCompany');
    assert.deepEqual(
      listed.body.items.map((w: { id: string; address: string }) => [w.id, w.address]),
      [[created.body.id, `${hook.base}/company`]],
    );

    assert.equal((await client.put(SALON, { name: 'Renamed Salon' })).status, 200);
    assert.equal((await client.put(`${SALON}/services/2002`, { name: 'Cut and finish' })).status, 200);
    const [company, service] = await hook.count(2, 'two company deliveries');
    assert.equal(company!.headers['x-watch-secret'], 'shh');
    assert.equal(company!.headers['x-service-objectevent'], 'updated');
    assert.equal(company!.body.name, 'Renamed Salon');
    assert.equal(service!.headers['x-service-objectevent'], 'updated', 'a service renamed updates its company');

    assert.equal((await client.delete(`/api/2.0/watchers/${created.body.id}`)).status, 204);
    assert.deepEqual((await client.get('/api/2.0/watchers?objectType=schedulingCompany')).body.items, []);
    assert.equal((await client.delete(`/api/2.0/watchers/${created.body.id}`)).status, 404);
    // Another watch hears the next change; the removed one, whose deliveries come first in the company's order, heard nothing.
    const other = await open();
    await client.post('/api/2.1/scheduling/companies/watch', { address: `${other.base}/company` });
    await client.put(SALON, { name: 'Salon Again' });
    await other.count(1, 'the other watch’s delivery');
    assert.equal(hook.received.length, 2);
  });

  it('retries a failed delivery after each delay, then drops it and goes on with the next', async () => {
    // The first delivery fails three times and then succeeds; the second fails on every attempt; the third succeeds.
    const hook = await open((_r, index) => (index < 3 || (index >= 4 && index < 8) ? 503 : 204));
    const client = sandbox(FAST);
    await client.post('/api/2.1/scheduling/companies/watch', { address: `${hook.base}/company` });
    for (const name of ['One', 'Two', 'Three']) await client.put(SALON, { name });
    const received = await hook.count(9, 'four attempts, four attempts, one');
    assert.deepEqual(
      received.map((r) => r.body.name),
      ['One', 'One', 'One', 'One', 'Two', 'Two', 'Two', 'Two', 'Three'],
    );
  });

  it('notifies a walk-in line’s “it’s your turn” text like an appointment’s, naming the registration', async () => {
    const hook = await open();
    const client = sandbox(FAST);
    await client.post(`${SALON}/notifications/watch`, { id: 'proxy', address: `${hook.base}/hooks/notifications/s3cret` });
    const { id: clientId } = await client.create('/api/2.0/clients', {
      firstName: 'Ana',
      lastName: 'Silva',
      phoneNumbers: [{ number: '+1 617 555 0199', primary: true, mobile: true }],
    });
    const joined = await client.post('/api/2.0/registrations', {
      queue: { id: '7001' },
      client: { id: clientId },
      form: [{ id: 'walk-in-service', title: 'What would you like?', value: 'cut' }],
    });
    assert.equal(joined.status, 200, joined.text);
    assert.equal((await client.put('/api/2.0/registrations/next?queueId=7001', undefined)).status, 200);
    const [text] = await hook.count(1, 'the text’s notification');
    assert.equal(text!.headers['x-service-objectevent'], 'notification');
    assert.deepEqual([text!.body.type, text!.body.registration, text!.body.appointment], ['sms', { id: joined.body.id }, undefined]);
  });

  it('refuses an address it may not reach', async () => {
    const client = sandbox();
    for (const address of ['http://example.com/hook', 'not a url', 'https://user:pw@example.com/hook']) {
      const answer = await client.post('/api/2.1/scheduling/companies/watch', { address });
      assert.equal(answer.status, 400, address);
      assert.equal(answer.body.error.field, 'address');
    }
    assert.equal((await client.post(`${SALON}/notifications/watch`, { id: 'x' })).status, 400);
    assert.equal(
      (await client.post('/api/2.1/scheduling/companies/nope/notifications/watch', { id: 'x', address: 'https://a.example' })).status,
      404,
    );
  });
});
