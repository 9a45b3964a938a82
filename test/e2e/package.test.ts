/**
 * The published package: what `npm pack` holds, the exports map, the custom
 * elements manifest, and the Node entry points working under plain `node`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { type PackedFile, packList, projectWithPackage } from './support/installed-package.js';
import { REPO } from './support/paths.js';

const run = promisify(execFile);

type Conditions = Record<string, string>;
interface PackageJson {
  exports: Record<string, string | Conditions>;
  customElements: string;
  files: string[];
  dependencies: Record<string, string>;
}

const packageJson = async () => JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as PackageJson;

let packed: PackedFile[] | undefined;
const files = async () => (packed ??= await packList());

test('npm pack holds the built files only: no sources, tests, demo or configuration', async () => {
  const paths = (await files()).map((file) => file.path);
  for (const path of paths) assert.match(path, /^(dist\/|package\.json$|README\.md$|LICENSE)/, `${path} is not for users`);
  for (const needed of ['dist/booking-widget.js', 'dist/custom-elements.json', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/lib/react/index.js']) {
    assert.ok(paths.includes(needed), `${needed} is packed`);
  }
  assert.ok(paths.some((path) => /^dist\/booking-widget-.+\.js$/.test(path)), 'the lazy chunks are packed');
});

test('every export has its file in the package, with types first', async () => {
  const { exports } = await packageJson();
  const paths = new Set((await files()).map((file) => file.path));
  for (const [entry, target] of Object.entries(exports)) {
    const conditions: Conditions = typeof target === 'string' ? { default: target } : target;
    if (typeof target !== 'string') assert.equal(Object.keys(conditions)[0], 'types', `${entry}: types first`);
    for (const file of Object.values(conditions)) assert.ok(paths.has(file.replace(/^\.\//, '')), `${entry}: ${file} is packed`);
  }
});

test('custom-elements.json describes the public elements from their JSDoc', async () => {
  const { customElements } = await packageJson();
  const manifest = JSON.parse(await readFile(join(REPO, customElements), 'utf8')) as {
    modules: { path: string; exports?: { kind: string; name: string }[]; declarations?: { tagName?: string; events?: { name: string }[]; cssParts?: unknown[]; attributes?: { name: string }[] }[] }[];
  };
  const byTag = new Map(manifest.modules.flatMap((mod) => (mod.declarations ?? []).filter((d) => d.tagName).map((d) => [d.tagName!, { ...d, path: mod.path }])));
  const widget = byTag.get('booking-widget')!;
  assert.equal(widget.path, 'dist/lib/components/booking-widget/booking-widget.js');
  assert.deepEqual(
    ['bw-ready', 'bw-step-change', 'bw-slot-select', 'bw-booked', 'bw-error'].filter((name) => !widget.events!.some((event) => event.name === name)),
    [],
  );
  assert.ok(widget.cssParts!.length > 10);
  assert.ok(byTag.get('booking-button')!.attributes!.some((attribute) => attribute.name === 'company-id'));
  assert.ok(byTag.has('booking-dialog'));
  const defined = manifest.modules.flatMap((mod) => mod.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name);
  for (const tag of ['booking-widget', 'booking-button', 'booking-dialog']) assert.ok(defined.includes(tag), `${tag} is defined`);
});

test('lit and the other runtime dependencies stay dependencies of the npm entry, not bundled into it', async () => {
  const entry = await readFile(join(REPO, 'dist/lib/components/booking-widget/booking-widget.js'), 'utf8');
  assert.match(entry, /from 'lit'/);
  const catalog = await readFile(join(REPO, 'dist/lib/components/booking-widget/catalog-controller.js'), 'utf8');
  assert.match(catalog, /from '@lit\/task'/);
  const { dependencies } = await packageJson();
  for (const name of ['lit', '@lit/task', 'dompurify', 'hono', '@hono/node-server', '@lit/react']) assert.ok(dependencies[name], `${name} is a dependency`);
});

test('the Node entry points run under plain node: the sandbox behind the proxy answers', async () => {
  const project = await projectWithPackage('node');
  const script = `
    import { createBookingProxy } from 'booking-widget/proxy';
    import { SANDBOX_CREDENTIALS, createSandbox } from 'booking-widget/sandbox';
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
