/**
 * `npm pack` of each server package in a tree that was never built, as a release
 * from a fresh clone runs it: the package's own `prepack` builds it (the shared
 * package built in), what is packed holds its code, its declarations start at its
 * own root, and the packed commands run. The tree is a copy of this repository's
 * files as git sees them (tracked, and untracked but not ignored: no dist/, no
 * earlier build); its node_modules links the repository's install, except the
 * workspaces, which link the copy's own packages. The packed packages are then
 * unpacked into a merchant's project, as server-packages.test.ts does.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { stopChild, waitForOutput } from '../node/support/processes.js';
import { scratchProject } from './support/installed-package.js';
import { REPO } from './support/paths.js';

const run = promisify(execFile);
const WORKSPACES: Record<string, string> = {
  'booking-widget-proxy': 'packages/proxy',
  'booking-widget-sandbox': 'packages/sandbox',
  'booking-widget-shared': 'packages/shared',
};
const SERVERS = ['booking-widget-proxy', 'booking-widget-sandbox'];

let tree = '';
let project = '';
const packed = new Map<string, string[]>();

/** The repository's files as a fresh clone would hold them, with the working tree's changes. */
async function copyTree(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'booking-widget-clean-'));
  const { stdout } = await run('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
  const files = stdout.split('\0').filter(Boolean);
  await Promise.all(
    files.map(async (file) => {
      await mkdir(join(copy, dirname(file)), { recursive: true });
      await cp(join(REPO, file), join(copy, file)).catch((error: NodeJS.ErrnoException) => {
        // A file deleted in the working tree but not yet in the index: a clone of the change would not have it.
        if (error.code !== 'ENOENT') throw error;
      });
    }),
  );
  await mkdir(join(copy, 'node_modules'));
  for (const entry of await readdir(join(REPO, 'node_modules'))) {
    if (entry === '.cache') continue;
    const target = WORKSPACES[entry] ? join(copy, WORKSPACES[entry]) : join(REPO, 'node_modules', entry);
    await symlink(target, join(copy, 'node_modules', entry));
  }
  return copy;
}

before(async () => {
  tree = await copyTree();
  project = await scratchProject('clean-pack');
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await Promise.all(
    SERVERS.map(async (name) => {
      const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: join(tree, WORKSPACES[name]!) });
      const [{ filename, files }] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
      packed.set(
        name,
        files.map((file) => file.path),
      );
      const installed = join(project, 'node_modules', name);
      await mkdir(installed);
      await run('tar', ['-xzf', join(project, filename), '-C', installed, '--strip-components=1']);
      await symlink(join('..', name, 'dist', 'cli.js'), join(project, 'node_modules', '.bin', name));
    }),
  );
});

after(async () => {
  if (project) await rm(project, { recursive: true, force: true });
  if (tree) await rm(tree, { recursive: true, force: true });
});

test('npm pack in a never-built package folder builds it: its code and its declarations, under its own root', () => {
  for (const name of SERVERS) {
    const paths = packed.get(name)!;
    for (const needed of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/cli.js', 'dist/types/index.d.ts']) {
      assert.ok(paths.includes(needed), `${name}: ${needed} is packed`);
    }
    assert.ok(
      paths.some((path) => path.startsWith('dist/types/shared/')),
      `${name}: the shared declarations it names are packed`,
    );
    assert.deepEqual(
      paths.filter((path) => path.includes('packages/')),
      [],
      `${name}: no repository path in the package`,
    );
  }
});

test('the packed commands run: the sandbox serves, and the proxy in front of it forwards what a booking page asks', async () => {
  const bin = (name: string) => join(project, 'node_modules', '.bin', name);
  const sandbox = spawn(process.execPath, [bin('booking-widget-sandbox'), '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const { found: sandboxUrl } = await waitForOutput(sandbox, 'booking-widget-sandbox', (output) =>
      output.includes('try ') ? /listening on (http:\/\/\S+)/.exec(output)?.[1] : undefined,
    );
    const proxy = spawn(process.execPath, [bin('booking-widget-proxy')], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        BOOKING_PROXY_UPSTREAM: sandboxUrl,
        BOOKING_PROXY_API_KEY: 'sandbox-api-key',
        BOOKING_PROXY_TOKEN: 'sandbox-token',
        BOOKING_PROXY_COMPANIES: 'demo-salon',
        BOOKING_PROXY_ORIGINS: 'https://shop.example',
        BOOKING_PROXY_HOST: '127.0.0.1',
        BOOKING_PROXY_PORT: '0',
      },
    });
    try {
      const { found: proxyUrl } = await waitForOutput(
        proxy,
        'booking-widget-proxy',
        (output) => /listening on (http:\/\/\S+)/.exec(output)?.[1],
      );
      const company = await fetch(`${proxyUrl}/api/2.1/scheduling/companies/demo-salon`);
      assert.equal(company.status, 200);
      assert.equal(((await company.json()) as { name: string }).name, 'Maple Street Hair Studio');
      const refused = await fetch(`${proxyUrl}/api/2.1/scheduling/companies/demo-salon/appointments`);
      assert.equal(refused.status, 403, 'the allowlist holds in the packed build');
    } finally {
      await stopChild(proxy);
    }
  } finally {
    await stopChild(sandbox);
  }
});
