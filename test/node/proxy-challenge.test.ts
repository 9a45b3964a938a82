/**
 * Issue 29 point 7: with the booking challenge on (docs/proxy.md, "Bots: the booking
 * challenge"), a POST without a solved challenge, with a wrong, expired or spent one, is
 * refused with nothing sent to the service; a solved one books once, on every instance
 * sharing the state.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { solveChallenge } from 'altcha-lib/v1';
import type { BookingProxyOptions } from '../../packages/proxy/src/index.js';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  json,
  ORIGIN,
  postJson,
  request,
  SANDBOX_NOW,
  testProxy,
  writes,
  type FakeUpstream,
} from './proxy-harness.js';

type Proxy = (request: Request) => Promise<Response>;

const KEY = 'a-signing-key-shared-by-instances-'.repeat(2);
/** Small, so the tests solve quickly; the default is the merchant's. */
const CHALLENGE = { maxNumber: 2_000, expiresSeconds: 600 };
const APPOINTMENTS = `${COMPANY_PATH}/appointments`;

function challenged(options: Partial<BookingProxyOptions> = {}, upstream: FakeUpstream = bookingUpstream()) {
  const clock = { now: Date.parse(SANDBOX_NOW) };
  return { ...testProxy({ challenge: CHALLENGE, signingKeys: [KEY], now: () => clock.now, ...options }, upstream), clock };
}

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

async function challengeOf(proxy: Proxy): Promise<Challenge> {
  const response = await proxy(request('GET', '/proxy/challenge', { headers: { Origin: ORIGIN } }));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('Cache-Control'), 'no-store');
  return (await response.json()) as Challenge;
}

/** What the widget sends: the challenge with the number that solves it, as ALTCHA's base64 payload. */
async function solved(proxy: Proxy, number?: number): Promise<string> {
  const { algorithm, challenge, salt, signature, maxnumber } = await challengeOf(proxy);
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  assert.ok(solution, 'the challenge has a solution within its maximum');
  return btoa(JSON.stringify({ algorithm, challenge, number: number ?? solution.number, salt, signature }));
}

const createClient = (proxy: Proxy, payload?: string, key = crypto.randomUUID()) =>
  proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN, 'Idempotency-Key': key, ...(payload && { Altcha: payload }) }));

