/**
 * Reads spend the merchant's quota (issue 29, point 3): a loop of anonymous
 * free-slot queries from one address, or from one IPv6 /64, is limited, while
 * another visitor's query still answers at once; identical queries share one
 * call; a range longer than the widget asks for is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  A_CLIENT,
  expectError,
  fakeUpstream,
  json,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
} from './proxy-harness.js';

const SLOTS = '/api/2.0/scheduling/companies/demo-salon/widget/freeSlots';
const byHeader = (request: Request) => request.headers.get('X-Test-Address') ?? 'unknown';
const from = (address: string) => ({ headers: { Origin: ORIGIN, 'X-Test-Address': address } });

function sandboxProxy(limits: Record<string, unknown> = {}) {
  return testProxy(
    { upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER, companies: SANDBOX_COMPANIES, clientAddress: byHeader, limits },
    sandboxUpstream(),
  );
}

/** A 62-day query (the longest the widget asks for), different for each `n` so that no answer is shared. */
const longQuery = (n: number) => {
  const start = new Date(Date.UTC(2026, 2, 5 + (n % 200)));
  const end = new Date(start.getTime() + 61 * 86_400_000);
  return `${SLOTS}?startDate=${start.toISOString().slice(0, 10)}&endDate=${end.toISOString().slice(0, 10)}&serviceId=${n % 2 ? '2001' : '2002'}`;
};

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('proxy: reads are budgeted per address', () => {
  it('64 loops of 62-day queries from one address are limited; another address’s 1-day query waits behind at most 8 of them', async () => {
    // A service that works on one request at a time, 30 ms each: what a flood queues up, every visitor waits for.
    let queue = Promise.resolve();
    /** The flood's queries the service has received and not yet answered; and how many of them were ahead of the visitor's. */
    let pending = 0;
    let aheadOfVisitor: number | undefined;
    const service = fakeUpstream((call) => {
      const visitors = call.url.searchParams.get('endDate') === '2026-03-05';
      if (visitors) aheadOfVisitor = pending;
      else pending += 1;
      const turn = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 30)));
      queue = turn;
      return turn.then(() => {
        if (!visitors) pending -= 1;
        return json({ items: [] });
      });
    });
    const { proxy, upstream } = testProxy({ companies: ['demo-salon'], clientAddress: byHeader }, service);
    const statuses: number[] = [];
    let n = 0;
    const loop = async () => {
      for (let i = 0; i < 8; i += 1) statuses.push((await proxy(request('GET', longQuery(n++), from('203.0.113.7')))).status);
    };
    const flood = Promise.all(Array.from({ length: 64 }, loop));
    // The other visitor asks once the flood is under way.
    while (statuses.length < 64) await new Promise((resolve) => setTimeout(resolve, 5));
    const visitor = await proxy(request('GET', `${SLOTS}?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002`, from('198.51.100.20')));
    await flood;
    assert.equal(visitor.status, 200);
    // The flood's address has at most 8 free-slot queries in flight (limits.concurrentReads): the visitor's waits behind
    // those alone, never behind the flood's hundreds (a wait of 8 × 30 ms here, whatever the machine's speed).
    assert.ok(aheadOfVisitor !== undefined && aheadOfVisitor <= 8, `the visitor's query waited behind ${aheadOfVisitor} of the flood's`);
    const forwarded = upstream.apiCalls().filter((call: { url: URL }) => call.url.pathname.endsWith('/freeSlots')).length - 1;
    assert.equal(count(statuses, 200), forwarded);
    assert.ok(forwarded <= 300, `${forwarded} of the flood's ${statuses.length} reads reached the service (budget 300)`);
    assert.ok(count(statuses, 429) >= statuses.length - 300, `429s: ${count(statuses, 429)}`);
  });

  it('the budget holds for a whole IPv6 /64, and for the POST limit too; another /64 is not held back', async () => {
    const { proxy, upstream } = sandboxProxy({
      readRateLimit: { max: 10, windowSeconds: 60 },
      postRateLimit: { max: 10, windowSeconds: 60 },
    });
    const reads: number[] = [];
    const posts: number[] = [];
    for (let host = 1; host <= 30; host += 1) {
      const address = `2001:db8:1:2:${host.toString(16)}::${host}`;
      reads.push((await proxy(request('GET', longQuery(host), from(address)))).status);
      posts.push((await proxy(postJson('/api/2.0/clients', A_CLIENT, from(address).headers))).status);
    }
    assert.deepEqual([count(reads, 200), count(reads, 429)], [10, 20]);
    assert.deepEqual([count(posts, 200), count(posts, 429)], [10, 20]);
    const before = upstream.apiCalls().length;
    assert.equal((await proxy(request('GET', longQuery(99), from('2001:db8:1:3::1')))).status, 200);
    assert.equal(upstream.apiCalls().length, before + 1);
  });

  it('counts reads apart from POSTs: a visitor at the end of their reads can still book', async () => {
    const { proxy } = sandboxProxy({ readRateLimit: { max: 3, windowSeconds: 60 } });
    for (let n = 0; n < 3; n += 1) assert.equal((await proxy(request('GET', longQuery(n), from('192.0.2.1')))).status, 200);
    const limited = await proxy(request('GET', longQuery(3), from('192.0.2.1')));
    await expectError(limited, 429, 'RATE_LIMITED');
    assert.ok(Number(limited.headers.get('Retry-After')) >= 1);
    assert.equal((await proxy(postJson('/api/2.0/clients', A_CLIENT, from('192.0.2.1').headers))).status, 200);
  });
});

describe('proxy: free-slot queries', () => {
  it('identical queries share one call for a few seconds', async () => {
    const { proxy, upstream } = sandboxProxy();
    const path = `${SLOTS}?startDate=2026-03-05&endDate=2026-03-11&serviceId=2002`;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => proxy(request('GET', path, from(`192.0.2.${i + 1}`)))));
    const again = await proxy(request('GET', path, from('192.0.2.9')));
    const bodies = await Promise.all([...answers, again].map((answer) => answer.text()));
    assert.ok(bodies.every((body) => body === bodies[0] && body.includes('"slots"')));
    assert.equal(upstream.apiCalls().filter((call: { url: URL }) => call.url.pathname.endsWith('/freeSlots')).length, 1);
  });

  it('refuses a range longer than the widget asks for, or an open one, with no call', async () => {
    const { proxy, upstream } = sandboxProxy();
    await expectError(
      await proxy(request('GET', `${SLOTS}?startDate=2026-03-05&endDate=2026-05-06&serviceId=2002`, from('192.0.2.1'))),
      400,
      'INVALID_PARAMETER',
    );
    await expectError(
      await proxy(request('GET', `${SLOTS}?startDate=2026-03-05&serviceId=2002`, from('192.0.2.1'))),
      400,
      'INVALID_PARAMETER',
    );
    await expectError(
      await proxy(request('GET', `${SLOTS}?startDate=2026-03-05&endDate=2026-03-04`, from('192.0.2.1'))),
      400,
      'INVALID_PARAMETER',
    );
    assert.equal(upstream.apiCalls().length, 0);
    assert.equal(
      (await proxy(request('GET', `${SLOTS}?startDate=2026-03-05&endDate=2026-05-05&serviceId=2002`, from('192.0.2.1')))).status,
      200,
    );
  });
});
