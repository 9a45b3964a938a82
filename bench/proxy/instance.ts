/**
 * One proxy instance for the load bench: the Node entry (`packages/proxy/src/cli.ts`) of the
 * tree given in BENCH_PROXY_CLI, so that the code before this work can be measured
 * too, plus an IPC answer with its memory after a garbage collection. Run with
 * `--expose-gc` and an IPC channel.
 */
export {};

const cli = process.env.BENCH_PROXY_CLI;
if (!cli) throw new Error('BENCH_PROXY_CLI names the cli.ts to run');
await import(cli);

process.on('message', (message) => {
  if (message !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send!({ rss, heapUsed });
});
