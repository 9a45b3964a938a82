/**
 * The live channel (docs/proxy.md, "Live times"): a page's stream hears that a
 * day's free times changed when a time is held, released or booked, on the same
 * instance and, through Redis pub/sub, on another; a stream that ends stops
 * listening.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { MemoryLiveBus } from '../../packages/proxy/src/live/live-bus.js';
import { RedisLiveBus } from '../../packages/proxy/src/live/redis-live-bus.js';
import { RedisState } from '../../packages/proxy/src/state/redis-state.js';
import { A_CLIENT, ORIGIN, postJson, request, sandboxUpstream, throughSandbox } from './proxy-harness.js';
import { REDIS_SKIP, startRedisServer, type RedisServer } from './support/redis-server.js';
import { readEvents } from './support/event-stream.js';

type Proxy = (request: Request) => Promise<Response>;

/** A page's stream: the events it has heard so far, and a way to wait for one. */
async function openStream(proxy: Proxy) {
  const stop = new AbortController();
  const response = await proxy(request('GET', '/proxy/companies/demo-salon/live', { headers: { Origin: ORIGIN }, signal: stop.signal }));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('Content-Type')!, /^text\/event-stream/);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN);
  return readEvents(response, stop);
}

async function firstFree(proxy: Proxy): Promise<{ start: string; end: string }> {
  const query = new URLSearchParams({ startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002', staffId: '3001' });
  const answer = (await (await proxy(request('GET', `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`))).json()) as {
    items: { slots: string[] }[];
  };
  const start = answer.items[0]!.slots[0]!;
  return { start, end: new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19) };
}

const timesOf = ({ start, end }: { start: string; end: string }) => ({
  service: { id: '2002' },
  staff: { id: '3001' },
  start: { dateTime: start, timeZone: 'US/Eastern' },
  end: { dateTime: end, timeZone: 'US/Eastern' },
});

async function hold(proxy: Proxy, time: { start: string; end: string }): Promise<string> {
  const response = await proxy(postJson('/proxy/companies/demo-salon/holds', timesOf(time), { Origin: ORIGIN }));
  assert.equal(response.status, 201);
  return ((await response.json()) as { token: string }).token;
}

describe('live channel', () => {
  it('tells an open page when a day’s times are held, released and booked', async () => {
    const live = new MemoryLiveBus();
    const { proxy } = throughSandbox({ live });
    // The instance itself listens to each company it serves (live/instance-news.ts): the pages' listeners come on top.
    const instance = live.listenerCount;
    const page = await openStream(proxy);
    const time = await firstFree(proxy);
    const token = await hold(proxy, time);
    assert.deepEqual((await page.until((e) => e.data.reason === 'held')).data, { type: 'slots', day: '2026-03-05', reason: 'held' });
    await proxy(postJson('/proxy/companies/demo-salon/holds/release', { token }, { Origin: ORIGIN }));
    await page.until((e) => e.data.reason === 'released');
    const client = (await (await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }))).json()) as { id: string };
    const booked = await proxy(
      postJson(
        '/api/2.1/scheduling/companies/demo-salon/appointments',
        { ...timesOf(time), client: { id: client.id } },
        { Origin: ORIGIN },
      ),
    );
    assert.ok(booked.ok);
    assert.equal((await page.until((e) => e.data.reason === 'booked')).event, 'slots');
    assert.equal(live.listenerCount, instance + 1);
    page.close();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(live.listenerCount, instance, 'a page that left is no longer listened for');
  });

  it('says in `ready` how long ago the company last changed, so a page can read again what changed before it listened', async () => {
    const { proxy } = throughSandbox();
    const quiet = await openStream(proxy);
    assert.deepEqual((await quiet.until((e) => e.event === 'ready')).data, { type: 'ready' }, 'no change known: nothing to read again');
    quiet.close();

    // Held while no stream of the page listened (between its first times and its stream, or while its stream was cut).
    await hold(proxy, await firstFree(proxy));
    const page = await openStream(proxy);
    const { changedAgo } = (await page.until((e) => e.event === 'ready')).data;
    assert.equal(typeof changedAgo, 'number');
    // Real time since the hold (a pinned clock never moves): at least 0, and well within the minute this test takes.
    assert.ok((changedAgo as number) >= 0 && (changedAgo as number) < 60_000, `changedAgo ${changedAgo}`);
    page.close();
  });

  describe('across instances on Redis', { skip: REDIS_SKIP }, () => {
    let redis: RedisServer | undefined;
    const clients: Redis[] = [];
    after(async () => {
      for (const client of clients) client.disconnect();
      await redis?.stop();
    });

    it('tells a page open on one instance of a hold made on another', async () => {
      redis = await startRedisServer();
      const connect = () => {
        const client = new Redis(redis!.url);
        clients.push(client);
        return client;
      };
      const upstream = sandboxUpstream();
      const instance = () => {
        const publisher = connect();
        return throughSandbox({ state: new RedisState(publisher), live: new RedisLiveBus(publisher, connect()) }, upstream).proxy;
      };
      const [first, second] = [instance(), instance()];
      const page = await openStream(second);
      // The subscription is taken as the page connects: wait until Redis counts it, then hold.
      const watcher = connect();
      while (((await watcher.pubsub('NUMSUB', 'booking-proxy:live:demo-salon')) as [string, number])[1] < 1);
      await hold(first, await firstFree(first));
      assert.equal((await page.until((e) => e.data.reason === 'held')).data.day, '2026-03-05');
      page.close();
    });
  });
});
