/**
 * The widget's hold request (src/api/holds.ts) has a time limit: Book waits for the
 * hold's first answer, so a proxy that never answers a hold must not keep the visitor
 * on "Booking…" (issue 27, point 9: a busy run's booking that never confirmed). A hold
 * granted after the limit is given back: it would refuse the visitor's own booking.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdTime, type HoldRequest } from '../../src/api/holds.js';

/** A fetch that answers only when aborted (as a hung connection does), or after `afterMs` with a hold; a release is noted in `released`. */
function proxyFetch(afterMs = Infinity, released: string[] = []): typeof fetch {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      if (String(url).endsWith('/holds/release')) {
        released.push((JSON.parse(String(init?.body)) as { token: string }).token);
        return resolve(new Response(null, { status: 204 }));
      }
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      if (afterMs !== Infinity) {
        setTimeout(() => {
          const body = { token: 'held-1', expiresAt: '2027-05-11T14:05:00Z', seconds: 300 };
          resolve(new Response(JSON.stringify(body), { status: 201, headers: { 'Content-Type': 'application/json' } }));
        }, afterMs);
      }
    });
}

const request = (fetch: typeof globalThis.fetch): HoldRequest => ({
  apiBase: 'https://salon.example/booking-api',
  fetch,
  companyId: 'demo-salon',
  subject: { kind: 'service', serviceId: 'svc-cut' },
  start: new Date('2027-05-11T14:00:00Z'),
  durationMinutes: 30,
  companyTimeZone: 'America/New_York',
});

describe('the hold request', () => {
  it('gives up on a proxy that does not answer within its limit: the booking goes on without a hold', async () => {
    const started = performance.now();
    assert.equal(await holdTime(request(proxyFetch()), undefined, 50), 'none');
    assert.ok(performance.now() - started < 5_000, 'settled at its limit, not at the test runner’s');
  });

  it('takes a hold answered within its limit', async () => {
    const outcome = await holdTime(request(proxyFetch(20)), undefined, 5_000);
    assert.deepEqual(outcome, { token: 'held-1', expiresAt: Date.parse('2027-05-11T14:05:00Z'), seconds: 300 });
  });

  it('gives back a hold the proxy grants after its limit', async () => {
    const released: string[] = [];
    assert.equal(await holdTime(request(proxyFetch(60, released)), undefined, 20), 'none');
    assert.deepEqual(released, [], 'nothing to give back before the answer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(released, ['held-1']);
  });

  it('stops at once when the visitor moves on', async () => {
    const moved = new AbortController();
    const answer = holdTime(request(proxyFetch()), moved.signal, 60_000);
    moved.abort();
    assert.equal(await answer, 'none');
  });
});
