/**
 * Starting and stopping the processes the fleet tests run (proxies, Deno,
 * redis-server), so that a test that fails ends anyway: every process is stopped
 * by its own id, one that ignores SIGTERM is killed, and one that never says it
 * is ready is killed rather than waited for.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** How long a process may take to say it is ready (a cold tsx or Deno start on a busy machine). */
export const START_TIMEOUT_MS = 30_000;
/** How long an orderly stop may take before the process is killed. */
const STOP_GRACE_MS = 5_000;

export const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Sends `signal` to `child` and waits for it to exit; SIGKILL if it has not within the grace time. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (exited(child)) return;
  const exit = once(child, 'exit');
  child.kill(signal);
  if (signal !== 'SIGKILL') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
    const outcome = await Promise.race([exit, late]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    if (!exited(child)) child.kill('SIGKILL');
  }
  await exit;
}

/**
 * Resolves with what `ready` finds in `child`'s output (stdout and stderr). If the
 * child exits first, or says nothing of the kind within START_TIMEOUT_MS, it is
 * killed and the promise rejects with what it printed.
 */
export function waitForOutput(
  child: ChildProcess,
  name: string,
  ready: (output: string) => string | undefined,
): Promise<{ found: string; output: () => string }> {
  let output = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error, found?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) {
        void stopChild(child, 'SIGKILL').finally(() => reject(error));
      } else {
        resolve({ found: found!, output: () => output });
      }
    };
    const onExit = (code: number | null, signal: string | null) =>
      settle(new Error(`${name} exited with ${code ?? signal} before it was ready:\n${output}`));
    const timer = setTimeout(() => settle(new Error(`${name} was not ready within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready(output);
      if (found !== undefined) settle(undefined, found);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', onExit);
  });
}

/**
 * Starts several at once. If one fails, the ones that started are stopped before
 * the error is thrown, so that no process outlives a failed `before`.
 */
export async function startAll<T extends { stop(): Promise<unknown> }>(starts: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (!failed) return started;
  await Promise.all(started.map((item) => item.stop()));
  throw failed.reason;
}
