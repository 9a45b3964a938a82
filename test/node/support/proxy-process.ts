/**
 * `npm run proxy` (packages/proxy/src/cli.ts) as a real process on a free port, stopped or
 * killed by its process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProxyProcess {
  /** The proxy's base URL, `http://127.0.0.1:port`. */
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL: what an out-of-memory killer or a lost machine does. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly stop. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function startProxyProcess(env: Record<string, string>): Promise<ProxyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/proxy/src/cli.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, BOOKING_PROXY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolvePromise, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolvePromise(match[1]!);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}:\n${output}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (exited(child)) return;
    child.kill(name);
    await once(child, 'exit');
  };
  return { url, process: child, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
