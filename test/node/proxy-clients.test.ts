/**
 * Finding 1 of the security review (issue 17): any client id could be booked
 * through the proxy, the answer named that client, and the errors told which ids
 * exist. The proxy now books only a client it just created.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { sandboxUpstream } from './proxy-harness.js';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  issuedClientId,
  json,
  postJson,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  testProxy,
  writes,
  throughSandbox,
} from './proxy-harness.js';

const SALON = '/api/2.1/scheduling/companies/demo-salon';
const KEY = 'a-signing-key-shared-by-instances-'.repeat(2);

/** A salon booking the sandbox would accept for any client: Maya (3001), a men's cut (2002), on a free slot. */
async function salonBooking(upstream: ReturnType<typeof sandboxUpstream>, clientId: string) {
  const slots = await upstream.sandbox(
    new Request(
      `http://sandbox.test/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002&staffId=3001`,
      { headers: SANDBOX_PARTNER },
    ),
  );
  const [day] = (await slots.json()).items as { slots: string[]; timeZone: string }[];
  const start = day!.slots[0]!;
  const end = new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);
  return {
    client: { id: clientId },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: start, timeZone: day!.timeZone },
    end: { dateTime: end, timeZone: day!.timeZone },
  };
}

const appointmentsOf = async (upstream: ReturnType<typeof sandboxUpstream>) =>
  (await (await upstream.sandbox(new Request(`http://sandbox.test${SALON}/appointments`, { headers: SANDBOX_PARTNER }))).json()).items as {
    id: string;
    client: { id: string };
  }[];

describe('proxy books only the client it just created', () => {
  it('refuses a seed client’s id, sends nothing upstream, and names no one', async () => {
    const { proxy, upstream, logs } = throughSandbox();
    const before = (await appointmentsOf(upstream)).length;
    const response = await proxy(postJson(`${SALON}/appointments`, await salonBooking(upstream, '5001')));
    const error = await expectError(response, 403, 'FORBIDDEN', /Ava|Thompson|5001/);
    assert.equal(error.field, 'client.id');
    assert.deepEqual(upstream.calls, [], 'nothing reached the service');
    assert.equal((await appointmentsOf(upstream)).length, before);
    assert.equal(logs.at(-1)!.reason, 'client-not-issued');
  });

  it('answers a known id, a taken one and an unknown one alike, without asking the service', async () => {
    const { proxy, upstream } = throughSandbox();
    const bodies: string[] = [];
    for (const id of ['5001', '5005', '5007', '999999', '']) {
      const booking = await salonBooking(upstream, id);
      const calls = upstream.calls.length;
      const response = await proxy(postJson(`${SALON}/appointments`, booking));
      assert.equal(response.status, 403, id);
      bodies.push(await response.text());
      assert.equal(upstream.calls.length, calls, `${id}: nothing reached the service`);
    }
    assert.equal(new Set(bodies).size, 1, bodies.join('\n'));
    const { client: _client, ...noClient } = AN_APPOINTMENT;
    const missing = await proxy(postJson(`${COMPANY_PATH}/appointments`, noClient));
    assert.equal(await missing.text(), bodies[0]);
  });

  it('books the client it created, hands the browser a token for the id, and shows only that client', async () => {
    const { proxy, upstream } = throughSandbox();
    const created = await proxy(postJson('/api/2.0/clients', A_CLIENT));
    assert.ok(created.ok);
    const client = await created.json();
    assert.equal(client.lastName, 'Lovelace');
    assert.doesNotMatch(client.id, /^\d+$/, 'not the service’s id');

    const response = await proxy(postJson(`${SALON}/appointments`, await salonBooking(upstream, client.id)));
    assert.equal(response.status, 200);
    const appointment = await response.json();
    assert.deepEqual(appointment.client, { id: client.id, firstName: 'Ada', lastName: 'Lovelace' });
    const stored = (await appointmentsOf(upstream)).find((item) => item.client.id !== client.id && item.id === appointment.id);
    assert.ok(stored, 'the service booked the real client id, not the token');
  });

  it('removes any other client the service’s answer names', async () => {
    const other = { id: '5001', firstName: 'Ava', lastName: 'Thompson', emailAddresses: [{ email: 'ava@example.com' }] };
    const { proxy } = testProxy(
      {},
      bookingUpstream(() => json({ id: 'apt-1', status: 'accepted', client: other }, 201)),
    );
    const id = await issuedClientId(proxy);
    const response = await proxy(postJson(`${COMPANY_PATH}/appointments`, { ...AN_APPOINTMENT, client: { id } }));
    const text = await response.text();
    assert.doesNotMatch(text, /Ava|Thompson|ava@|5001/);
    assert.deepEqual(JSON.parse(text).client, { id });
  });

  it('accepts the token for an hour, then asks for the client again', async () => {
    let now = Date.parse(SANDBOX_NOW);
    const { proxy, upstream } = testProxy({ now: () => now }, bookingUpstream());
    const id = await issuedClientId(proxy);
    now += 59 * 60_000;
    assert.equal((await proxy(postJson(`${COMPANY_PATH}/appointments`, { ...AN_APPOINTMENT, client: { id } }))).status, 201);
    now += 2 * 60_000;
    const late = await expectError(
      await proxy(postJson(`${COMPANY_PATH}/appointments`, { ...AN_APPOINTMENT, client: { id } })),
      403,
      'FORBIDDEN',
    );
    assert.equal(late.field, 'client.id');
    assert.equal(writes(upstream).length, 2, 'the client and the first appointment');
  });

  it('accepts tokens between instances that share the signing key, and not otherwise', async () => {
    const upstream = bookingUpstream();
    const first = testProxy({ signingKeys: [KEY] }, upstream);
    const second = testProxy({ signingKeys: [KEY] }, upstream);
    const stranger = testProxy({}, upstream);
    const id = await issuedClientId(first.proxy);
    const booking = { ...AN_APPOINTMENT, client: { id } };
    assert.equal((await second.proxy(postJson(`${COMPANY_PATH}/appointments`, booking))).status, 201);
    assert.equal((await stranger.proxy(postJson(`${COMPANY_PATH}/appointments`, booking))).status, 403);
  });

  it('passes a failed client creation as the service said it', async () => {
    const { proxy } = throughSandbox();
    const response = await proxy(postJson('/api/2.0/clients', { firstName: 'Ada' }));
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error.field, 'lastName');
  });
});
