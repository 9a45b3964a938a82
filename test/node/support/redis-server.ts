/**
 * A real `redis-server` for the tests: started on a free port of 127.0.0.1, with
 * nothing saved to disk, stopped by its process id. When the machine has none, the
 * tests that need it are skipped with `REDIS_SKIP` as their reason, which
 * `npm test` counts in its summary line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { stopChild, waitForOutput } from './processes.js';

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** The server's version line, or `undefined` when there is no `redis-server` to run. */
export const redisVersion: string | undefined = (() => {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? /v=(\S+)/.exec(probe.stdout)?.[1] : undefined;
})();

/** `false` when Redis tests can run, otherwise why not: the skip reason node:test prints. */
export const REDIS_SKIP: string | false = redisVersion
  ? false
  : `redis: no redis-server on PATH (apt-get install redis-server, or set REDIS_SERVER)`;

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `start` on a free port, again on another (three tries in all) when it fails because the port was
 * taken: a free port is free when asked, not when the server binds it, and a test file running beside
 * this one may take it in between.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt === 3 || !/already in use/i.test((error as Error).message)) throw error;
    }
  }
}

export interface RedisServer {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A redis-server on `port` (the same one again to restart it), or on a free one (`onFreePort`: on
 * another if that one is taken before Redis binds it).
 */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  return port === undefined ? onFreePort(startOn) : startOn(port);
}

async function startOn(port: number): Promise<RedisServer> {
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForOutput(child, 'redis-server', (text) => (/Ready to accept connections/.test(text) ? 'ready' : undefined));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () => stopChild(child, 'SIGKILL'),
  };
}
