import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import {
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  issuedClientId,
  json,
  postJson,
  testProxy,
  type FakeUpstream,
  type RecordedCall,
} from './proxy-harness.js';

const APPOINTMENTS = `${COMPANY_PATH}/appointments`;
const byHeader = (request: Request) => request.headers.get('X-Test-Address') ?? 'none';
const HOUR_MS = 3_600_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
type Proxy = (request: Request) => Promise<Response>;

const isBooking = (method: string | undefined, url: URL) => method === 'POST' && url.pathname.endsWith('/appointments');
/** The appointment POSTs that reached the service (its catalog reads and client creations left out). */
const bookings = (upstream: FakeUpstream): RecordedCall[] => upstream.calls.filter((call) => isBooking(call.method, call.url));

/**
 * A service that describes a catalog and creates clients (so that the proxy's
 * checks pass), and books every appointment it is sent, numbering them, never
 * looking at keys.
 */
function bookingService() {
  let booked = 0;
  return bookingUpstream(() => json({ id: `apt-${++booked}`, status: 'accepted' }, 201));
}

/** `service.fetch`, with each appointment POST handed to `booking` (to hold, fail or refuse it); the rest goes through. */
const onBookings =
  (service: FakeUpstream, booking: (forward: () => Promise<Response>) => Promise<Response>): Fetch =>
  (input, init) =>
    isBooking(init.method, new URL(input)) ? booking(() => service.fetch(input, init)) : service.fetch(input, init);

/** AN_APPOINTMENT for a client created through `proxy`, as the widget books. */
const visitorsAppointment = async (proxy: Proxy) => ({ ...AN_APPOINTMENT, client: { id: await issuedClientId(proxy) } });

/** A proxy on a memory state whose clock the test moves. */
async function clockedProxy(upstream = bookingService()) {
  let now = Date.parse('2026-03-04T15:00:00Z');
  const { proxy, logs } = testProxy(
    { clientAddress: byHeader, limits: { postRateLimit: false }, state: new MemoryState({ now: () => now }) },
    upstream,
  );
  return { proxy, logs, upstream, appointment: await visitorsAppointment(proxy), advance: (ms: number) => (now += ms) };
}

const book = (body: unknown, headers: Record<string, string>) =>
  postJson(APPOINTMENTS, body, { 'X-Test-Address': '203.0.113.5', ...headers });
const answer = async (response: Response) => ({
  status: response.status,
  type: response.headers.get('Content-Type'),
  body: await response.text(),
});

