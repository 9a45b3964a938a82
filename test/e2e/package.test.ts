/**
 * The published package: what `npm pack` holds, the exports map, types that
 * resolve (attw, publint), the custom elements manifest that IDEs and framework
 * typings read, and the Node entry points working under plain `node`.
 */
import assert from 'node:assert/strict';
import { access, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { test } from 'node:test';
import { type PackedFile, lintTarball, packList, packedTarball } from './support/installed-package.js';
import ts from 'typescript';
import { REPO } from './support/paths.js';

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

test('npm pack holds the built files, the docs and the license only: no sources, tests, demo or configuration', async () => {
  const paths = (await files()).map((file) => file.path);
  for (const path of paths) assert.match(path, /^(dist\/|docs\/.+\.md$|package\.json$|README\.md$|LICENSE$)/, `${path} is not for users`);
  for (const needed of [
    'LICENSE',
    'README.md',
    'docs/widget.md',
    'dist/booking-widget.js',
    'dist/custom-elements.json',
    'dist/lib/index.js',
    'dist/lib/index.d.ts',
    'dist/lib/react/index.js',
    'dist/lib/shared/types.d.ts',
    'dist/lib/shared/zone.js',
    'dist/types/react.d.ts',
    'dist/types/vue.d.ts',
    'dist/types/svelte.d.ts',
    'dist/types/solid.d.ts',
  ]) {
    assert.ok(paths.includes(needed), `${needed} is packed`);
  }
  assert.ok(
    paths.some((path) => /^dist\/booking-widget-.+\.js$/.test(path)),
    'the lazy chunks are packed',
  );
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

test("the packed README's and docs' links lead to files in the package, and to headings that exist", async () => {
  const paths = new Set((await files()).map((file) => file.path));
  const broken: string[] = [];
  for (const path of [...paths].filter((p) => p.endsWith('.md'))) {
    const text = await readFile(join(REPO, path), 'utf8');
    for (const [, target] of text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, hash] = target!.split('#');
      const resolved = file ? posix.normalize(posix.join(posix.dirname(path), file)) : path;
      if (!paths.has(resolved)) broken.push(`${path}: ${target} (no ${resolved} in the package)`);
      else if (hash && resolved.endsWith('.md')) {
        const headings = (await readFile(join(REPO, resolved), 'utf8')).matchAll(/^#+ (.+)$/gm);
        if (![...headings].some(([, heading]) => anchor(heading!) === hash)) broken.push(`${path}: ${target} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
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

/** The names a declaration file exports (values and types). */
function typeExports(file: string): string[] {
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!).map((symbol) => symbol.name);
}

test("the script-tag file's types declare the values it exports, and nothing it does not", async () => {
  const { exports } = await packageJson();
  const { types, default: file } = exports['./booking-widget.js'] as Conditions;
  const bundle = await readFile(join(REPO, file!), 'utf8');
  // Its last statement exports the public names and, beside them, the short names its chunks import.
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/
    .exec(bundle)![1]!
    .split(',')
    .map((entry) =>
      entry
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!,
    );
  // Every name its types export, used as a value in a file of its own: TypeScript refuses the types, and the values exported as types only.
  const names = typeExports(join(REPO, types!));
  const use = join(await mkdtemp(join(tmpdir(), 'script-tag-types-')), 'use.ts');
  const module = join(REPO, types!).replace(/\.d\.ts$/, '.js');
  await writeFile(use, `import { ${names.join(', ')} } from ${JSON.stringify(module)};\nconsole.log(${names.join(', ')});\n`);
  const program = ts.createProgram([use], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: [],
  });
  const typeOnly = new Set(
    ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === use && [1361, 1362, 2693].includes(diagnostic.code))
      .map((diagnostic) => diagnostic.file!.text.slice(diagnostic.start, diagnostic.start! + diagnostic.length!)),
  );
  const declared = names.filter((name) => !typeOnly.has(name));
  assert.ok(declared.includes('BookingWidget') && declared.includes('BookedEvent'), declared.join(', '));
  assert.deepEqual(
    declared.filter((name) => !exported.includes(name)),
    [],
    'declared by the types, missing from the file (an import of them would fail in a bundler)',
  );
  assert.deepEqual(
    exported.filter((name) => name.length > 2 && !declared.includes(name)),
    [],
    'exported by the file, not declared',
  );
});

interface ManifestItem {
  name: string;
  description?: string;
  privacy?: string;
  static?: boolean;
  type?: { text: string };
}
interface ManifestElement {
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  attributes?: ManifestItem[];
  members?: ManifestItem[];
  events?: ManifestItem[];
  slots?: ManifestItem[];
  cssParts?: ManifestItem[];
  cssProperties?: ManifestItem[];
}
interface Manifest {
  modules: { path: string; exports?: { kind: string; name: string }[]; declarations?: ManifestElement[] }[];
}

const PUBLIC_TAGS = ['booking-widget', 'booking-button', 'booking-dialog'];
const WIDGET_EVENTS = [
  'bw-ready',
  'bw-step-change',
  'bw-slot-select',
  'bw-slot-held',
  'bw-slot-released',
  'bw-slot-gone',
  'bw-booked',
  'bw-rescheduled',
  'bw-cancelled',
  'bw-queue-joined',
  'bw-queue-updated',
  'bw-queue-called',
  'bw-queue-left',
  'bw-error',
];

let manifest: Manifest | undefined;
const builtManifest = async () =>
  (manifest ??= JSON.parse(await readFile(join(REPO, (await packageJson()).customElements), 'utf8')) as Manifest);
const elements = async () =>
  (await builtManifest()).modules.flatMap((mod) => (mod.declarations ?? []).map((d) => ({ ...d, path: mod.path })));

/** What the built event classes say: event name → the detail type of the class that fires it. */
async function eventClasses(): Promise<Map<string, string>> {
  const folder = join(REPO, 'dist/lib/components/events');
  const details = new Map<string, string>();
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.js'))) {
    const js = await readFile(join(folder, file), 'utf8');
    const dts = await readFile(join(folder, file.replace(/\.js$/, '.d.ts')), 'utf8');
    // A file may hold several event classes (the walk-in line's four): each class's name and detail type.
    const detailOf = new Map([...dts.matchAll(/class (\w+) extends CustomEvent<(\w+)>/g)].map(([, cls, detail]) => [cls!, detail!]));
    for (const [, cls, name] of js.matchAll(/class (\w+) extends CustomEvent[\s\S]*?super\('([^']+)'/g)) {
      const detail = detailOf.get(cls!);
      if (detail) details.set(name!, detail);
    }
  }
  return details;
}

test('custom-elements.json presents the three public elements and nothing internal', async () => {
  const all = await elements();
  assert.deepEqual(
    all
      .filter((d) => d.customElement)
      .map((d) => d.tagName)
      .sort(),
    [...PUBLIC_TAGS].sort(),
    'the inner bw-* elements are left out',
  );
  assert.deepEqual(
    all.filter((d) => !d.customElement).map((d) => d.name),
    [],
    'no helper module declarations',
  );
  assert.equal(all.find((d) => d.tagName === 'booking-widget')!.path, 'dist/lib/components/booking-widget/booking-widget.js');
  const defined = (await builtManifest()).modules
    .flatMap((mod) => mod.exports ?? [])
    .filter((e) => e.kind === 'custom-element-definition')
    .map((e) => e.name);
  assert.deepEqual(defined.sort(), [...PUBLIC_TAGS].sort(), 'one definition per public tag, no stray `name`');
  for (const { path } of all) await access(join(REPO, path));
});

test('custom-elements.json: every event of the public elements has its name and the detail type of the class that fires it', async () => {
  const fired = await eventClasses();
  const index = await readFile(join(REPO, 'dist/lib/components/events/index.d.ts'), 'utf8');
  for (const element of await elements()) {
    assert.deepEqual(
      element.events?.map((e) => e.name),
      WIDGET_EVENTS,
      `<${element.tagName}> forwards the widget's events`,
    );
    for (const event of element.events ?? []) {
      assert.ok(event.name, `<${element.tagName}>: an event without a name`);
      const detail = fired.get(event.name);
      assert.ok(detail, `<${element.tagName}> ${event.name}: a class in components/events fires it`);
      assert.equal(event.type?.text, `CustomEvent<${detail}>`, `<${element.tagName}> ${event.name}: typed with its detail`);
      assert.match(index, new RegExp(`\\b${detail}\\b`), `${detail} is exported from the package`);
    }
  }
});

test('custom-elements.json: public members only, and a description for every attribute, property, event, slot, part and custom property', async () => {
  for (const element of await elements()) {
    const tag = `<${element.tagName}>`;
    assert.ok(element.summary, `${tag} has a summary`);
    for (const member of element.members ?? []) {
      assert.ok(
        !member.name.startsWith('_') && member.privacy !== 'private' && member.privacy !== 'protected',
        `${tag}: ${member.name} is not public`,
      );
    }
    for (const attribute of element.attributes ?? [])
      assert.match(attribute.name, /^[a-z]+(-[a-z]+)*$/, `${tag}: attribute ${attribute.name} is written as HTML has it`);
    const described = {
      attributes: element.attributes,
      members: element.members,
      events: element.events,
      slots: element.slots,
      cssParts: element.cssParts,
      cssProperties: element.cssProperties,
    };
    for (const [kind, items] of Object.entries(described)) {
      for (const item of items ?? []) assert.ok(item.description?.trim(), `${tag}: ${kind} ${item.name || '(default)'} has a description`);
    }
  }
  const widget = (await elements()).find((d) => d.tagName === 'booking-widget')!;
  assert.ok(widget.cssParts!.length > 10 && widget.cssProperties!.length > 10);
  // The button passes every widget attribute on, so its typings take each of them.
  const button = (await elements()).find((d) => d.tagName === 'booking-button')!;
  const names = (element: ManifestElement) => element.attributes!.map((attribute) => attribute.name);
  assert.deepEqual(
    names(widget).filter((name) => !names(button).includes(name)),
    [],
    "the widget's attributes missing from <booking-button>",
  );
});

test('the packed tarball: types resolve for every entry point (attw --profile esm-only), and publint finds nothing', async () => {
  const { typesProblems, publint } = await lintTarball(await packedTarball());
  assert.deepEqual(typesProblems, []);
  assert.match(publint, /All good!/);
});

test('the shared package (booking-widget-shared, never published) is built into dist/lib: no packed file imports it by name', async () => {
  const modules = (await files()).map((file) => file.path).filter((path) => /^dist\/.+\.(js|d\.ts)$/.test(path));
  assert.ok(modules.length > 50, `${modules.length} modules`);
  for (const path of modules) {
    assert.doesNotMatch(await readFile(join(REPO, path), 'utf8'), /['"]booking-widget-shared[/'"]/, path);
  }
  const api = await readFile(join(REPO, 'dist/lib/api/index.d.ts'), 'utf8');
  assert.match(api, /from '\.\.\/shared\/types\.js'/, 'the wire types reach users of booking-widget/api');
});

test('lit and the other runtime dependencies stay dependencies of the npm entry, not bundled into it; no server library among them', async () => {
  const entry = await readFile(join(REPO, 'dist/lib/components/booking-widget/booking-widget.js'), 'utf8');
  assert.match(entry, /from 'lit'/);
  const sanitizer = await readFile(join(REPO, 'dist/lib/components/company-header/sanitize-html.js'), 'utf8');
  assert.match(sanitizer, /import\('dompurify'\)/);
  const { dependencies } = await packageJson();
  assert.deepEqual(Object.keys(dependencies).sort(), ['dompurify', 'lit']);
});
