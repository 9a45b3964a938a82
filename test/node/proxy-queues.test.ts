/**
 * A walk-in line through the proxy (service contract §16): a visitor lists a served
 * company's queues, joins one with a client the proxy created, and reads or leaves that
 * one registration with the queue token its join answered. The line itself, the staff's
 * call and every other registration stay out of reach, and each refusal costs the service
 * nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryState, type BookingProxyOptions, type ProxyState } from '../../packages/proxy/src/index.js';
import { QUEUE_JOIN_LIMITS } from '../../packages/proxy/src/rules/queue-guard.js';
import { createTokenSigner } from '../../packages/proxy/src/tokens/signing.js';
import {
  A_CLIENT,
  expectError,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
} from './proxy-harness.js';

const KEY = 'q'.repeat(32) + '-current-signing-key';
const SALON_QUEUE = '7001';
const CLINIC_QUEUE = '7003';
const CUT = [{ id: 'walk-in-service', title: 'What would you like?', value: 'cut' }];
type Proxy = (request: Request) => Promise<Response>;

/** A proxy in front of the sandbox with walk-in lines on; `address` is who the next request comes from. */
function queueProxy(options: Partial<BookingProxyOptions> = {}) {
  const upstream = sandboxUpstream();
  let nowMs = Date.parse(SANDBOX_NOW);
  let address = '203.0.113.1';
  const keys: string[] = [];
  const state = new MemoryState();
  // Every key the proxy writes to its state, to show no phone number is kept in clear.
  const recordingState: ProxyState = {
    hit: (key, max, windowSeconds) => (keys.push(key), state.hit(key, max, windowSeconds)),
    get: (key) => state.get(key),
    set: (key, value, ttlMs) => (keys.push(key, value), state.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => (keys.push(key, value), state.setIfAbsent(key, value, ttlMs)),
    delete: (key, ifValue) => state.delete(key, ifValue),
  };
  const made = testProxy(
    {
      upstream: 'http://sandbox.test',
      credentials: SANDBOX_PARTNER,
      companies: SANDBOX_COMPANIES,
      signingKeys: [KEY],
      walkInQueues: true,
      now: () => nowMs,
      clientAddress: () => address,
      state: recordingState,
      limits: { postRateLimit: false },
      ...options,
    },
    upstream,
  );
  return {
    ...made,
    keys,
    setNow: (iso: string) => void (nowMs = Date.parse(iso)),
    from: (next: string) => void (address = next),
  };
}

/** What the sandbox itself says of a registration: the staff's view. */
async function staffRead(upstream: ReturnType<typeof sandboxUpstream>, id: string) {
  return (await upstream.sandbox(new Request(`http://sandbox.test/api/2.0/registrations/${id}`, { headers: SANDBOX_PARTNER }))).json();
}

async function staffCallsNext(upstream: ReturnType<typeof sandboxUpstream>) {
  const response = await upstream.sandbox(
    new Request(`http://sandbox.test/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, { method: 'PUT', headers: SANDBOX_PARTNER }),
  );
  assert.equal(response.status, 200, await response.clone().text());
}

/** Creates a client through the proxy, as the widget does, and joins the salon's line with it. */
async function join(proxy: Proxy, body: Record<string, unknown> = {}, phone = A_CLIENT.phoneNumbers[0]!.number) {
  const client = await proxy(
    postJson('/api/2.0/clients', { ...A_CLIENT, phoneNumbers: [{ number: phone, primary: true, mobile: true }] }, { Origin: ORIGIN }),
  );
  assert.equal(client.status, 200, await client.clone().text());
  const { id } = await client.json();
  return proxy(postJson('/api/2.0/registrations', { queue: { id: SALON_QUEUE }, client: { id }, form: CUT, ...body }, { Origin: ORIGIN }));
}

async function joined(proxy: Proxy, body: Record<string, unknown> = {}, phone?: string) {
  const response = await join(proxy, body, phone);
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as { id: string; rank: number; numberOfPeopleAhead: number; status: string; queueToken: string };
}

const withToken = (token: string) => ({ headers: { 'Queue-Token': token, Origin: ORIGIN } });
const place = (proxy: Proxy, id: string, token: string) => proxy(request('GET', `/api/2.0/registrations/${id}`, withToken(token)));

describe('proxy: walk-in lines (service contract §16)', () => {
  it("lists a served company's queues without who set them up, each with its form's questions", async () => {
    const { proxy } = queueProxy();
    const response = await proxy(request('GET', '/api/2.0/queues?companyId=demo-salon', { headers: { Origin: ORIGIN } }));
    assert.equal(response.status, 200);
    const { items } = await response.json();
    assert.deepEqual(
      items.map((queue: { id: string; name: string; status: string }) => [queue.id, queue.name, queue.status]),
      [[SALON_QUEUE, 'Walk-in cuts', 'open']],
    );
    assert.equal(items[0].author, undefined);
    assert.deepEqual(
      items[0].form.additionalFields.flat().map((item: { id: string; mandatory: boolean }) => [item.id, item.mandatory]),
      [['walk-in-service', true]],
    );
    assert.equal(items[0].form.objects, undefined);
    assert.doesNotMatch(JSON.stringify(items), /maplestreet\.example\.com/);
  });

  it('two visitors join: ranks 1 and 2, the second has 1 ahead; each gets a token and sees neither client nor answers', async () => {
    const { proxy, upstream } = queueProxy();
    const first = await joined(proxy);
    const second = await joined(proxy, {}, '+33 6 99 88 77 66');
    assert.deepEqual([first.rank, first.numberOfPeopleAhead, first.status], [1, 0, 'registered']);
    assert.deepEqual([second.rank, second.numberOfPeopleAhead], [2, 1]);
    assert.equal(typeof second.queueToken, 'string');
    assert.equal((second as { form?: unknown }).form, undefined);
    const stored = await staffRead(upstream, second.id);
    assert.deepEqual(stored.form, CUT, 'the answers reached the service');
    // The second reads their place after staff call the first: first in line, no one ahead.
    await staffCallsNext(upstream);
    const now = await place(proxy, second.id, second.queueToken);
    assert.equal(now.status, 200);
    const view = await now.json();
    assert.deepEqual([view.status, view.rank, view.numberOfPeopleAhead], ['registered', 1, 0]);
    assert.equal(view.client, undefined);
    const called = await (await place(proxy, first.id, first.queueToken)).json();
    assert.equal(called.status, 'ingoing');
    const read = upstream.calls.at(-1)!;
    assert.equal(read.headers.get('Queue-Token'), null, 'the token stays at the proxy');
  });

  it('leaving with the token deletes the registration at the service', async () => {
    const { proxy, upstream } = queueProxy();
    const mine = await joined(proxy);
    const left = await proxy(request('DELETE', `/api/2.0/registrations/${mine.id}`, withToken(mine.queueToken)));
    assert.equal(left.status, 204);
    assert.equal((await staffRead(upstream, mine.id)).status, 'deleted');
  });

  it("the whole line, the call of the next person, another visitor's place, a forged or expired token: 403, nothing upstream", async () => {
    const { proxy, upstream, setNow } = queueProxy();
    const mine = await joined(proxy);
    const theirs = await joined(proxy, {}, '+44 7700 900123');
    const forged = await createTokenSigner(['f'.repeat(32) + '-someone-elses-key']).sign({
      kind: 'queue',
      exp: Date.parse(SANDBOX_NOW) + 3_600_000,
      co: 'demo-salon',
      id: theirs.id,
    });
    const before = upstream.calls.length;
    const refusals: [string, Request][] = [
      ['the line', request('GET', `/api/2.0/registrations?queueId=${SALON_QUEUE}`, withToken(mine.queueToken))],
      ['next', request('PUT', `/api/2.0/registrations/next?queueId=${SALON_QUEUE}`, withToken(mine.queueToken))],
      ['a queue changed', request('PUT', `/api/2.0/queues/${SALON_QUEUE}`, { body: '{"status":"closed"}', ...withToken(mine.queueToken) })],
      ["another's place", request('GET', `/api/2.0/registrations/${theirs.id}`, withToken(mine.queueToken))],
      ['leaving for another', request('DELETE', `/api/2.0/registrations/${theirs.id}`, withToken(mine.queueToken))],
      ['a forged token', request('GET', `/api/2.0/registrations/${theirs.id}`, withToken(forged))],
      ['no token', request('GET', `/api/2.0/registrations/${mine.id}`, { headers: { Origin: ORIGIN } })],
    ];
    for (const [what, refused] of refusals) assert.equal((await proxy(refused)).status, 403, what);
    setNow('2026-03-05T16:00:00Z');
    await expectError(await place(proxy, mine.id, mine.queueToken), 403, 'FORBIDDEN');
    assert.equal(upstream.calls.length, before, 'no refusal reached the service');
    assert.equal((await staffRead(upstream, theirs.id)).status, 'registered');
  });

  it('joining checks the party size (1–10) and needs a client of this proxy with a phone number, before any upstream call', async () => {
    const { proxy, upstream } = queueProxy();
    const client = await (await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }))).json();
    const noPhone = await (await proxy(postJson('/api/2.0/clients', { ...A_CLIENT, phoneNumbers: [] }, { Origin: ORIGIN }))).json();
    const before = upstream.calls.length;
    const body = (extra: Record<string, unknown>) =>
      postJson(
        '/api/2.0/registrations',
        { queue: { id: SALON_QUEUE }, client: { id: client.id }, form: CUT, ...extra },
        { Origin: ORIGIN },
      );
    await expectError(await proxy(body({ partySize: 11 })), 400, 'INVALID_PARAMETER');
    await expectError(await proxy(body({ partySize: 0 })), 400, 'INVALID_PARAMETER');
    await expectError(await proxy(body({ client: { id: '42' } })), 403, 'FORBIDDEN');
    await expectError(await proxy(body({ client: { id: noPhone.id } })), 400, 'INVALID_PARAMETER');
    assert.equal(upstream.calls.length, before);
  });

  it('a closed queue answers QUEUE_CLOSED; a line of a company not served is refused', async () => {
    const { proxy } = queueProxy({ companies: ['demo-salon', 'demo-clinic'] });
    const { id } = await (await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }))).json();
    // Wednesday 04:00 in Auckland: the clinic's walk-in hours have not begun.
    const closed = await proxy(postJson('/api/2.0/registrations', { queue: { id: CLINIC_QUEUE }, client: { id } }, { Origin: ORIGIN }));
    await expectError(closed, 409, 'QUEUE_CLOSED');
    const salonOnly = queueProxy({ companies: ['demo-clinic'] });
    await expectError(await join(salonOnly.proxy), 403, 'FORBIDDEN');
  });

  it(`joins are limited per address (${QUEUE_JOIN_LIMITS.address.max}) and per phone number, which the state never holds in clear`, async () => {
    const { proxy, upstream, keys, from } = queueProxy();
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1)
      statuses.push((await join(proxy, {}, `+1 617 555 01${String(index).padStart(2, '0')}`)).status);
    assert.deepEqual(statuses.slice(0, QUEUE_JOIN_LIMITS.address.max), Array(QUEUE_JOIN_LIMITS.address.max).fill(200));
    assert.ok(
      statuses.slice(QUEUE_JOIN_LIMITS.address.max).every((status) => status === 429),
      statuses.join(),
    );
    const line = await upstream.sandbox(
      new Request(`http://sandbox.test/api/2.0/registrations?queueId=${SALON_QUEUE}`, { headers: SANDBOX_PARTNER }),
    );
    assert.equal((await line.json()).items.length, QUEUE_JOIN_LIMITS.address.max);
    // One phone number, from many addresses.
    const phone = '+33 7 11 22 33 44';
    const fromEverywhere: number[] = [];
    for (let index = 0; index < QUEUE_JOIN_LIMITS.phone.max + 1; index += 1) {
      from(`198.51.100.${index}`);
      fromEverywhere.push((await join(proxy, {}, phone)).status);
    }
    assert.deepEqual(fromEverywhere, [...Array(QUEUE_JOIN_LIMITS.phone.max).fill(200), 429]);
    assert.doesNotMatch(keys.join('\n'), /33711223344|\+33 7 11|617 ?555/);
  });

  it('the join limit counts an IPv6 /64 as one address; another /64 is not held back', async () => {
    const { proxy, from } = queueProxy();
    const max = QUEUE_JOIN_LIMITS.address.max;
    const statuses: number[] = [];
    // One subscriber, a fresh address of its /64 (and a fresh phone) each time.
    for (let index = 1; index <= max + 1; index += 1) {
      from(`2001:db8:1:2::${index.toString(16)}`);
      statuses.push((await join(proxy, {}, `+1 617 555 02${String(index).padStart(2, '0')}`)).status);
    }
    assert.deepEqual(statuses, [...Array(max).fill(200), 429]);
    from('2001:db8:1:3::1');
    assert.equal((await join(proxy, {}, '+1 617 555 0299')).status, 200, 'another /64');
  });

  it('off by default: the list is empty (a widget asking hears "none", not an error), every other queue route is refused', async () => {
    const { proxy, upstream } = queueProxy({ walkInQueues: false });
    const before = upstream.calls.length;
    const list = await proxy(request('GET', '/api/2.0/queues?companyId=demo-salon'));
    assert.equal(list.status, 200);
    assert.deepEqual(await list.json(), { items: [] });
    await expectError(await proxy(postJson('/api/2.0/registrations', { queue: { id: '7001' } }, { Origin: ORIGIN })), 403, 'FORBIDDEN');
    await expectError(await proxy(request('GET', '/api/2.0/registrations/r-1')), 403, 'FORBIDDEN');
    await expectError(await proxy(request('DELETE', '/api/2.0/registrations/r-1')), 403, 'FORBIDDEN');
    assert.equal(upstream.calls.length, before);
  });
});
