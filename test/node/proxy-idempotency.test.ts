import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import { AN_APPOINTMENT, COMPANY_PATH, expectError, fakeUpstream, json, postJson, testProxy, type RecordedCall } from './proxy-harness.js';

const APPOINTMENTS = `${COMPANY_PATH}/appointments`;
const byHeader = (request: Request) => request.headers.get('X-Test-Address') ?? 'none';
const HOUR_MS = 3_600_000;

/** A service that books everything it is sent, numbering the appointments, and never looks at keys. */
function bookingService() {
  let booked = 0;
  return fakeUpstream((call: RecordedCall) =>
    call.method === 'POST' && call.url.pathname.endsWith('/appointments') ? json({ id: `apt-${++booked}`, status: 'accepted' }, 201) : json({ ok: true }),
  );
}

/** A proxy on a memory state whose clock the test moves. */
function clockedProxy(upstream = bookingService()) {
  let now = Date.parse('2026-03-04T15:00:00Z');
  const { proxy, logs } = testProxy({ clientAddress: byHeader, limits: { postRateLimit: false }, state: new MemoryState({ now: () => now }) }, upstream);
  return { proxy, logs, upstream, advance: (ms: number) => (now += ms) };
}

const book = (body: unknown, headers: Record<string, string>) => postJson(APPOINTMENTS, body, { 'X-Test-Address': '203.0.113.5', ...headers });
const answer = async (response: Response) => ({ status: response.status, type: response.headers.get('Content-Type'), body: await response.text() });

describe('proxy idempotency of bookings', () => {
  it('replays the first answer to a retry with the same key, without asking the service again', async (t) => {
    t.diagnostic('back end: memory');
    const { proxy, upstream } = clockedProxy();
    const first = await answer(await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'key-1' })));
    assert.deepEqual(first, { status: 201, type: 'application/json', body: '{"id":"apt-1","status":"accepted"}' });
    assert.deepEqual(await answer(await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'key-1' }))), first);
    assert.equal(upstream.calls.length, 1);
    assert.equal(upstream.calls[0]!.headers.get('Idempotency-Key'), 'key-1', 'the key still reaches the service');
  });

  it('lets 20 concurrent duplicates wait for the first: one booking, 20 identical answers', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const service = bookingService();
    const slow = async (input: string, init: RequestInit) => {
      await released;
      return service.fetch(input, init);
    };
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: slow }, service);
    const pending = Array.from({ length: 20 }, () => proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'race' })));
    release();
    const answers = await Promise.all((await Promise.all(pending)).map(answer));
    for (const each of answers) assert.deepEqual(each, answers[0]);
    assert.equal(answers[0]!.status, 201);
    assert.equal(service.calls.length, 1);
  });

  it('refuses the same key with another body, 409 IDEMPOTENCY_CONFLICT, in flight and after', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const service = bookingService();
    const { proxy, logs } = testProxy({ limits: { postRateLimit: false }, fetch: async (input, init) => (await released, service.fetch(input, init)) }, service);
    const first = proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'k' }));
    const other = { ...AN_APPOINTMENT, notes: 'Another time' };
    const error = await expectError(await proxy(book(other, { 'Idempotency-Key': 'k' })), 409, 'IDEMPOTENCY_CONFLICT');
    assert.equal(error.field, 'Idempotency-Key');
    release();
    assert.equal((await first).status, 201);
    await expectError(await proxy(book(other, { 'Idempotency-Key': 'k' })), 409, 'IDEMPOTENCY_CONFLICT');
    assert.equal(logs.at(-1)!.reason, 'idempotency-conflict');
    assert.equal(service.calls.length, 1);
  });

  it('keeps an answer 24 hours', async () => {
    const { proxy, upstream, advance } = clockedProxy();
    await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'day' }));
    advance(24 * HOUR_MS - 1000);
    assert.equal((await (await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'day' }))).json()).id, 'apt-1');
    advance(2000);
    assert.equal((await (await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'day' }))).json()).id, 'apt-2', 'a day later the key is new again');
    assert.equal(upstream.calls.length, 2);
  });

  it('books a double submit without a key once, from one address and within seconds', async () => {
    const { proxy, upstream, advance } = clockedProxy();
    const ids = async (address: string) => (await (await proxy(book(AN_APPOINTMENT, { 'X-Test-Address': address }))).json()).id;
    assert.deepEqual(await Promise.all([ids('203.0.113.5'), ids('203.0.113.5')]), ['apt-1', 'apt-1']);
    assert.equal(await ids('203.0.113.5'), 'apt-1', 'a resubmit a moment later');
    assert.equal(await ids('198.51.100.9'), 'apt-2', 'another visitor with the same body');
    advance(11_000);
    assert.equal(await ids('203.0.113.5'), 'apt-3', 'the same body sent again later is a new booking');
    assert.equal(upstream.calls.length, 3);
    assert.ok(upstream.calls.every((call) => !call.headers.has('Idempotency-Key')), 'the made-up key (it hashes the address) stays in the proxy');
  });

  it('lets a failed booking be retried with its key', async () => {
    let failures = 1;
    const service = bookingService();
    const flaky = async (input: string, init: RequestInit) =>
      failures-- > 0 ? json({ error: { code: 503, errorCode: 'UNAVAILABLE', message: 'busy' } }, 503) : service.fetch(input, init);
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: flaky }, service);
    assert.equal((await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'retry' }))).status, 503);
    assert.equal((await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'retry' }))).status, 201);
    const timeouts = testProxy({ limits: { postRateLimit: false, upstreamTimeoutMs: 20 }, fetch: () => new Promise<Response>(() => {}) });
    assert.equal((await timeouts.proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'slow' }))).status, 504);
    assert.equal((await timeouts.proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'slow' }))).status, 504, 'not refused as "still in flight"');
  });

  it('replays a refusal briefly, then lets the key try again', async () => {
    let taken = true;
    const service = bookingService();
    const upstream = async (input: string, init: RequestInit) =>
      taken ? json({ error: { code: 409, errorCode: 'DATE_NOT_AVAILABLE', message: 'taken' } }, 409) : service.fetch(input, init);
    let now = 0;
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: upstream, state: new MemoryState({ now: () => now }) }, service);
    await expectError(await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'k' })), 409, 'DATE_NOT_AVAILABLE');
    taken = false;
    await expectError(await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'k' })), 409, 'DATE_NOT_AVAILABLE');
    now += 11_000;
    assert.equal((await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'k' }))).status, 201);
  });

  it('scopes a key to its path, and leaves other POSTs alone', async () => {
    const { proxy, upstream } = clockedProxy();
    await proxy(book(AN_APPOINTMENT, { 'Idempotency-Key': 'k' }));
    const otherCompany = await proxy(postJson('/api/2.1/scheduling/companies/c-123/appointments', AN_APPOINTMENT, { 'Idempotency-Key': 'k' }));
    assert.equal((await otherCompany.json()).id, 'apt-2');
    const client = { firstName: 'Ada', lastName: 'Lovelace' };
    await proxy(postJson('/api/2.0/clients', client));
    await proxy(postJson('/api/2.0/clients', client));
    assert.equal(upstream.calls.length, 4, 'clients are the service’s to deduplicate');
  });
});
