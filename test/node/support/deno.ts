/**
 * packages/proxy/examples/deno.ts run by Deno, as the `deno` npm package ships it: started on a
 * free port, stopped by its process id. `DENO_SKIP` says why not when that binary
 * cannot run on this machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild, waitForOutput } from './processes.js';
import { secondNodeSkip } from './second-node.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function findDeno(): { path?: string; version?: string; problem?: string } {
  let path: string;
  try {
    path = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  } catch (error) {
    return { problem: `the deno npm package has no binary for ${process.platform}-${process.arch}: ${(error as Error).message}` };
  }
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return { problem: `${path} does not run here: ${probe.error?.message ?? probe.stderr.trim()}` };
  return { path, version: /deno (\S+)/.exec(probe.stdout)?.[1] };
}

const deno = findDeno();
export const denoVersion = deno.version;
export const DENO_SKIP: string | false = deno.path ? secondNodeSkip('deno') : `deno: ${deno.problem}`;

export interface DenoProxy {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The Deno example with `env`, run with exactly the permissions its header names. */
export async function startDenoProxy(env: Record<string, string>): Promise<DenoProxy> {
  const child = spawn(deno.path!, ['run', '--allow-net', '--allow-env', '--no-prompt', 'packages/proxy/examples/deno.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      // Kept with the other caches of node_modules; nothing is fetched from the network.
      DENO_DIR: resolve(root, 'node_modules/.cache/deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      BOOKING_PROXY_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { found: url, output } = await waitForOutput(child, 'deno', (text) => /Listening on (http:\/\/[^/\s]+)/.exec(text)?.[1]);
  return {
    url,
    process: child,
    output,
    stop: () => stopChild(child),
  };
}
