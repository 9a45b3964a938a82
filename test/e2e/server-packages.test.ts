/**
 * The proxy and the sandbox as a merchant installs them: their own packages, packed
 * (`npm pack`), unpacked into node_modules of a fresh project as `npm install` would,
 * with their commands linked in node_modules/.bin, and without the widget's package.
 * The project sits under this repository's node_modules/.cache, so their dependencies
 * (Hono) resolve from the repository's own install, with nothing fetched from a registry.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { lintTarball, scratchProject } from './support/installed-package.js';
import { REPO } from './support/paths.js';

const run = promisify(execFile);
let project = '';
const PACKAGES = { 'booking-widget-proxy': 'packages/proxy', 'booking-widget-sandbox': 'packages/sandbox' };
/** Each package's tarball and the files it holds. */
const tarballs = new Map<string, { tarball: string; files: string[] }>();

interface PackageJson {
  dependencies?: Record<string, string>;
  bin: Record<string, string>;
}

before(async () => {
  project = await scratchProject('merchant-server');
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'merchant-server', private: true, type: 'module' }));
  for (const [name, workspace] of Object.entries(PACKAGES)) {
    const { stdout } = await run('npm', ['pack', '--workspace', workspace, '--ignore-scripts', '--json', '--pack-destination', project], {
      cwd: REPO,
    });
    const [{ filename, files }] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    tarballs.set(name, { tarball: join(project, filename), files: files.map((file) => file.path) });
    const installed = join(project, 'node_modules', name);
    await mkdir(installed);
    await run('tar', ['-xzf', join(project, filename), '-C', installed, '--strip-components=1']);
    const { bin } = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as PackageJson;
    for (const [command, file] of Object.entries(bin))
      await symlink(join('..', name, file), join(project, 'node_modules', '.bin', command));
  }
});

after(() => project && rm(project, { recursive: true, force: true }));

/** Every bare import in a package's files: what it needs installed beside it. */
async function bareImports(name: string): Promise<Set<string>> {
  const root = join(project, 'node_modules', name, 'dist');
  const found = new Set<string>();
  for (const file of await readdir(root)) {
    if (!file.endsWith('.js')) continue;
    const code = await readFile(join(root, file), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"'.][^"']*)["']/g)) {
      found.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!);
    }
  }
  return found;
}

test('each package stands on its own: neither needs the widget, only the sandbox needs Hono, and each declares what it imports', async () => {
  for (const name of Object.keys(PACKAGES)) {
    const { dependencies = {} } = JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as PackageJson;
    const imported = [...(await bareImports(name))].filter((specifier) => !specifier.startsWith('node:'));
    for (const specifier of imported) {
      assert.ok(specifier in dependencies || specifier === 'ioredis', `${name} imports ${specifier} without declaring it`);
      assert.notEqual(specifier, 'booking-widget');
      assert.notEqual(specifier, 'lit');
    }
  }
  assert.deepEqual(
    Object.keys(
      (JSON.parse(await readFile(join(project, 'node_modules/booking-widget-proxy/package.json'), 'utf8')) as PackageJson).dependencies ??
        {},
    ),
    ['@hono/node-server', 'altcha-lib'],
  );
});

