/**
 * `npm run bench:live`: the live channel (docs/proxy.md, "Live times") on one Node
 * instance of the proxy, over real HTTP, in front of the in-process sandbox.
 *
 * - p50/p95 time from a booking's POST to the `slots` event on each of 20 open pages;
 * - memory per open stream, and 1,000 open streams on the instance, each of which
 *   hears one booking.
 *
 * A script, not a test: it prints figures with the load average (the machine is shared).
 *
 *   node --import tsx bench/live.ts [--pages N] [--bookings N] [--streams N]
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createProxyServer } from '../packages/proxy/src/node/node-server.js';
import { MemoryLiveBus } from '../packages/proxy/src/live/live-bus.js';
import { createSandbox, SANDBOX_CREDENTIALS } from '../packages/sandbox/src/index.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '20' },
    bookings: { type: 'string', default: '20' },
    streams: { type: 'string', default: '1000' },
  },
});
const NOW = '2026-03-04T15:00:00Z';
const COMPANY = '/api/2.1/scheduling/companies/demo-salon';

const sandbox = createSandbox({ now: NOW });
const live = new MemoryLiveBus();
const server = createProxyServer({
  upstream: 'http://sandbox.bench',
  credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
  companies: ['demo-salon'],
  allowedOrigins: [],
  fetch: (input, init) => sandbox(new Request(input, init)),
  log: false,
  limits: { postRateLimit: false },
  now: () => Date.parse(NOW),
  live,
  trustedHops: 0,
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** An open page: resolves each `wait()` with the time the next `slots` event arrived. */
async function openPage(stop: AbortSignal) {
  const response = await fetch(`${base}/proxy/companies/demo-salon/live`, { signal: stop });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const waiting: ((at: number) => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        for (const _ of value.matchAll(/^event: slots$/gm)) waiting.shift()?.(at);
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return { next: () => new Promise<number>((resolve) => waiting.push(resolve)) };
}

const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Free starts of the men's cut with 3001 over a week, 30 minutes apart. */
async function freeStarts(count: number): Promise<string[]> {
  const query = new URLSearchParams({ startDate: '2026-03-05', endDate: '2026-03-20', serviceId: '2002', staffId: '3001' });
  const answer = (await (await fetch(`${base}/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`)).json()) as {
    items: { slots: string[] }[];
  };
  const starts: string[] = [];
  let freeFrom = 0;
  for (const slot of answer.items.flatMap((item) => item.slots)) {
    const at = Date.parse(`${slot}Z`);
    if (at < freeFrom) continue;
    starts.push(slot);
    freeFrom = at + 30 * 60_000;
  }
  if (starts.length < count) throw new Error(`only ${starts.length} free times`);
  return starts.slice(0, count);
}

async function book(start: string): Promise<void> {
  const client = (await (await post('/api/2.0/clients', { firstName: 'Bench', lastName: 'Page' })).json()) as { id: string };
  const end = new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);
  const response = await post(`${COMPANY}/appointments`, {
    client: { id: client.id },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: start, timeZone: 'US/Eastern' },
    end: { dateTime: end, timeZone: 'US/Eastern' },
  });
  if (!response.ok) throw new Error(`booking: ${response.status}`);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

// 1. Booking → removal on N open pages.
const pages = Number(values.pages);
const bookings = Number(values.bookings);
const stopPages = new AbortController();
const open = await Promise.all(Array.from({ length: pages }, () => openPage(stopPages.signal)));
const delays: number[] = [];
for (const start of await freeStarts(bookings)) {
  const heard = open.map((page) => page.next());
  const sent = performance.now();
  await book(start);
  for (const time of await Promise.all(heard)) delays.push(time - sent);
}
stopPages.abort();
const byDelay = sorted(delays);
console.info(`load average ${load()}`);
console.info(
  `booking → slots event on ${pages} open pages, ${bookings} bookings: p50 ${at(byDelay, 50).toFixed(1)} ms, p95 ${at(byDelay, 95).toFixed(1)} ms, max ${byDelay.at(-1)!.toFixed(1)} ms`,
);

// 2. Memory per open stream, and many streams on one instance.
const streams = Number(values.streams);
global.gc?.();
const before = process.memoryUsage();
const stopStreams = new AbortController();
const many = [];
for (let i = 0; i < streams; i += 100) {
  many.push(...(await Promise.all(Array.from({ length: Math.min(100, streams - i) }, () => openPage(stopStreams.signal)))));
}
global.gc?.();
const after = process.memoryUsage();
const heardAll = many.map((page) => page.next());
const [last] = await freeStarts(bookings + 1).then((starts) => starts.slice(bookings));
const sent = performance.now();
await book(last!);
const arrivals = sorted((await Promise.all(heardAll)).map((time) => time - sent));
console.info(
  `${streams} open streams on one instance (${live.listenerCount} listening): all heard one booking, p50 ${at(arrivals, 50).toFixed(1)} ms, p95 ${at(arrivals, 95).toFixed(1)} ms`,
);
console.info(
  `memory per open stream (proxy and bench client in one process, so an upper bound): heap ${((after.heapUsed - before.heapUsed) / streams / 1024).toFixed(1)} KiB, rss ${((after.rss - before.rss) / streams / 1024).toFixed(1)} KiB${global.gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
);
console.info(`load average ${load()}`);
stopStreams.abort();
server.closeAllConnections();
server.close();
