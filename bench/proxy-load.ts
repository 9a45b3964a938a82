/**
 * `npm run bench:proxy`: the proxy chain under load. Requests per second and p50/p99
 * latency through 1, 2 and 4 Node instances (round robin, as a load balancer does)
 * in front of a service that answers at once, so that the proxy is what is measured;
 * and one instance's memory after 100,000 requests. Each for today's code with its
 * state in each process's memory and shared on Redis, and with `--baseline REF` for
 * the code at REF too. A script, not a test: it prints figures (docs/proxy.md quotes
 * them) and writes them to bench/proxy-results.json.
 *
 * The requests are the widget's own: a read of the times, a client created through
 * the proxy (whose answer carries the token the booking must name), and a booking
 * for that client with its own Idempotency-Key. The service records an appointment
 * only for a client it created; the bench ends by comparing the bookings the proxy
 * answered 2xx with the appointments the service recorded, and exits 1 when none
 * booked or the two differ (figures of refusals measure nothing).
 *
 * The codes run at each instance count in turn, `--runs` times, and each figure is
 * the median of the runs, so that a machine that gets busier meanwhile does not
 * favour one of them.
 *
 *   node --import tsx bench/proxy-load.ts [--baseline REF] [--requests N] [--runs N] [--concurrency N] [--memory-requests N]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REDIS_SKIP, startRedisServer } from '../test/node/support/redis-server.js';
import { percentile, runLoad, type LoadRequest } from './proxy/load-client.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const INSTANCE = fileURLToPath(new URL('./proxy/instance.ts', import.meta.url));
const RESULTS = fileURLToPath(new URL('./proxy-results.json', import.meta.url));
const COMPANY = '/api/2.1/scheduling/companies/demo-salon';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    'memory-requests': { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});
const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
const baselineRef = values.baseline;
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const memoryRequests = Number(values['memory-requests']);
const runs = Number(values.runs);

/** The company the bookings are for, as the service describes it: what the proxy checks a booking against. */
const CATALOG = {
  company: {
    id: '1001',
    externalId: 'demo-salon',
    name: 'Bench Salon',
    timeZone: 'US/Eastern',
    scheduledItems: 'service',
    extendedProperties: { public: { bookingWidget: {} } },
  },
  services: { items: [{ id: '2001', name: 'Cut', duration: 45, availability: 'widget' }] },
};
/** The proxy's clock, before the booked time (the proxy refuses a time in the past). */
const NOW = '2026-03-02T12:00:00Z';
const SIGNING_KEY = 'bench-signing-key-not-a-secret-0123456789';

interface Service {
  server: Server;
  url: string;
  /** Appointments the service recorded: one per booking the proxy answered 2xx, or the proxy passed on something it should not have. */
  appointments: () => number;
}

/**
 * The service: answers at once, so that the proxy is what is measured. It serves the
 * company and its services (the proxy reads them to check each booking), creates
 * clients, and records an appointment only for a client it created.
 */
