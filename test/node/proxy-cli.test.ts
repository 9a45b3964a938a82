import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { A_CLIENT } from './proxy-harness.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A real HTTP service for the real server to talk to. */
async function startService(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
    res.end(JSON.stringify({ id: 'x', extendedProperties: { private: { margin: 1 }, public: {} } }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`, seen };
}

function runCli(env: Record<string, string>): { child: ChildProcess; output: () => string; listening: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/proxy/src/cli.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  let output = '';
  const listening = new Promise<string>((resolvePromise, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolvePromise(match[1]!);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  listening.catch(() => {});
  return { child, output: () => output, listening };
}

const BASE_ENV = {
  BOOKING_PROXY_API_KEY: 'secret-api-key',
  BOOKING_PROXY_TOKEN: 'secret-sso-token',
  BOOKING_PROXY_COMPANIES: 'demo-salon',
  BOOKING_PROXY_ORIGINS: 'http://localhost:8000',
  BOOKING_PROXY_PORT: '0',
  BOOKING_PROXY_BASE_PATH: '/booking-api',
  BOOKING_PROXY_RATE_LIMIT: '1',
};

const postClient = (base: string, forwardedFor: string) =>
  fetch(`${base}/api/2.0/clients`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify(A_CLIENT),
  });

describe('npm run proxy (packages/proxy/src/cli.ts)', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  const children: ChildProcess[] = [];
  before(async () => {
    service = await startService();
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    service.server.close();
  });

  it('refuses to start, naming what is missing', async () => {
    const { child, output } = runCli({ BOOKING_PROXY_API_KEY: 'secret-api-key' });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(output(), /cannot start/);
    assert.match(output(), /BOOKING_PROXY_UPSTREAM is required/);
    assert.match(output(), /BOOKING_PROXY_TOKEN is missing/);
    assert.doesNotMatch(output(), /secret/);
  });

  it('refuses to start on an invalid option', async () => {
    const { child, output } = runCli({ ...BASE_ENV, BOOKING_PROXY_UPSTREAM: 'ftp://x', BOOKING_PROXY_ORIGINS: 'localhost' });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(output(), /upstream must be an http\(s\) URL/);
  });

  it('serves over HTTP, prints what it serves, and counts POSTs by socket address', async () => {
    const run = runCli({ ...BASE_ENV, BOOKING_PROXY_UPSTREAM: service.url });
    children.push(run.child);
    const base = await run.listening;
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\/booking-api$/);
    assert.match(run.output(), /companies\s+demo-salon/);
    assert.doesNotMatch(run.output(), /secret/);

    const company = await fetch(`${base}/api/2.1/scheduling/companies/demo-salon`, {
      headers: { Origin: 'http://localhost:8000', Cookie: 'a=b' },
    });
    assert.equal(company.status, 200);
    assert.equal(company.headers.get('access-control-allow-origin'), 'http://localhost:8000');
    assert.equal(company.headers.get('set-cookie'), null);
    assert.deepEqual(await company.json(), { id: 'x', extendedProperties: { public: {} } });
    const [call] = service.seen;
    assert.equal(call!.url, '/base/api/2.1/scheduling/companies/demo-salon');
    assert.equal(call!.headers.apikey, 'secret-api-key');
    assert.equal(call!.headers.cookie, undefined);

    // The visitor cannot escape the limit by inventing X-Forwarded-For.
    assert.equal((await postClient(base, '203.0.113.1')).status, 200);
    assert.equal((await postClient(base, '203.0.113.2')).status, 429);
    assert.match(run.output(), /booking-proxy POST \/api\/2\.0\/clients 429 \d+ms reason=rate-limited/);

    run.child.kill('SIGTERM');
    const [code] = await once(run.child, 'exit');
    assert.equal(code, 0);
  });

  it('counts by X-Forwarded-For when told to trust it', async () => {
    const run = runCli({ ...BASE_ENV, BOOKING_PROXY_UPSTREAM: service.url, BOOKING_PROXY_TRUST_FORWARDED: 'true' });
    children.push(run.child);
    const base = await run.listening;
    assert.match(run.output(), /X-Forwarded-For, 1 trusted proxy hop/);
    assert.equal((await postClient(base, '6.6.6.6, 203.0.113.1')).status, 200);
    assert.equal((await postClient(base, '6.6.6.6, 203.0.113.2')).status, 200);
    assert.equal((await postClient(base, '7.7.7.7, 203.0.113.2')).status, 429);
  });
});
