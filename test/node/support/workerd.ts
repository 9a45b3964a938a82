/**
 * packages/proxy/examples/cloudflare-worker.ts in workerd, through Miniflare, configured from
 * packages/proxy/examples/wrangler.jsonc: the files a merchant deploys, not copies of them.
 * The Worker is bundled with esbuild, as wrangler does.
 *
 * Production runs many isolates of the Worker and the Durable Objects in their own
 * places; so does this: one workerd process holds the objects, and each proxy
 * instance is a workerd process of its own whose bindings reach them through
 * Miniflare's dev registry (what `wrangler dev` uses between sessions). An instance
 * can therefore be killed (SIGKILL, by `dispose`) while the objects live on.
 */
import { build } from 'esbuild';
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const WRANGLER_CONFIG = resolve(root, 'packages/proxy/examples/wrangler.jsonc');

interface WranglerConfig {
  name: string;
  main: string;
  compatibility_date: string;
  vars?: Record<string, string>;
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  migrations?: { new_sqlite_classes?: string[] }[];
}

/** The wrangler configuration (its comments are whole lines, which is all this strips). */
export function readWranglerConfig(path = WRANGLER_CONFIG): WranglerConfig {
  return JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as WranglerConfig;
}

/** workerd's version, as the npm package ships it. */
export function workerdVersion(): string {
  return (JSON.parse(readFileSync(resolve(root, 'node_modules/workerd/package.json'), 'utf8')) as { version: string }).version;
}

export interface WorkerFleet {
  /** Each instance's own HTTP address on 127.0.0.1 (`http://127.0.0.1:port`), for a browser or the sandbox's watches to reach. */
  urls: string[];
  /** A request to instance `index`. */
  fetchers: ((path: string, init?: RequestInit) => Promise<Response>)[];
  /** SIGKILLs instance `index`'s workerd. */
  kill(index: number): Promise<void>;
  /** What the workerd processes printed (the proxies' log lines, errors). */
  output(): string;
  close(): Promise<void>;
}

/** `instances` workerd processes of the Worker, plus one holding the Durable Objects; `ports`: where each instance listens (default: any free port). */
export async function startWorkerFleet(
  instances: number,
  vars: Record<string, string>,
  { ports = [] }: { ports?: readonly number[] } = {},
): Promise<WorkerFleet> {
  const config = readWranglerConfig();
  const bundle = await build({
    entryPoints: [resolve(dirname(WRANGLER_CONFIG), config.main)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  const sqliteClasses = new Set((config.migrations ?? []).flatMap((migration) => migration.new_sqlite_classes ?? []));
  const durableObjects = (scriptName?: string) =>
    Object.fromEntries(
      (config.durable_objects?.bindings ?? []).map(({ name, class_name }) => [
        name,
        { className: class_name, scriptName, useSQLite: sqliteClasses.has(class_name) },
      ]),
    );
  const registry = mkdtempSync(join(tmpdir(), 'booking-proxy-dev-registry-'));
  let output = '';
  const worker = (name: string, scriptName?: string, port?: number): MiniflareOptions => ({
    name,
    ...(port !== undefined && { host: '127.0.0.1', port }),
    modules: true,
    script,
    compatibilityDate: config.compatibility_date,
    bindings: { ...config.vars, ...vars },
    durableObjects: durableObjects(scriptName),
    unsafeDevRegistryPath: registry,
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    },
  });
  // Every workerd started is disposed of, also when a later one fails to start: the
  // instances first, then the one holding the objects they reach.
  const started: Miniflare[] = [];
  const disposeAll = async () => {
    const [objects, ...instances] = started.splice(0);
    await Promise.allSettled(instances.map((instance) => instance.dispose()));
    await objects?.dispose();
    rmSync(registry, { recursive: true, force: true });
  };
  const start = async (options: MiniflareOptions) => {
    const instance = new Miniflare(options);
    started.push(instance);
    await instance.ready;
    return instance;
  };
  let proxies: Miniflare[];
  try {
    await start(worker(config.name));
    proxies = await Promise.all(
      Array.from({ length: instances }, (_, index) => start(worker(`${config.name}-instance-${index}`, config.name, ports[index]))),
    );
  } catch (error) {
    await disposeAll();
    throw new Error(`workerd did not start: ${(error as Error).message}\n${output}`, { cause: error });
  }
  const urls = await Promise.all(proxies.map(async (proxy) => (await proxy.ready).origin));
  return {
    urls,
    fetchers: proxies.map(
      (proxy) => async (path, init) =>
        (await proxy.dispatchFetch(`https://booking-proxy.example${path}`, init as never)) as unknown as Response,
    ),
    kill: async (index) => {
      const proxy = proxies[index]!;
      if (!started.includes(proxy)) return;
      started.splice(started.indexOf(proxy), 1);
      await proxy.dispose();
    },
    output: () => output,
    close: disposeAll,
  };
}
