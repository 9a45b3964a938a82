/**
 * Changes made elsewhere (docs/proxy.md, service contract §14): with `publicUrl`, the proxy
 * registers the service's watches, and the sandbox delivers them over real HTTP to the proxy
 * listening on 127.0.0.1. A booking made straight on the service (as its dashboard would)
 * reaches a page's open stream through the watch, and leaves the proxy's shared free times;
 * a cancellation brings the time back; a service hidden there leaves the proxy's catalog.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { createBookingProxy, readProxyEnv, type BookingProxy } from '../../packages/proxy/src/index.js';
import { describeServer } from '../../packages/proxy/src/node/server-summary.js';
import { MemoryLiveBus } from '../../packages/proxy/src/live/live-bus.js';
import { A_CLIENT, ORIGIN, postJson, request, SANDBOX_PARTNER, sandboxUpstream, throughSandbox } from './proxy-harness.js';
import { readEvents } from './support/event-stream.js';

/** Polls `check` until it holds; gives up only after a hang guard, naming what it waited for. */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const giveUp = performance.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    assert.ok(performance.now() < giveUp, `gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The sandbox, as its own dashboard would use it: partner credentials, no proxy. */
function straight(sandbox: (request: Request) => Promise<Response>) {
  return (method: string, path: string, body?: unknown) =>
    sandbox(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: { ...SANDBOX_PARTNER, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
}

/**
 * The proxy on a real port, so that the sandbox's deliveries are real HTTP requests; `deliveries`
 * records each one the proxy answered (path and status), so a test can wait until one is handled.
 */
async function startProxy(watching = true) {
  const upstream = sandboxUpstream({ watchDelivery: { retryDelaysMs: [50, 100, 200], timeoutMs: 2000 } });
  const live = new MemoryLiveBus();
  const deliveries: { path: string; status: number }[] = [];
  // The proxy needs its public URL, which the server has only once it listens.
  const target: { proxy?: BookingProxy } = {};
  const server: Server = createServer(
    getRequestListener(async (incoming) => {
      const answer = await target.proxy!(incoming);
      deliveries.push({ path: new URL(incoming.url).pathname, status: answer.status });
      return answer;
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proxy = (target.proxy = throughSandbox({ live, ...(watching ? { publicUrl } : {}) }, upstream).proxy);
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { proxy, upstream, live, deliveries, publicUrl, close, service: straight(upstream.sandbox) };
}

type Started = Awaited<ReturnType<typeof startProxy>>;

/** A page's stream of the company's changes, with what it has heard so far. */
async function openStream(proxy: BookingProxy) {
  const stop = new AbortController();
  const response = await proxy(request('GET', '/proxy/companies/demo-salon/live', { headers: { Origin: ORIGIN }, signal: stop.signal }));
  assert.equal(response.status, 200);
  return readEvents(response, stop);
}

const DAY = '2026-03-05';
const OTHER_DAY = '2026-03-06';

async function freeOn(proxy: BookingProxy, day: string): Promise<string[]> {
  const query = new URLSearchParams({ startDate: day, endDate: day, serviceId: '2002', staffId: '3001' });
  const answer = await proxy(request('GET', `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`));
  assert.equal(answer.status, 200);
  return ((await answer.json()) as { items: { slots: string[] }[] }).items.flatMap((item) => item.slots);
}

const plusHalfHour = (start: string) => new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);

/** Books `start` straight on the sandbox, as the merchant's dashboard would; returns the appointment's id. */
async function bookStraight(started: Started, start: string): Promise<string> {
  const client = (await (await started.service('POST', '/api/2.0/clients', A_CLIENT)).json()) as { id: string };
  const booked = await started.service('POST', '/api/2.1/scheduling/companies/demo-salon/appointments', {
    client: { id: client.id },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: start, timeZone: 'US/Eastern' },
    end: { dateTime: plusHalfHour(start), timeZone: 'US/Eastern' },
  });
  assert.equal(booked.status, 200);
  return ((await booked.json()) as { id: string }).id;
}

/** The first request registers the watches; the company watch is the last one made. */
async function registered(started: Started): Promise<void> {
  await started.proxy(request('GET', '/api/2.1/scheduling/companies/demo-salon'));
  await until(async () => {
    const listed = (await (await started.service('GET', '/api/2.0/watchers?objectType=schedulingCompany')).json()) as {
      items: { address: string }[];
    };
    return listed.items.some((watch) => watch.address.startsWith(`${started.publicUrl}/proxy/hooks/company/`)) || undefined;
  }, 'the company watch to be registered');
}

const freeSlotReads = (started: Started) => started.upstream.apiCalls().filter((call) => call.url.pathname.endsWith('/freeSlots')).length;

describe('changes made elsewhere (the service’s watches)', () => {
  let started: Started;
  before(async () => {
    started = await startProxy();
    await registered(started);
  });
  after(() => started.close());

  it('a booking made straight on the service reaches an open page through the watch, and leaves the shared free times', async () => {
    const page = await openStream(started.proxy);
    const [start] = await freeOn(started.proxy, DAY);
    assert.ok(start, 'a free time to book');
    const readsBefore = freeSlotReads(started);
    await bookStraight(started, start);
    assert.deepEqual((await page.until((e) => e.data.reason === 'booked')).data, { type: 'slots', day: DAY, reason: 'booked' });
    assert.equal(freeSlotReads(started), readsBefore, 'the page heard it from the watch, not from asking for free times');
    assert.ok(!(await freeOn(started.proxy, DAY)).includes(start), 'the next free times no longer offer the booked time');
    page.close();
  });

  it('a cancellation made there gives the time back to an open page', async () => {
    const page = await openStream(started.proxy);
    const [start] = await freeOn(started.proxy, DAY);
    const id = await bookStraight(started, start!);
    await page.until((e) => e.data.reason === 'booked');
    assert.equal((await started.service('DELETE', `/api/2.1/scheduling/companies/demo-salon/appointments/${id}`)).status, 204);
    assert.deepEqual((await page.until((e) => e.data.reason === 'freed')).data, { type: 'slots', day: DAY, reason: 'freed' });
    assert.ok((await freeOn(started.proxy, DAY)).includes(start!), 'the cancelled time is offered again');
    page.close();
  });

  it('a booking moved there to another day frees its old day and takes the new one', async () => {
    const page = await openStream(started.proxy);
    const [start] = await freeOn(started.proxy, DAY);
    const id = await bookStraight(started, start!);
    await page.until((e) => e.data.reason === 'booked' && e.data.day === DAY);
    const [later] = await freeOn(started.proxy, OTHER_DAY);
    const path = `/api/2.1/scheduling/companies/demo-salon/appointments/${id}`;
    const booking = (await (await started.service('GET', path)).json()) as Record<string, unknown>;
    const moved = await started.service('PUT', path, {
      ...booking,
      start: { dateTime: later, timeZone: 'US/Eastern' },
      end: { dateTime: plusHalfHour(later!), timeZone: 'US/Eastern' },
    });
    assert.equal(moved.status, 200);
    await page.until((e) => e.data.reason === 'freed');
    assert.deepEqual(
      page.heard.slice(-2).map((e) => e.data),
      [
        { type: 'slots', day: OTHER_DAY, reason: 'booked' },
        { type: 'slots', day: DAY, reason: 'freed' },
      ],
    );
    assert.ok((await freeOn(started.proxy, DAY)).includes(start!), 'the old time is offered again');
    assert.ok(!(await freeOn(started.proxy, OTHER_DAY)).includes(later!), 'the new time is not');
    page.close();
  });

  it('hears the same delivery twice and tells the pages once', async () => {
    const page = await openStream(started.proxy);
    const [start] = await freeOn(started.proxy, DAY);
    const id = await bookStraight(started, start!);
    await page.until((e) => e.data.reason === 'booked');
    // The service delivers at least once: the same notification again, at the address the proxy registered.
    const registration = started.upstream
      .apiCalls()
      .find((call) => call.url.pathname.endsWith('/companies/demo-salon/notifications/watch'));
    const { address } = JSON.parse(registration!.body!) as { address: string };
    const again = await fetch(address, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-objectEvent': 'notification' },
      body: JSON.stringify({ type: 'email', appointment: { id } }),
    });
    assert.equal(again.status, 204);
    // Handled in order: once another day's booking is heard, the repeat was handled before it.
    const [later] = await freeOn(started.proxy, OTHER_DAY);
    await bookStraight(started, later!);
    await page.until((e) => e.data.day === OTHER_DAY);
    assert.deepEqual(
      page.heard.filter((e) => e.data.day === DAY).map((e) => e.data.reason),
      ['booked'],
    );
    page.close();
  });

  it('refuses a delivery without the secret', async () => {
    const notification = JSON.stringify({ type: 'email', appointment: { id: 'anything' } });
    const headers = { 'Content-Type': 'application/json', 'X-Service-objectEvent': 'notification' };
    const wrong = await fetch(`${started.publicUrl}/proxy/companies/demo-salon/hooks/notifications/not-the-secret`, {
      method: 'POST',
      headers,
      body: notification,
    });
    assert.equal(wrong.status, 403);
    const company = await fetch(`${started.publicUrl}/proxy/hooks/company/any`, {
      method: 'POST',
      headers: { ...headers, 'X-Service-objectEvent': 'updated' },
      body: JSON.stringify({ id: 'demo-salon' }),
    });
    assert.equal(company.status, 403);
  });

  it('forgets the catalog when a service is hidden on the service: it can no longer be held', async () => {
    const hold = (start: string) =>
      started.proxy(
        postJson(
          '/proxy/companies/demo-salon/holds',
          {
            service: { id: '2002' },
            staff: { id: '3001' },
            start: { dateTime: start, timeZone: 'US/Eastern' },
            end: { dateTime: plusHalfHour(start), timeZone: 'US/Eastern' },
          },
          { Origin: ORIGIN },
        ),
      );
    const [first, second] = await freeOn(started.proxy, OTHER_DAY);
    // The hold reads the company's services into the proxy's catalog, which its clock (pinned here) would keep.
    assert.equal((await hold(first!)).status, 201);
    const companyDeliveries = () => started.deliveries.filter((d) => d.path.startsWith('/proxy/hooks/company/') && d.status === 204).length;
    const deliveredBefore = companyDeliveries();
    const hidden = await started.service('PUT', '/api/2.1/scheduling/companies/demo-salon/services/2002', {
      name: 'Cut and finish',
      availability: 'backoffice',
    });
    assert.equal(hidden.status, 200);
    await until(() => companyDeliveries() > deliveredBefore || undefined, "the company watch's delivery");
    const refused = await hold(second!);
    assert.equal(refused.status, 403, 'a service hidden on the service is not held');
    assert.equal(((await refused.json()) as { error: { errorCode: string } }).error.errorCode, 'FORBIDDEN');
  });
});

describe('without publicUrl', () => {
  it('registers no watch and refuses every delivery', async () => {
    const started = await startProxy(false);
    try {
      await started.proxy(request('GET', '/api/2.1/scheduling/companies/demo-salon'));
      const answer = await fetch(`${started.publicUrl}/proxy/hooks/company/any`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Watch-Secret': 'guess' },
        body: JSON.stringify({ id: 'demo-salon' }),
      });
      assert.equal(answer.status, 403);
      assert.ok(!started.upstream.apiCalls().some((call) => call.url.pathname.includes('watch')), 'no watch registered');
    } finally {
      await started.close();
    }
  });
});

describe('publicUrl as a setting', () => {
  const env = {
    BOOKING_PROXY_UPSTREAM: 'https://api.scheduling.example',
    BOOKING_PROXY_API_KEY: 'k',
    BOOKING_PROXY_TOKEN: 't',
    BOOKING_PROXY_COMPANIES: 'demo-salon',
    BOOKING_PROXY_ORIGINS: ORIGIN,
  };

  it('is read from BOOKING_PROXY_PUBLIC_URL and said at start', () => {
    const reading = readProxyEnv({ ...env, BOOKING_PROXY_PUBLIC_URL: 'https://shop.example/booking-api' });
    assert.ok(reading.ok);
    assert.equal(reading.config.options.publicUrl, 'https://shop.example/booking-api');
    assert.match(
      describeServer(reading.config, 'http://x'),
      /watches +the service's, delivered to https:\/\/shop\.example\/booking-api\/proxy\//,
    );
    const without = readProxyEnv(env);
    assert.ok(without.ok);
    assert.match(describeServer(without.config, 'http://x'), /watches +off: .*BOOKING_PROXY_PUBLIC_URL/);
  });

  it('refuses a URL the service could not use', () => {
    for (const publicUrl of ['shop.example', 'ftp://shop.example', 'https://shop.example/?a=1', 'https://user:pw@shop.example']) {
      assert.throws(
        () =>
          createBookingProxy({
            upstream: 'https://api.example',
            credentials: SANDBOX_PARTNER,
            companies: ['demo-salon'],
            allowedOrigins: [],
            publicUrl,
          }),
        TypeError,
        publicUrl,
      );
    }
  });
});