test('the packed types resolve on their own (attw --profile esm-only, publint): no repository path, no shared package to install', async () => {
  for (const [name, { tarball, files }] of tarballs) {
    assert.ok(files.includes('dist/types/index.d.ts'), `${name}: its declarations start at its own root`);
    assert.deepEqual(
      files.filter((path) => path.includes('packages/')),
      [],
      `${name}: no repository path`,
    );
    for (const path of files.filter((file) => /\.(js|d\.ts)$/.test(file))) {
      const text = await readFile(join(project, 'node_modules', name, path), 'utf8');
      assert.doesNotMatch(text, /['"]booking-widget-shared[/'"]/, `${name}/${path}: the shared package is built in, never imported`);
    }
    const { typesProblems, publint } = await lintTarball(tarball);
    assert.deepEqual(typesProblems, [], name);
    assert.match(publint, /All good!/, name);
  }
});

test('the proxy package ships the deploy files docs/proxy.md shows: the Worker, its wrangler.jsonc, the Deno server', () => {
  const { files } = tarballs.get('booking-widget-proxy')!;
  for (const example of ['examples/cloudflare-worker.ts', 'examples/wrangler.jsonc', 'examples/deno.ts'])
    assert.ok(files.includes(example), example);
});

test('npx booking-widget-proxy --help and npx booking-widget-sandbox --help', async () => {
  const proxy = await run('npx', ['--no-install', 'booking-widget-proxy', '--help'], { cwd: project });
  assert.match(proxy.stdout, /^Usage: booking-widget-proxy/);
  assert.match(proxy.stdout, /BOOKING_PROXY_UPSTREAM/);
  const sandbox = await run('npx', ['--no-install', 'booking-widget-sandbox', '--help'], { cwd: project });
  assert.match(sandbox.stdout, /^Usage: booking-widget-sandbox/);
  assert.match(sandbox.stdout, /--port/);
});

test('the proxy refuses to start without its configuration, saying what is missing', async () => {
  const refused = await run('npx', ['--no-install', 'booking-widget-proxy'], {
    cwd: project,
    env: { ...process.env, BOOKING_PROXY_UPSTREAM: '' },
  }).catch((error: { code: number; stderr: string }) => error);
  assert.equal((refused as { code: number }).code, 1);
  assert.match((refused as { stderr: string }).stderr, /BOOKING_PROXY_UPSTREAM/);
});

test('BOOKING_PROXY_REDIS_URL without ioredis installed: the proxy says what to install, in one line, and exits 1', async () => {
  // Outside this repository, whose node_modules holds ioredis: a merchant's project with the proxy and its dependency only.
  const alone = await mkdtemp(join(tmpdir(), 'merchant-without-ioredis-'));
  try {
    await mkdir(join(alone, 'node_modules', '@hono'), { recursive: true });
    await cp(join(project, 'node_modules', 'booking-widget-proxy'), join(alone, 'node_modules', 'booking-widget-proxy'), {
      recursive: true,
    });
    await symlink(join(REPO, 'node_modules', '@hono', 'node-server'), join(alone, 'node_modules', '@hono', 'node-server'));
    const refused = (await run(process.execPath, [join(alone, 'node_modules', 'booking-widget-proxy', 'dist', 'cli.js')], {
      cwd: alone,
      env: {
        PATH: process.env.PATH,
        BOOKING_PROXY_UPSTREAM: 'http://127.0.0.1:9',
        BOOKING_PROXY_API_KEY: 'key',
        BOOKING_PROXY_TOKEN: 'token',
        BOOKING_PROXY_COMPANIES: 'demo-salon',
        BOOKING_PROXY_ORIGINS: 'https://shop.example',
        BOOKING_PROXY_REDIS_URL: 'redis://127.0.0.1:9',
      },
    }).catch((error: { code: number; stderr: string }) => error)) as { code: number; stderr: string };
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /^ {2}- BOOKING_PROXY_REDIS_URL is set, but ioredis is not installed: npm install ioredis/m);
    assert.doesNotMatch(refused.stderr, /ERR_MODULE_NOT_FOUND|^\s+at /m, 'no stack');
  } finally {
    await rm(alone, { recursive: true, force: true });
  }
});

test('under plain node, the sandbox answers behind the proxy', async () => {
  const script = `
    import { createBookingProxy } from 'booking-widget-proxy';
    import { SANDBOX_CREDENTIALS, createSandbox } from 'booking-widget-sandbox';
    const sandbox = createSandbox();
    const proxy = createBookingProxy({
      upstream: 'http://sandbox.test',
      credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
      companies: ['demo-salon'],
      allowedOrigins: [],
      log: false,
      fetch: (input, init) => sandbox(new Request(input, init)),
    });
    const answer = await proxy(new Request('http://shop.test/api/2.1/scheduling/companies/demo-salon'));
    console.log(answer.status, (await answer.json()).name);
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
  assert.equal(stdout.trim(), '200 Maple Street Hair Studio');
});
