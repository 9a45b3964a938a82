/**
 * `npm run build:packages`: the proxy and the sandbox as their npm packages build
 * them, in packages/<name>/dist: each entry bundled into one ES module (their own
 * code and the shared package's, booking-widget-shared, which is never published;
 * npm dependencies stay imports), and their declarations, which carry the shared
 * declarations they name (build-in-shared.ts). The tests that run the deploy
 * examples, and the packed-package tests, use these files as a merchant's project
 * would. Each also carries docs/service-contract.md, which its comments and
 * declarations cite ("service contract §N"). Each package's `prepack` runs this for itself:
 *
 *   node --import tsx scripts/build-packages.ts [proxy] [sandbox]
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { buildInShared } from './build-in-shared.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Each package's entry points: the file under src/, and the name it takes in dist/. */
const PACKAGES: Record<string, Record<string, string>> = {
  proxy: {
    index: 'index.ts',
    node: 'node/node-server.ts',
    redis: 'state/redis-state.ts',
    cloudflare: 'state/durable-objects.ts',
    cli: 'cli.ts',
  },
  sandbox: { index: 'index.ts', cli: 'cli.ts' },
};

/** npm dependencies and node: built-ins stay imports, resolved where the package is installed; the shared package is built in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path === 'booking-widget-shared' || path.startsWith('booking-widget-shared/') ? undefined : { path, external: true },
    );
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in PACKAGES));
if (unknown.length) throw new Error(`build-packages: no package ${unknown.join(', ')} (${Object.keys(PACKAGES).join(', ')})`);

await Promise.all(
  Object.entries(PACKAGES)
    .filter(([name]) => wanted.length === 0 || wanted.includes(name))
    .map(async ([name, entries]) => {
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
          plugins: [externalPackages],
          chunkNames: 'shared-[hash]',
          legalComments: 'none',
          logLevel: 'warning',
        }),
        run(process.execPath, [`${REPO}node_modules/typescript/bin/tsc`, '-p', `${root}/tsconfig.build.json`]).then(() =>
          buildInShared(`${root}/dist/types`, { declarationsOnly: true }),
        ),
        mkdir(`${root}/dist`, { recursive: true }).then(() =>
          copyFile(`${REPO}docs/service-contract.md`, `${root}/dist/service-contract.md`),
        ),
      ]);
    }),
);