async function startService(): Promise<Service> {
  let clients = 0;
  let appointments = 0;
  const json = (outgoing: ServerResponse, status: number, value: unknown) => {
    outgoing.writeHead(status, { 'Content-Type': 'application/json' });
    outgoing.end(JSON.stringify(value));
  };
  const server = createServer((incoming, outgoing) => {
    let text = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (text += chunk));
    incoming.on('end', () => {
      const path = new URL(incoming.url ?? '/', 'http://service').pathname.replace('/api/2.0/', '/api/2.1/');
      if (incoming.method === 'GET' && path === COMPANY.replace('/api/2.0/', '/api/2.1/')) return json(outgoing, 200, CATALOG.company);
      if (incoming.method === 'GET' && path.endsWith('/services')) return json(outgoing, 200, CATALOG.services);
      if (incoming.method === 'GET' && path.endsWith('/freeSlots')) {
        return json(outgoing, 200, { items: [{ date: '2026-03-05', slots: ['09:00', '09:45', '10:30'] }] });
      }
      if (incoming.method === 'POST' && path.endsWith('/clients'))
        return json(outgoing, 201, { id: `cl-${++clients}`, ...JSON.parse(text) });
      if (incoming.method === 'POST' && path.endsWith('/appointments')) {
        const input = JSON.parse(text) as { client?: { id?: string }; start: unknown; end: unknown };
        const client = Number(/^cl-(\d+)$/.exec(input.client?.id ?? '')?.[1]);
        if (!(client >= 1 && client <= clients)) return json(outgoing, 404, { errorCode: 'NOT_FOUND', message: 'No such client.' });
        appointments++;
        return json(outgoing, 201, {
          id: `apt-${appointments}`,
          status: 'accepted',
          client: input.client,
          start: input.start,
          end: input.end,
        });
      }
      json(outgoing, 404, { errorCode: 'NOT_FOUND', message: `${incoming.method} ${path} is not served here.` });
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, appointments: () => appointments };
}

/** The proxy's sources at `ref`, runnable with this checkout's node_modules. */
function checkout(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'booking-proxy-baseline-'));
  execFileSync('sh', ['-c', `git archive ${ref} src packages package.json | tar -x -C ${dir}`], { cwd: REPO });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(cli: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', INSTANCE], {
    cwd: REPO,
    env: { PATH: process.env.PATH, BENCH_PROXY_CLI: cli, BOOKING_PROXY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let output = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      // Read until listening, then only drained: writing the log lines is part of the cost.
      if (listening) return;
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        listening = true;
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}: ${output}`)));
  });
  return { url, child };
}

async function memoryOf(instance: Instance): Promise<{ rss: number; heapUsed: number }> {
  instance.child.send('memory');
  const [answer] = await once(instance.child, 'message');
  return answer as { rss: number; heapUsed: number };
}

async function stop(instances: Instance[]): Promise<void> {
  await Promise.all(
    instances.map(async ({ child }) => {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }),
  );
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let address = 0;
/** A visitor's address: 10,000 of them, so that the per-address rate limit does not decide the figures. */
const visitor = () => {
  address++;
  return `10.0.${(address >> 8) % 40}.${address % 250}`;
};
/** Created clients' tokens (the latest 10,000), handed from the `client` workload to the `book` one after it. */
const tokens: string[] = [];
let keys = 0;
/** Bookings the proxy answered 2xx: the service must have recorded as many. */
let booked = 0;

/**
 * The widget's three requests: a read of the times, the visitor's client created
 * (its answer's token kept), and the booking for that client with its own key.
 */
const workloads: Record<
  string,
  { next: (index: number) => LoadRequest; answered?: (index: number, status: number, body: string) => void }
> = {
  read: {
    next: () => ({
      method: 'GET',
      path: `${COMPANY}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-11&serviceId=2001`,
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    }),
  },
  client: {
    next: () => ({
      method: 'POST',
      path: '/api/2.0/clients',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor() },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Visitor', emailAddresses: [{ email: 'bench@example.com', primary: true }] }),
    }),
    answered: (_index, status, body) => {
      if (status < 200 || status > 299) return;
      tokens.push((JSON.parse(body) as { id: string }).id);
      if (tokens.length > 10_000) tokens.shift();
    },
  },
  book: {
    next: (index) => ({
      method: 'POST',
      path: `${COMPANY}/appointments`,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${process.pid}-${++keys}`, 'X-Forwarded-For': visitor() },
      body: JSON.stringify({
        client: { id: tokens[index % tokens.length] ?? 'no-client-created' },
        service: { id: '2001' },
        start: { dateTime: '2026-03-09T14:30:00', timeZone: 'US/Eastern' },
        end: { dateTime: '2026-03-09T15:15:00', timeZone: 'US/Eastern' },
      }),
    }),
    answered: (_index, status) => {
      if (status >= 200 && status < 300) booked++;
    },
  },
};
/** For the memory run: reads, clients and bookings in turn. */
const turns = Object.values(workloads);
const mixed = {
  next: (index: number) => turns[index % turns.length]!.next(index),
  answered: (index: number, status: number, body: string) => turns[index % turns.length]!.answered?.(index, status, body),
};

