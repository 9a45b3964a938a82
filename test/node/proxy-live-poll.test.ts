/**
 * The live channel's poll fallback (docs/proxy.md, "Live times"): where a page's stream is cut,
 * it polls `GET …/proxy/companies/{company}/changes`. The answer's version and `ETag` stay the
 * same (304 to a page that has it) until a change is published for the company, on any instance
 * sharing the state.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryState } from '../../packages/proxy/src/index.js';
import { type LiveBus, MemoryLiveBus } from '../../packages/proxy/src/live/live-bus.js';
import { ORIGIN, postJson, request, SANDBOX_COMPANIES, SANDBOX_NOW, SANDBOX_PARTNER, sandboxUpstream, testProxy } from './proxy-harness.js';

type Proxy = (request: Request) => Promise<Response>;
const CHANGES = '/proxy/companies/demo-salon/changes';

/** Two instances in front of one sandbox, sharing one state and one bus, as a fleet shares Redis. */
function fleet(live: LiveBus = new MemoryLiveBus(), now = () => Date.parse(SANDBOX_NOW)) {
  const upstream = sandboxUpstream();
  const state = new MemoryState({ now });
  const instance = () =>
    testProxy({ upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER, companies: SANDBOX_COMPANIES, now, state, live }, upstream)
      .proxy;
  return [instance(), instance()] as const;
}

async function poll(proxy: Proxy, etag?: string) {
  const response = await proxy(request('GET', CHANGES, { headers: { Origin: ORIGIN, ...(etag && { 'If-None-Match': etag }) } }));
  return {
    status: response.status,
    etag: response.headers.get('ETag'),
    body: response.status === 200 ? await response.json() : undefined,
    response,
  };
}

async function holdFirstFree(proxy: Proxy): Promise<Response> {
  const query = new URLSearchParams({ startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002', staffId: '3001' });
  const answer = (await (await proxy(request('GET', `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`))).json()) as {
    items: { slots: string[] }[];
  };
  const start = answer.items[0]!.slots[0]!;
  const end = new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);
  return proxy(
    postJson(
      '/proxy/companies/demo-salon/holds',
      {
        service: { id: '2002' },
        staff: { id: '3001' },
        start: { dateTime: start, timeZone: 'US/Eastern' },
        end: { dateTime: end, timeZone: 'US/Eastern' },
      },
      { Origin: ORIGIN },
    ),
  );
}

describe('the live channel’s poll fallback', () => {
  it('answers 200 with a version and its ETag, 304 while unchanged, and 200 with another after a hold on another instance', async () => {
    const [first, second] = fleet();
    const before = await poll(second);
    assert.equal(before.status, 200);
    assert.ok(before.etag, 'an ETag');
    assert.equal(before.etag, `"${(before.body as { version: string }).version}"`);
    assert.equal(before.response.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    assert.match(before.response.headers.get('Cache-Control') ?? '', /no-cache/);

    const unchanged = await poll(second, before.etag!);
    assert.equal(unchanged.status, 304, 'nothing changed: nothing to read');
    assert.equal(unchanged.etag, before.etag);

    assert.equal((await holdFirstFree(first)).status, 201);
    const after = await poll(second, before.etag!);
    assert.equal(after.status, 200, 'a time was held: the page reads again');
    assert.notEqual(after.etag, before.etag);
    assert.equal((await poll(first, after.etag!)).status, 304, 'every instance answers the same version');
  });

  it('changes the version when a hold told for later lapses, as on Workers, where a Durable Object’s alarm tells the streams', async () => {
    let clock = Date.parse(SANDBOX_NOW);
    const told: number[] = [];
    // A bus that tells later itself (the Durable Object's alarm): the instance keeps no timer.
    const bus = new MemoryLiveBus();
    const later: LiveBus = {
      publish: (companyId, message) => bus.publish(companyId, message),
      subscribe: (companyId, listener) => bus.subscribe(companyId, listener),
      publishLater: async (_companyId, _message, delayMs) => void told.push(delayMs),
    };
    const [first, second] = fleet(later, () => clock);
    assert.equal((await holdFirstFree(first)).status, 201);
    assert.equal(told.length, 1, 'the lapse told for later');
    const held = await poll(second);
    assert.equal(held.status, 200);
    clock += told[0]! - 1000;
    assert.equal((await poll(second, held.etag!)).status, 304, 'not yet due: unchanged');
    clock += 2000;
    const lapsed = await poll(second, held.etag!);
    assert.equal(lapsed.status, 200, 'the hold lapsed: the page reads again');
    assert.notEqual(lapsed.etag, held.etag);
    assert.equal((await poll(first, lapsed.etag!)).status, 304, 'every instance answers the same version, and it stays');
  });
});
