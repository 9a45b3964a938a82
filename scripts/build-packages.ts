/**
 * `npm run build:packages`: the proxy and the sandbox as their npm packages build
 * them, in packages/<name>/dist: each entry bundled into one ES module (their own
 * code and the wire code they share with the widget, from src/api; npm dependencies
 * stay imports), and their declarations. The tests that run the deploy examples,
 * and the packed-package tests, use these files as a merchant's project would.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Each package's entry points: the file under src/, and the name it takes in dist/. */
const PACKAGES: Record<string, Record<string, string>> = {
  proxy: {
    index: 'index.ts',
    node: 'node-server.ts',
    redis: 'state/redis-state.ts',
    cloudflare: 'state/durable-objects.ts',
    cli: 'cli.ts',
  },
  sandbox: { index: 'index.ts', cli: 'cli.ts' },
};

await Promise.all(
  Object.entries(PACKAGES).map(async ([name, entries]) => {
    const root = `${REPO}packages/${name}`;
    await rm(`${root}/dist`, { recursive: true, force: true });
    await Promise.all([
      build({
        entryPoints: Object.fromEntries(Object.entries(entries).map(([out, file]) => [out, `${root}/src/${file}`])),
        outdir: `${root}/dist`,
        bundle: true,
        splitting: true,
        format: 'esm',
        // The proxy's handler runs on Node, Workers and Deno alike: nothing Node-specific is assumed.
        platform: 'neutral',
        target: 'es2022',
        // npm dependencies and node: built-ins stay imports, resolved where the package is installed.
        packages: 'external',
        chunkNames: 'shared-[hash]',
        legalComments: 'none',
        logLevel: 'warning',
      }),
      run(process.execPath, [`${REPO}node_modules/typescript/bin/tsc`, '-p', `${root}/tsconfig.build.json`]),
    ]);
  }),
);