interface Throughput {
  code: string;
  state: string;
  instances: number;
  workload: string;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

async function main() {
  const loadBefore = loadavg()[0]!;
  const baseline = baselineRef === undefined ? undefined : checkout(baselineRef);
  const service = await startService();
  const redis = REDIS_SKIP ? undefined : await startRedisServer();
  if (REDIS_SKIP) console.log(`Without Redis: ${REDIS_SKIP}. Only the memory state is measured.`);
  const env = (extra: Record<string, string> = {}) => ({
    BOOKING_PROXY_UPSTREAM: service.url,
    BOOKING_PROXY_API_KEY: 'bench-key',
    BOOKING_PROXY_TOKEN: 'bench-token',
    BOOKING_PROXY_COMPANIES: 'demo-salon',
    BOOKING_PROXY_ORIGINS: 'https://shop.example',
    BOOKING_PROXY_TRUST_FORWARDED: 'true',
    BOOKING_PROXY_RATE_LIMIT: '100',
    BOOKING_PROXY_SIGNING_KEY: SIGNING_KEY,
    BOOKING_PROXY_NOW: NOW,
    ...extra,
  });
  const now = join(REPO, 'packages/proxy/src/cli.ts');
  const codes = [
    ...(baseline
      ? [{ code: `before (${baselineRef!.slice(0, 7)})`, state: 'memory', cli: join(baseline, 'packages/proxy/src/cli.ts'), env: env() }]
      : []),
    { code: 'now', state: 'memory', cli: now, env: env() },
    ...(redis ? [{ code: 'now', state: 'Redis', cli: now, env: env({ BOOKING_PROXY_REDIS_URL: redis.url }) }] : []),
  ];
  const throughput: Throughput[] = [];
  const memory: {
    code: string;
    state: string;
    requests: number;
    start: { rss: number; heapUsed: number };
    end: { rss: number; heapUsed: number };
  }[] = [];
  try {
    for (const count of [1, 2, 4]) {
      const measured = new Map<string, { perSecond: number[]; p50: number[]; p99: number[]; statuses: Record<string, number> }>();
      for (let run = 0; run < runs; run++) {
        for (const { code, state, cli, env: instanceEnv } of run % 2 ? [...codes].reverse() : codes) {
          const instances = await Promise.all(Array.from({ length: count }, () => startInstance(cli, instanceEnv)));
          const bases = instances.map((i) => i.url);
          for (const [workload, { next, answered }] of Object.entries(workloads)) {
            await runLoad(bases, 500, concurrency, next, answered);
            const result = await runLoad(bases, requests, concurrency, next, answered);
            const key = `${code}\n${state}\n${workload}`;
            const figures = measured.get(key) ?? { perSecond: [], p50: [], p99: [], statuses: {} };
            figures.perSecond.push(result.requests / result.seconds);
            figures.p50.push(percentile(result.latencies, 50));
            figures.p99.push(percentile(result.latencies, 99));
            for (const [status, n] of Object.entries(result.statuses)) figures.statuses[status] = (figures.statuses[status] ?? 0) + n;
            measured.set(key, figures);
          }
          await stop(instances);
        }
      }
      for (const { code, state } of codes) {
        for (const workload of Object.keys(workloads)) {
          const figures = measured.get(`${code}\n${state}\n${workload}`)!;
          const row = {
            code,
            state,
            instances: count,
            workload,
            perSecond: Math.round(median(figures.perSecond)),
            p50: median(figures.p50),
            p99: median(figures.p99),
            statuses: figures.statuses,
          };
          throughput.push(row);
          console.log(
            `${code.padEnd(18)} ${state.padEnd(24)} ${count} instance(s) ${workload}: ${row.perSecond} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms ${JSON.stringify(row.statuses)}`,
          );
        }
      }
    }
    for (const { code, state, cli, env: instanceEnv } of memoryRequests > 0 ? codes : []) {
      const instance = await startInstance(cli, instanceEnv);
      await runLoad([instance.url], 300, concurrency, mixed.next, mixed.answered);
      const start = await memoryOf(instance);
      await runLoad([instance.url], memoryRequests, concurrency, mixed.next, mixed.answered);

      const end = await memoryOf(instance);
      memory.push({ code, state, requests: memoryRequests, start, end });
      const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
      console.log(
        `${code.padEnd(18)} ${state.padEnd(24)} after ${memoryRequests} requests: heap ${mb(start.heapUsed)} → ${mb(end.heapUsed)}, RSS ${mb(start.rss)} → ${mb(end.rss)}`,
      );
      await stop([instance]);
    }
  } finally {
    await redis?.stop();
    service.server.closeAllConnections();
    service.server.close();
    if (baseline) rmSync(baseline, { recursive: true, force: true });
  }
  const recorded = service.appointments();
  console.log(`\nBookings answered 2xx by the proxy: ${booked}; appointments the service recorded: ${recorded}.`);
  if (booked === 0 || booked !== recorded) {
    console.error('The bookings did not book: the figures above measure refusals, not bookings.');
    process.exitCode = 1;
  }
  mkdirSync(join(REPO, 'bench'), { recursive: true });
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim(),
    loadAverage: { before: loadBefore, after: loadavg()[0]! },
    commit: git('rev-parse', '--short', 'HEAD'),
  };
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ command: `node --import tsx bench/proxy-load.ts ${process.argv.slice(2).join(' ')}`.trim(), machine, baseline: baselineRef ?? null, requests, runs, concurrency, bookings: { answered2xx: booked, recorded }, throughput, memory }, null, 2)}\n`,
  );
  console.log(
    `\nFigures in bench/proxy-results.json (${machine.cpus} CPUs, load average ${loadBefore.toFixed(1)} → ${machine.loadAverage.after.toFixed(1)}).`,
  );
}

await main();
