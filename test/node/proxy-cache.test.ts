import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPANY_PATH, ORIGIN, fakeUpstream, request, testProxy } from './proxy-harness.js';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('proxy caching: the catalog may be kept, free times and bookings never', () => {
  const upstream = () => fakeUpstream(() => json({ items: [], id: '1' }));

  it('lets browsers and CDNs keep the company and its lists briefly, per origin', async () => {
    const { proxy } = testProxy({}, upstream());
    for (const path of [COMPANY_PATH, `${COMPANY_PATH}/services`, `${COMPANY_PATH}/staff/3001`, `${COMPANY_PATH}/resourceGroups`]) {
      const response = await proxy(request('GET', path, { headers: { Origin: ORIGIN } }));
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('Cache-Control'), 'public, max-age=60, s-maxage=60, stale-while-revalidate=600', path);
      assert.match(response.headers.get('Vary') ?? '', /Origin/, path);
    }
  });

  it('never lets free times be kept, whatever the service says', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(
        () => new Response('{"items":[]}', { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' } }),
      ),
    );
    for (const path of [
      `${COMPANY_PATH}/widget/freeSlots?serviceId=1&startDate=2026-03-01&endDate=2026-03-02`,
      `${COMPANY_PATH}/widget/nextSlots?serviceId=1&startDate=2026-03-01`,
    ]) {
      assert.equal((await proxy(request('GET', path))).headers.get('Cache-Control'), 'no-store', path);
    }
  });

  it('never lets a failure be kept', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => new Response('{"error":"down"}', { status: 503, headers: { 'Content-Type': 'application/json' } })),
    );
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).headers.get('Cache-Control'), 'no-store');
  });

  it('follows the configured durations, and stores nothing with cache: false or 0 seconds', async () => {
    const longer = testProxy({ cache: { maxAgeSeconds: 300, staleSeconds: 3600 } }, upstream());
    assert.equal(
      (await longer.proxy(request('GET', COMPANY_PATH))).headers.get('Cache-Control'),
      'public, max-age=300, s-maxage=300, stale-while-revalidate=3600',
    );
    for (const cache of [false, { maxAgeSeconds: 0 }] as const) {
      const off = testProxy({ cache }, upstream());
      assert.equal((await off.proxy(request('GET', COMPANY_PATH))).headers.get('Cache-Control'), 'no-store');
    }
    assert.throws(() => testProxy({ cache: { maxAgeSeconds: -1 } }, upstream()), /cache\.maxAgeSeconds/);
  });
});
