import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { UsageError, parseCliArgs, parseFailure } from '../../packages/sandbox/src/cli-args.js';
import { CLIENTS, NOW, PARTNER, SALON } from './sandbox-support.js';

const ROOT = resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();
const directories: string[] = [];
after(async () => {
  for (const child of children) child.kill();
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

interface Running {
  base: string;
  banner: string;
  stop(): Promise<void>;
}

/** Starts the CLI as `npm run sandbox` does, and resolves once it prints its address. */
function startCli(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/sandbox/src/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address printed in 20 s:\n${output}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const base = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!base || !output.includes('try ')) return;
      clearTimeout(timer);
      resolveStart({
        base,
        banner: output,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
          children.delete(child);
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}) before listening:\n${output}`)));
  });
}

function runToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/sandbox/src/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stderr })));
}

describe('sandbox CLI', () => {
  test('listens on 127.0.0.1 on a free port, prints its credentials, serves the API over HTTP, keeps --data across restarts', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'sandbox-cli-'));
    directories.push(directory);
    const data = join(directory, 'state.json');
    const args = ['--port', '0', '--now', NOW, '--fail', 'GET:freeSlots=503', '--latency', '40', '--data', data];

    const first = await startCli(args);
    assert.match(first.base, /^http:\/\/127\.0\.0\.1:(\d+)$/);
    assert.notEqual(first.base, 'http://127.0.0.1:0');
    for (const secret of ['sandbox-api-key', 'sandbox-token', 'sandbox-client', 'sandbox-secret', 'http://127.0.0.1:8787/oauth/callback']) {
      assert.ok(first.banner.includes(secret), secret);
    }
    assert.match(first.banner, /companies +demo-salon, demo-courts, demo-clinic, demo-salon-west\n/, 'all four seed companies');

    const started = performance.now();
    const company = await fetch(`${first.base}${SALON}`, { headers: PARTNER });
    assert.ok(performance.now() - started >= 40, '--latency');
    assert.equal(company.status, 200);
    assert.equal(((await company.json()) as { name: string }).name, 'Maple Street Hair Studio');

    const slots = await fetch(`${first.base}${SALON}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002`, {
      headers: PARTNER,
    });
    assert.equal(slots.status, 503);
    assert.equal(slots.headers.get('retry-after'), '1');

    const created = await fetch(`${first.base}${CLIENTS}`, {
      method: 'POST',
      headers: { ...PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Kept', lastName: 'Across restarts' }),
    });
    const { id } = (await created.json()) as { id: string };
    await first.stop();

    const second = await startCli(args);
    const kept = await fetch(`${second.base}${CLIENTS}/${id}`, { headers: PARTNER });
    assert.equal(kept.status, 200);
    assert.equal(((await kept.json()) as { lastName: string }).lastName, 'Across restarts');
    await second.stop();
  });

  test('a bad flag prints the usage and exits with status 2', async () => {
    for (const args of [['--port', 'eighty'], ['--fail', 'freeSlots'], ['--now', 'yesterday'], ['--verbose']]) {
      const { code, stderr } = await runToExit(args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /Usage: booking-widget-sandbox/);
    }
  });

  test('flags are read into sandbox options', () => {
    assert.deepEqual(parseFailure('POST:/companies/*/appointments=409'), {
      path: '/companies/*/appointments',
      status: 409,
      method: 'POST',
    });
    assert.deepEqual(parseFailure('freeSlots=503'), { path: 'freeSlots', status: 503 });
    assert.throws(() => parseFailure('freeSlots=200'), UsageError);
    assert.deepEqual(parseCliArgs(['--host', '0.0.0.0', '--fail', 'a=500', '--fail', 'b=429']), {
      port: 8787,
      host: '0.0.0.0',
      latencyMs: 0,
      failures: [
        { path: 'a', status: 500 },
        { path: 'b', status: 429 },
      ],
      now: undefined,
      dataFile: undefined,
      help: false,
    });
    assert.throws(() => parseCliArgs(['--port', '70000']), UsageError);
  });
});
