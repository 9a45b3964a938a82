/**
 * `npm run bench:proxy`: the proxy chain under load. Requests per second and p50/p99
 * latency through 1, 2 and 4 Node instances (round robin, as a load balancer does)
 * in front of a service that answers at once, so that the proxy is what is measured;
 * and one instance's memory after 100,000 requests. Each for the code before the
 * shared state (`--baseline`, default: where this branch left main) and for the code
 * now, on Redis. A script, not a test: it prints figures (docs/proxy.md quotes them)
 * and writes them to bench/proxy-results.json.
 *
 * Both codes run at each instance count in turn, `--runs` times, and each figure is
 * the median of the runs, so that a machine that gets busier meanwhile does not
 * favour one of them.
 *
 *   node --import tsx bench/proxy-load.ts [--baseline REF] [--requests N] [--runs N] [--concurrency N] [--memory-requests N]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startRedisServer } from '../test/node/support/redis-server.js';
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
const baselineRef = values.baseline ?? git('merge-base', 'HEAD', 'main');
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const memoryRequests = Number(values['memory-requests']);
const runs = Number(values.runs);

/** The service: answers every read and every booking at once. */
async function startService(): Promise<{ server: Server; url: string }> {
  let booked = 0;
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      const booking = incoming.method === 'POST';
      outgoing.writeHead(booking ? 201 : 200, { 'Content-Type': 'application/json' });
      outgoing.end(
        booking
          ? JSON.stringify({ id: `apt-${++booked}`, status: 'accepted' })
          : '{"items":[{"date":"2026-03-05","slots":["09:00","09:45","10:30"]}]}',
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
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
/** Visitors from 10,000 addresses, each POST with its own key: bookings that all reach the service. */
const workloads: Record<string, (index: number) => LoadRequest> = {
  read: () => ({
    method: 'GET',
    path: `${COMPANY}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-11&serviceId=2001`,
    headers: { 'X-Forwarded-For': '203.0.113.7' },
  }),
  book: (index) => ({
    method: 'POST',
    path: `${COMPANY}/appointments`,
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': `bench-${process.pid}-${index}-${++address}`,
      'X-Forwarded-For': `10.0.${(address >> 8) % 40}.${address % 250}`,
    },
    body: JSON.stringify({
      client: { id: 'cl-1' },
      service: { id: '2001' },
      start: { dateTime: '2026-03-09T14:30:00', timeZone: 'US/Eastern' },
      end: { dateTime: '2026-03-09T15:15:00', timeZone: 'US/Eastern' },
    }),
  }),
};
const mixed = (index: number) => (index % 2 ? workloads.book! : workloads.read!)(index);

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
  const baseline = checkout(baselineRef);
  const service = await startService();
  const redis = await startRedisServer();
  const env = (extra: Record<string, string> = {}) => ({
    BOOKING_PROXY_UPSTREAM: service.url,
    BOOKING_PROXY_API_KEY: 'bench-key',
    BOOKING_PROXY_TOKEN: 'bench-token',
    BOOKING_PROXY_COMPANIES: 'demo-salon',
    BOOKING_PROXY_ORIGINS: 'https://shop.example',
    BOOKING_PROXY_TRUST_FORWARDED: 'true',
    BOOKING_PROXY_RATE_LIMIT: '100',
    ...extra,
  });
  const codes = [
    {
      code: `before (${baselineRef.slice(0, 7)})`,
      state: 'memory of each instance',
      cli: join(baseline, 'packages/proxy/src/cli.ts'),
      env: env(),
    },
    { code: 'now', state: 'Redis', cli: join(REPO, 'packages/proxy/src/cli.ts'), env: env({ BOOKING_PROXY_REDIS_URL: redis.url }) },
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
        for (const { code, cli, env: instanceEnv } of run % 2 ? [...codes].reverse() : codes) {
          const instances = await Promise.all(Array.from({ length: count }, () => startInstance(cli, instanceEnv)));
          for (const [workload, next] of Object.entries(workloads)) {
            await runLoad(
              instances.map((i) => i.url),
              500,
              concurrency,
              next,
            );
            const result = await runLoad(
              instances.map((i) => i.url),
              requests,
              concurrency,
              next,
            );
            const key = `${code}\n${workload}`;
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
          const figures = measured.get(`${code}\n${workload}`)!;
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
    const memoryRuns = [codes[0]!, { ...codes[1]!, state: 'memory (default)', env: env() }, codes[1]!];
    for (const { code, state, cli, env: instanceEnv } of memoryRequests > 0 ? memoryRuns : []) {
      const instance = await startInstance(cli, instanceEnv);
      await runLoad([instance.url], 200, concurrency, mixed);
      const start = await memoryOf(instance);
      await runLoad([instance.url], memoryRequests, concurrency, mixed);
      const end = await memoryOf(instance);
      memory.push({ code, state, requests: memoryRequests, start, end });
      const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
      console.log(
        `${code.padEnd(18)} ${state.padEnd(24)} after ${memoryRequests} requests: heap ${mb(start.heapUsed)} → ${mb(end.heapUsed)}, RSS ${mb(start.rss)} → ${mb(end.rss)}`,
      );
      await stop([instance]);
    }
  } finally {
    await redis.stop();
    service.server.closeAllConnections();
    service.server.close();
    rmSync(baseline, { recursive: true, force: true });
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
    `${JSON.stringify({ command: `node --import tsx bench/proxy-load.ts ${process.argv.slice(2).join(' ')}`.trim(), machine, baseline: baselineRef, requests, runs, concurrency, throughput, memory }, null, 2)}\n`,
  );
  console.log(
    `\nFigures in bench/proxy-results.json (${machine.cpus} CPUs, load average ${loadBefore.toFixed(1)} → ${machine.loadAverage.after.toFixed(1)}).`,
  );
}

await main();
