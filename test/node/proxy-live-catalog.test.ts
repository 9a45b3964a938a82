/**
 * The catalog across instances (docs/proxy.md, "Live times"): the service's company watch
 * reaches one instance, which tells the others on the live bus; a page's stream on another
 * instance hears `catalog`, and that instance forgets what it read of the company, so a
 * service renamed or hidden in the dashboard shows there within seconds, not after its cache;
 * an instance without any page hears it too, on a bus that keeps a subscription of its own.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import type { BookingProxy } from '../../packages/proxy/src/index.js';
import { MemoryLiveBus } from '../../packages/proxy/src/live/live-bus.js';
import { ORIGIN, postJson, request, SANDBOX_PARTNER, sandboxUpstream, throughSandbox } from './proxy-harness.js';
import { LIVE_GUARD_MS, openLiveStream } from './support/scale-scenarios.js';

const SERVICES = '/api/2.1/scheduling/companies/demo-salon/services';
const DAY = '2026-03-06';

/** Waits for `check` to hold, giving up after a hang guard. */
async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const giveUp = performance.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    assert.ok(performance.now() < giveUp, `gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a company changed on the service, across instances', () => {
  const upstream = sandboxUpstream({ watchDelivery: { retryDelaysMs: [50, 100, 200], timeoutMs: 2000 } });
  // The bus the instances share: in one process, what Redis pub/sub or the Durable Object is between processes.
  const live = new MemoryLiveBus();
  let server: Server;
  /** The instance the service's watch reaches. */
  let watched: BookingProxy;
  /** Another instance: no watch reaches it, a page is connected to it. */
  let other: BookingProxy;
  const instance = (publicUrl?: string) => throughSandbox({ live, ...(publicUrl ? { publicUrl } : {}) }, upstream).proxy;
  const dashboard = (method: string, path: string, body?: unknown) =>
    upstream.sandbox(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: { ...SANDBOX_PARTNER, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  before(async () => {
    server = createServer(getRequestListener((incoming) => watched(incoming)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    watched = instance(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    other = instance();
    // The first request registers the watches; the company watch is the last one made.
    await watched(request('GET', '/api/2.1/scheduling/companies/demo-salon'));
    await until(async () => {
      const listed = (await (await dashboard('GET', '/api/2.0/watchers?objectType=schedulingCompany')).json()) as { items: unknown[] };
      return listed.items.length > 0 || undefined;
    }, 'the company watch to be registered');
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetcher = (proxy: BookingProxy) => (path: string, init?: RequestInit) => proxy(request(init?.method ?? 'GET', path, init));
  const serviceName = async (proxy: BookingProxy, id: string) => {
    const list = (await (await proxy(request('GET', SERVICES, { headers: { Origin: ORIGIN } }))).json()) as {
      items: { id: string; name: string }[];
    };
    return list.items.find((service) => String(service.id) === id)?.name;
  };
  const freeOn = async (proxy: BookingProxy, day: string) => {
    const query = new URLSearchParams({ startDate: day, endDate: day, serviceId: '2002', staffId: '3001' });
    const answer = await proxy(request('GET', `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`));
    return ((await answer.json()) as { items: { slots: string[] }[] }).items.flatMap((item) => item.slots);
  };
  const hold = (proxy: BookingProxy, start: string, serviceId = '2002', minutes = 30) =>
    proxy(
      postJson(
        '/proxy/companies/demo-salon/holds',
        {
          service: { id: serviceId },
          staff: { id: '3001' },
          start: { dateTime: start, timeZone: 'US/Eastern' },
          end: { dateTime: new Date(Date.parse(`${start}Z`) + minutes * 60_000).toISOString().slice(0, 19), timeZone: 'US/Eastern' },
        },
        { Origin: ORIGIN },
      ),
    );

  it('a service renamed there: the page on the other instance hears `catalog`, and that instance answers the new name', async () => {
    const page = await openLiveStream(fetcher(other));
    try {
      const renamed = await dashboard('PUT', `${SERVICES}/2002`, { name: 'Cut, wash and finish' });
      assert.equal(renamed.status, 200);
      assert.deepEqual((await page.until((e) => e.event === 'catalog', LIVE_GUARD_MS, 'the company watch')).data, { type: 'catalog' });
      assert.equal(await serviceName(other, '2002'), 'Cut, wash and finish');
    } finally {
      page.close();
    }
  });

  it('a service hidden there: the other instance, which had read it, no longer holds it once its page heard `catalog`', async () => {
    const page = await openLiveStream(fetcher(other));
    try {
      const [first, second] = await freeOn(other, DAY);
      // The hold reads the company's services into the other instance's catalog, which its clock (pinned here) would keep.
      assert.equal((await hold(other, first!)).status, 201);
      const hidden = await dashboard('PUT', `${SERVICES}/2002`, { name: 'Cut, wash and finish', availability: 'backoffice' });
      assert.equal(hidden.status, 200);
      await page.until((e) => e.event === 'catalog', LIVE_GUARD_MS, 'the company watch');
      const refused = await hold(other, second!);
      assert.equal(refused.status, 403, 'a service hidden on the service is not held by the instance the watch did not reach');
      assert.equal(await serviceName(other, '2002'), undefined, 'nor listed');
    } finally {
      page.close();
    }
  });

  it('an instance with no page open forgets the company too, where its bus keeps a subscription of its own', async () => {
    // A third instance: no watch reaches it and no page is connected to it.
    const quiet = instance();
    const page = await openLiveStream(fetcher(other));
    try {
      const query = new URLSearchParams({ startDate: DAY, endDate: DAY, serviceId: '2001', staffId: '3001' });
      const answer = await quiet(request('GET', `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`));
      const [first, second] = ((await answer.json()) as { items: { slots: string[] }[] }).items.flatMap((item) => item.slots);
      // The hold reads the company's services into the quiet instance's catalog, which its pinned clock would keep.
      assert.equal((await hold(quiet, first!, '2001', 45)).status, 201);
      const hidden = await dashboard('PUT', `${SERVICES}/2001`, { availability: 'backoffice' });
      assert.equal(hidden.status, 200);
      // Heard on the bus: by the page on the other instance, and by then by the quiet one.
      await page.until((e) => e.event === 'catalog', LIVE_GUARD_MS, 'the company watch');
      assert.equal((await hold(quiet, second!, '2001', 45)).status, 403, 'the quiet instance refuses the hidden service at once');
    } finally {
      page.close();
    }
  });
});
