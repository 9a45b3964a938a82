/**
 * The live channel on Workers (docs/proxy.md, "Live times"), in-process: one `BookingProxyLive`
 * object per company fans each message out to the page streams of every "isolate" (here, two
 * proxies sharing the namespace), and a page whose connection to the object is cut has its stream
 * ended, so that its browser reconnects and reads its times again rather than hear nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DurableObjectNamespaceLike } from '../../packages/proxy/src/state/durable-objects.js';
import { BookingProxyLive, durableObjectLiveBus } from '../../packages/proxy/src/state/durable-objects.js';
import { ORIGIN, request, SANDBOX_COMPANIES, SANDBOX_NOW, SANDBOX_PARTNER, sandboxUpstream, testProxy } from './proxy-harness.js';
import { LIVE_GUARD_MS, openLiveStream } from './support/scale-scenarios.js';

/** One object per name, reached through `fetch`; `cut` ends every connection to an object, as a restart of it would. */
function liveNamespace() {
  const objects = new Map<string, BookingProxyLive>();
  const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
  const binding: DurableObjectNamespaceLike = {
    idFromName: (name) => name,
    get: (id: never) => {
      const name = id as string;
      if (!objects.has(name)) objects.set(name, new BookingProxyLive());
      const object = objects.get(name)!;
      return {
        fetch: async (input, init) => {
          const answer = await object.fetch(new Request(input, init));
          if (!answer.body) return answer;
          // What the isolate reads, passed through a stream this test can end.
          const reader = answer.body.getReader();
          open.push(reader);
          const body = new ReadableStream<Uint8Array>({
            pull: async (controller) => {
              const { value, done } = await reader.read();
              if (done) controller.close();
              else controller.enqueue(value);
            },
            cancel: (reason) => reader.cancel(reason),
          });
          return new Response(body, answer);
        },
      };
    },
  };
  const cut = () => {
    for (const reader of open.splice(0)) void reader.cancel();
  };
  return { binding, cut };
}

describe('the live channel over Durable Objects (in-process)', () => {
  const upstream = sandboxUpstream();
  const { binding, cut } = liveNamespace();
  const instance = () =>
    testProxy(
      {
        upstream: 'http://sandbox.test',
        credentials: SANDBOX_PARTNER,
        companies: SANDBOX_COMPANIES,
        now: () => Date.parse(SANDBOX_NOW),
        live: durableObjectLiveBus(binding),
      },
      upstream,
    ).proxy;
  const [first, second] = [instance(), instance()];
  const fetcher = (proxy: typeof first) => (path: string, init?: RequestInit) => proxy(request(init?.method ?? 'GET', path, init));

  it('opens each stream with `ready`, and carries a message published through one instance to pages on both', async () => {
    const pages = [await openLiveStream(fetcher(first)), await openLiveStream(fetcher(second))];
    try {
      for (const page of pages) await page.until((e) => e.event === 'ready', LIVE_GUARD_MS, 'the stream’s ready');
      await durableObjectLiveBus(binding).publish('demo-salon', { type: 'slots', day: '2026-03-05', reason: 'held' });
      for (const page of pages) {
        const news = await page.until((e) => e.event === 'slots', LIVE_GUARD_MS, 'the message on each instance');
        assert.deepEqual(news.data, { type: 'slots', day: '2026-03-05', reason: 'held' });
      }
      // Another company's object is another object: its news does not reach these pages.
      await durableObjectLiveBus(binding).publish('demo-courts', { type: 'slots', day: '2026-03-05', reason: 'held' });
      await durableObjectLiveBus(binding).publish('demo-salon', { type: 'slots', day: '2026-03-06', reason: 'released' });
      const next = await pages[0]!.until((e) => e.event === 'slots', LIVE_GUARD_MS, 'the next message');
      assert.equal(next.data.day, '2026-03-06');
    } finally {
      for (const page of pages) page.close();
    }
  });

  it('ends the page’s stream when its connection to the object is cut', async () => {
    const stop = new AbortController();
    const answer = await first(request('GET', '/proxy/companies/demo-salon/live', { headers: { Origin: ORIGIN }, signal: stop.signal }));
    assert.equal(answer.status, 200);
    const text = answer.body!.pipeThrough(new TextDecoderStream());
    cut();
    let read = '';
    // The stream ends by itself (no abort from here): the browser's EventSource then reconnects.
    for await (const chunk of text) read += chunk;
    assert.match(read, /event: ready/);
  });
});

describe('on Workers, the request’s waitUntil', () => {
  it('is handed the watches’ registration, which it sees through to the end', async () => {
    const upstream = sandboxUpstream();
    const proxy = testProxy(
      {
        upstream: 'http://sandbox.test',
        credentials: SANDBOX_PARTNER,
        companies: SANDBOX_COMPANIES,
        now: () => Date.parse(SANDBOX_NOW),
        publicUrl: 'https://shop.example/booking-api',
      },
      upstream,
    ).proxy;
    // The Worker's own `ctx`, passed as it is: its method is called on it.
    const ctx = {
      handed: [] as Promise<unknown>[],
      waitUntil(work: Promise<unknown>) {
        this.handed.push(work);
      },
    };
    const answer = await proxy(request('GET', '/api/2.1/scheduling/companies/demo-salon'), ctx);
    assert.equal(answer.status, 200);
    assert.equal(ctx.handed.length, 1, 'the registration, which outlives the answer');
    await ctx.handed[0];
    const watchers = (await (
      await upstream.sandbox(new Request('http://sandbox.test/api/2.0/watchers?objectType=schedulingCompany', { headers: SANDBOX_PARTNER }))
    ).json()) as { items: { address: string }[] };
    assert.ok(
      watchers.items.some((watch) => watch.address.startsWith('https://shop.example/booking-api/proxy/hooks/company/')),
      'registered by the time the work handed over settles',
    );
    // Registered: the next request leaves nothing behind.
    await proxy(request('GET', '/api/2.1/scheduling/companies/demo-salon'), ctx);
    assert.equal(ctx.handed.length, 1);
  });
});