describe('proxy idempotency of bookings', () => {
  it('replays the first answer to a retry with the same key, without asking the service again', async (t) => {
    t.diagnostic('back end: memory');
    const { proxy, upstream, appointment } = await clockedProxy();
    const first = await answer(await proxy(book(appointment, { 'Idempotency-Key': 'key-1' })));
    assert.deepEqual(first, { status: 201, type: 'application/json', body: '{"id":"apt-1","status":"accepted"}' });
    assert.deepEqual(await answer(await proxy(book(appointment, { 'Idempotency-Key': 'key-1' }))), first);
    assert.equal(bookings(upstream).length, 1);
    assert.equal(bookings(upstream)[0]!.headers.get('Idempotency-Key'), 'key-1', 'the key still reaches the service');
  });

  it('lets 20 concurrent duplicates wait for the first: one booking, 20 identical answers', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const service = bookingService();
    const slow = onBookings(service, async (forward) => (await released, forward()));
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: slow }, service);
    const appointment = await visitorsAppointment(proxy);
    const pending = Array.from({ length: 20 }, () => proxy(book(appointment, { 'Idempotency-Key': 'race' })));
    release();
    const answers = await Promise.all((await Promise.all(pending)).map(answer));
    for (const each of answers) assert.deepEqual(each, answers[0]);
    assert.equal(answers[0]!.status, 201);
    assert.equal(bookings(service).length, 1);
  });

  it('refuses the same key with another body, 409 IDEMPOTENCY_CONFLICT, in flight and after', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const service = bookingService();
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const held = onBookings(service, async (forward) => (arrived(), await released, forward()));
    const { proxy, logs } = testProxy({ limits: { postRateLimit: false }, fetch: held }, service);
    const appointment = await visitorsAppointment(proxy);
    const first = proxy(book(appointment, { 'Idempotency-Key': 'k' }));
    await inFlight;
    const other = { ...appointment, notes: 'Another time' };
    const error = await expectError(await proxy(book(other, { 'Idempotency-Key': 'k' })), 409, 'IDEMPOTENCY_CONFLICT');
    assert.equal(error.field, 'Idempotency-Key');
    release();
    assert.equal((await first).status, 201);
    await expectError(await proxy(book(other, { 'Idempotency-Key': 'k' })), 409, 'IDEMPOTENCY_CONFLICT');
    assert.equal(logs.at(-1)!.reason, 'idempotency-conflict');
    assert.equal(bookings(service).length, 1);
  });

  it('keeps an answer 24 hours', async () => {
    const { proxy, upstream, appointment, advance } = await clockedProxy();
    await proxy(book(appointment, { 'Idempotency-Key': 'day' }));
    advance(24 * HOUR_MS - 1000);
    assert.equal((await (await proxy(book(appointment, { 'Idempotency-Key': 'day' }))).json()).id, 'apt-1');
    advance(2000);
    assert.equal(
      (await (await proxy(book(appointment, { 'Idempotency-Key': 'day' }))).json()).id,
      'apt-2',
      'a day later the key is new again',
    );
    assert.equal(bookings(upstream).length, 2);
  });

  it('books a double submit without a key once, from one address and within seconds', async () => {
    const { proxy, upstream, appointment, advance } = await clockedProxy();
    const ids = async (address: string) => (await (await proxy(book(appointment, { 'X-Test-Address': address }))).json()).id;
    assert.deepEqual(await Promise.all([ids('203.0.113.5'), ids('203.0.113.5')]), ['apt-1', 'apt-1']);
    assert.equal(await ids('203.0.113.5'), 'apt-1', 'a resubmit a moment later');
    assert.equal(await ids('198.51.100.9'), 'apt-2', 'another visitor with the same body');
    advance(11_000);
    assert.equal(await ids('203.0.113.5'), 'apt-3', 'the same body sent again later is a new booking');
    assert.equal(bookings(upstream).length, 3);
    assert.ok(
      bookings(upstream).every((call) => !call.headers.has('Idempotency-Key')),
      'the made-up key (it hashes the address) stays in the proxy',
    );
  });

  it('lets a failed booking be retried with its key', async () => {
    let failures = 1;
    const service = bookingService();
    const flaky = onBookings(service, async (forward) =>
      failures-- > 0 ? json({ error: { code: 503, errorCode: 'UNAVAILABLE', message: 'busy' } }, 503) : forward(),
    );
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: flaky }, service);
    const appointment = await visitorsAppointment(proxy);
    assert.equal((await proxy(book(appointment, { 'Idempotency-Key': 'retry' }))).status, 503);
    assert.equal((await proxy(book(appointment, { 'Idempotency-Key': 'retry' }))).status, 201);
    const silent = bookingService();
    const timeouts = testProxy(
      { limits: { postRateLimit: false, upstreamTimeoutMs: 20 }, fetch: onBookings(silent, () => new Promise<Response>(() => {})) },
      silent,
    );
    const waited = await visitorsAppointment(timeouts.proxy);
    assert.equal((await timeouts.proxy(book(waited, { 'Idempotency-Key': 'slow' }))).status, 504);
    assert.equal((await timeouts.proxy(book(waited, { 'Idempotency-Key': 'slow' }))).status, 504, 'not refused as "still in flight"');
  });

  it('replays a refusal briefly, then lets the key try again', async () => {
    let taken = true;
    const service = bookingService();
    const upstream = onBookings(service, async (forward) =>
      taken ? json({ error: { code: 409, errorCode: 'DATE_NOT_AVAILABLE', message: 'taken' } }, 409) : forward(),
    );
    let now = 0;
    const { proxy } = testProxy({ limits: { postRateLimit: false }, fetch: upstream, state: new MemoryState({ now: () => now }) }, service);
    const appointment = await visitorsAppointment(proxy);
    await expectError(await proxy(book(appointment, { 'Idempotency-Key': 'k' })), 409, 'DATE_NOT_AVAILABLE');
    taken = false;
    await expectError(await proxy(book(appointment, { 'Idempotency-Key': 'k' })), 409, 'DATE_NOT_AVAILABLE');
    now += 11_000;
    assert.equal((await proxy(book(appointment, { 'Idempotency-Key': 'k' }))).status, 201);
  });

  it('answers a key replayed on the other API version as the same booking (audit 8, #7)', async () => {
    const { proxy, upstream, appointment } = await clockedProxy();
    const first = await answer(await proxy(book(appointment, { 'Idempotency-Key': 'k' })));
    const other = APPOINTMENTS.replace('/api/2.1/', '/api/2.0/');
    const again = await answer(await proxy(postJson(other, appointment, { 'X-Test-Address': '203.0.113.5', 'Idempotency-Key': 'k' })));
    assert.deepEqual(again, first);
    assert.equal(bookings(upstream).length, 1, 'one booking, not a second one for the same visitor');
  });

  it('scopes a key to its company, and leaves other POSTs alone', async () => {
    const { proxy, upstream, appointment } = await clockedProxy();
    await proxy(book(appointment, { 'Idempotency-Key': 'k' }));
    const otherCompany = await proxy(postJson('/api/2.1/scheduling/companies/c-123/appointments', appointment, { 'Idempotency-Key': 'k' }));
    assert.equal((await otherCompany.json()).id, 'apt-2');
    assert.equal(bookings(upstream).length, 2);
    const clientPosts = () => upstream.calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/clients')).length;
    const before = clientPosts();
    const client = { firstName: 'Ada', lastName: 'Lovelace' };
    await proxy(postJson('/api/2.0/clients', client));
    await proxy(postJson('/api/2.0/clients', client));
    assert.equal(clientPosts() - before, 2, 'clients are the service’s to deduplicate');
  });
});