async function clientToken(proxy: Proxy, payload: string): Promise<string> {
  const response = await createClient(proxy, payload);
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

const book = (proxy: Proxy, clientId: string, key = crypto.randomUUID(), headers: Record<string, string> = {}) =>
  proxy(postJson(APPOINTMENTS, { ...AN_APPOINTMENT, client: { id: clientId } }, { Origin: ORIGIN, 'Idempotency-Key': key, ...headers }));

const refusedForChallenge = async (response: Response) => {
  const error = await expectError(response, 403, 'FORBIDDEN');
  assert.equal(error.field, 'altcha');
};

describe('the booking challenge', () => {
  it('is off by default: its route has nothing to solve (204), and a booking needs no solution', async () => {
    const { proxy, upstream } = testProxy({}, bookingUpstream());
    const answer = await proxy(request('GET', '/proxy/challenge', { headers: { Origin: ORIGIN } }));
    assert.equal(answer.status, 204);
    assert.equal(await answer.text(), '');
    assert.equal((await createClient(proxy)).status, 201);
    assert.equal(writes(upstream).length, 1);
  });

  it('refuses a client POST without a solution, with a wrong one, or a forged one, and sends nothing upstream', async () => {
    const { proxy, upstream, logs } = challenged();
    await refusedForChallenge(await createClient(proxy));
    assert.equal(logs.at(-1)?.reason, 'challenge-missing');
    const payload = await solved(proxy);
    const { number, ...rest } = JSON.parse(atob(payload)) as { number: number };
    const wrong = btoa(JSON.stringify({ ...rest, number: number + 1 }));
    await refusedForChallenge(await createClient(proxy, wrong));
    assert.equal(logs.at(-1)?.reason, 'challenge-invalid');
    // A challenge signed with another key: another proxy's, or one made up.
    const other = challenged({ signingKeys: ['another-signing-key-of-another-proxy-0123456789'] });
    await refusedForChallenge(await createClient(proxy, await solved(other.proxy)));
    await refusedForChallenge(await createClient(proxy, 'not base64 at all'));
    assert.equal(writes(upstream).length, 0);
  });

  it('books with one solution, and refuses it spent again with nothing sent upstream', async () => {
    const { proxy, upstream, logs } = challenged();
    const payload = await solved(proxy);
    const clientId = await clientToken(proxy, payload);
    const booked = await book(proxy, clientId);
    assert.equal(booked.status, 201, await booked.clone().text());
    const sent = writes(upstream).length;
    assert.equal(sent, 2);

    await refusedForChallenge(await createClient(proxy, payload));
    assert.equal(logs.at(-1)?.reason, 'challenge-replayed');
    // The same client's token for a second appointment: its solution is spent.
    await refusedForChallenge(await book(proxy, clientId));
    assert.equal(writes(upstream).length, sent);
    // A fresh solution of its own lets that client book again.
    assert.equal((await book(proxy, clientId, crypto.randomUUID(), { Altcha: await solved(proxy) })).status, 201);
  });

  it('answers a retried booking (same key) as before, instead of refusing its spent solution', async () => {
    const { proxy, upstream } = challenged();
    const clientId = await clientToken(proxy, await solved(proxy));
    const key = crypto.randomUUID();
    const first = await book(proxy, clientId, key);
    const again = await book(proxy, clientId, key);
    assert.deepEqual([first.status, again.status], [201, 201]);
    assert.deepEqual(await again.json(), await first.json());
    assert.equal(writes(upstream).filter((call) => call.url.pathname.endsWith('/appointments')).length, 1);
  });

  it('gives the claim back when the service refuses the booking: the visitor picks another time without solving again', async () => {
    let taken = true;
    const upstream = bookingUpstream(() =>
      taken
        ? json({ error: { code: 409, errorCode: 'DATE_NOT_AVAILABLE', message: 'Taken.', field: 'start.dateTime' } }, 409)
        : json({ id: 'apt-1', status: 'accepted' }, 201),
    );
    const { proxy } = challenged({}, upstream);
    const clientId = await clientToken(proxy, await solved(proxy));
    assert.equal((await book(proxy, clientId)).status, 409);
    taken = false;
    assert.equal((await book(proxy, clientId)).status, 201);
  });

  it('keeps a claim a booking used when the same key is refused for another company (audit 8, #2)', async () => {
    const upstream = bookingUpstream((call) =>
      call.url.pathname.includes('/c-123/')
        ? json({ error: { code: 409, errorCode: 'DATE_NOT_AVAILABLE', message: 'Taken.', field: 'start.dateTime' } }, 409)
        : json({ id: 'apt-1', status: 'accepted' }, 201),
    );
    const { proxy } = challenged({}, upstream);
    const clientId = await clientToken(proxy, await solved(proxy));
    const key = crypto.randomUUID();
    assert.equal((await book(proxy, clientId, key)).status, 201);
    const elsewhere = () =>
      proxy(
        postJson(
          APPOINTMENTS.replace('/demo-salon/', '/c-123/'),
          { ...AN_APPOINTMENT, client: { id: clientId } },
          {
            Origin: ORIGIN,
            'Idempotency-Key': key,
          },
        ),
      );
    // Another company's booking is another booking: the key does not make it this one's claim...
    await refusedForChallenge(await elsewhere());
    // ...so nothing gave the claim back, and the client's next booking needs a solution of its own.
    await refusedForChallenge(await book(proxy, clientId));
  });

  it('refuses an expired solution', async () => {
    const { proxy, upstream, clock, logs } = challenged();
    const payload = await solved(proxy);
    clock.now += CHALLENGE.expiresSeconds * 1000 + 1000;
    await refusedForChallenge(await createClient(proxy, payload));
    assert.equal(logs.at(-1)?.reason, 'challenge-invalid');
    assert.equal(writes(upstream).length, 0);
  });

  it('refuses on one instance a solution spent on another that shares its state', async () => {
    const upstream = bookingUpstream();
    const state = new MemoryState({ now: () => Date.parse(SANDBOX_NOW) });
    const first = challenged({ state }, upstream);
    const second = challenged({ state }, upstream);
    const payload = await solved(first.proxy);
    const clientId = await clientToken(second.proxy, payload);
    await refusedForChallenge(await createClient(first.proxy, payload));
    assert.equal((await book(first.proxy, clientId)).status, 201);
    await refusedForChallenge(await book(second.proxy, clientId));
    assert.equal(writes(upstream).length, 2);
  });

  it('lets the header through CORS', async () => {
    const { proxy } = challenged();
    const preflight = await proxy(
      request('OPTIONS', '/api/2.0/clients', {
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'altcha' },
      }),
    );
    assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /\bAltcha\b/);
  });
});
