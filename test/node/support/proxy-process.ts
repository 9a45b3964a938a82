/**
 * `npm run proxy` (packages/proxy/src/cli.ts) as a real process on a free port, stopped or
 * killed by its process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild, waitForOutput } from './processes.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProxyProcess {
  /** The proxy's base URL, `http://127.0.0.1:port`. */
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL: what an out-of-memory killer or a lost machine does. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly stop (SIGKILL if it has not ended within a few seconds). */
  stop(): Promise<void>;
}

export async function startProxyProcess(env: Record<string, string>): Promise<ProxyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/proxy/src/cli.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, BOOKING_PROXY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { found: url, output } = await waitForOutput(child, 'the proxy', (text) => /listening on (http:\/\/\S+)/.exec(text)?.[1]);
  return { url, process: child, output, kill: () => stopChild(child, 'SIGKILL'), stop: () => stopChild(child) };
}
