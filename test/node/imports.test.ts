/**
 * The direction of dependencies, checked on every import in src/ and packages/*\/src:
 * the booking core has no DOM and knows no element; an element folder uses another
 * element only through its element module or its parts list; the wire layer knows
 * nothing above it; no relative import leaves its package (the shared package is
 * imported by its name, booking-widget-shared); the shared package imports nothing;
 * the sandbox's folders point one way; and nothing imports itself back in a cycle.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');
const PACKAGES = readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name, 'src'));
const SHARED = 'booking-widget-shared/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every import or re-export (static or dynamic) of `file`, as written. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** Every module `file` imports, as repository paths (the shared package's modules too) or package names. */
function importsOf(file: string): string[] {
  return specifiersOf(file).map((specifier) => {
    if (specifier.startsWith('.')) return relative(ROOT, resolve(dirname(file), specifier)).replace(/\.js$/, '.ts');
    if (specifier.startsWith(SHARED)) return `packages/shared/src/${specifier.slice(SHARED.length)}.ts`;
    return specifier;
  });
}

const files = [SRC, ...PACKAGES].flatMap(sourceFiles);
const graph = new Map(files.map((file) => [relative(ROOT, file), importsOf(file)]));
const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

/** `src` for the widget, `packages/<name>` for the others: what a relative import may not leave. */
const packageOf = (path: string) => /^(src|packages\/[^/]+)\//.exec(path)?.[1];

describe('imports point one way', () => {
  it('reads the imports it checks', () => {
    assert.ok(graph.size > 250, `${graph.size} modules`);
    assert.ok(edges.some((e) => e.from === 'src/components/booking-widget/flow-controller.ts' && e.to === 'src/booking/flow.ts'));
    assert.ok(edges.some((e) => e.from === 'packages/proxy/src/rules/manage-guard.ts' && e.to === 'packages/shared/src/manage-rules.ts'));
    assert.ok(edges.some((e) => e.from === 'packages/sandbox/src/routes/widget.ts' && e.to === 'packages/sandbox/src/engine/slot-list.ts'));
  });

  it('no relative import leaves its package: the widget, the proxy and the sandbox use the shared package by its name', () => {
    const bad = [...graph].flatMap(([from]) =>
      specifiersOf(join(ROOT, from))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({ from, specifier, to: relative(ROOT, resolve(ROOT, dirname(from), specifier)) }))
        .filter(({ to }) => packageOf(to) !== packageOf(from)),
    );
    assert.deepEqual(bad, []);
  });

  it('the shared package imports nothing but its own modules: no widget, proxy or sandbox code, no npm package', () => {
    const bad = edges.filter((e) => e.from.startsWith('packages/shared/') && !e.to.startsWith('packages/shared/src/'));
    assert.deepEqual(bad, []);
    assert.ok(edges.some((e) => e.from === 'packages/shared/src/zone.ts' && e.to === 'packages/shared/src/calendar-date.ts'));
  });

  it("the sandbox's folders point one way: routes → records → engine, validate → http → store (seed → store)", () => {
    const RANK: Record<string, number> = { routes: 4, records: 3, engine: 2, validate: 2, http: 1, seed: 1, store: 0 };
    const folder = (path: string) => /^packages\/sandbox\/src\/([^/]+)\//.exec(path)?.[1];
    const crossing = edges.filter((e) => folder(e.from) && folder(e.to) && folder(e.from) !== folder(e.to));
    assert.ok(crossing.length > 50, `${crossing.length} imports between the sandbox's folders`);
    for (const e of crossing)
      assert.ok(folder(e.from)! in RANK && folder(e.to)! in RANK, `a folder the order does not name: ${e.from} → ${e.to}`);
    assert.deepEqual(
      crossing.filter((e) => RANK[folder(e.from)!]! <= RANK[folder(e.to)!]!),
      [],
    );
  });

  it('src/booking has no DOM and knows no element: nothing from src/components, lit or the embed code', () => {
    const bad = edges.filter(
      (e) => e.from.startsWith('src/booking/') && (/^src\/(components|embed|react)\//.test(e.to) || /^(lit|@lit\/)/.test(e.to)),
    );
    assert.deepEqual(bad, []);
  });

  it('src/api, the wire layer, imports nothing above it', () => {
    const bad = edges.filter((e) => e.from.startsWith('src/api/') && /^src\/(booking|components|embed|i18n|react)\//.test(e.to));
    assert.deepEqual(bad, []);
  });

  it('an element folder uses another element only through its element module or its parts list', () => {
    const folder = (path: string) => /^src\/components\/([^/]+)\//.exec(path)?.[1];
    // Folders of pieces several elements use, not elements: helpers and styles, events, form fields' styles, calendar links.
    const shared = new Set(['shared', 'events', 'fields', 'calendar']);
    const bad = edges.filter((e) => {
      const [from, to] = [folder(e.from), folder(e.to)];
      if (!from || !to || from === to || shared.has(to)) return false;
      return !new RegExp(`^src/components/${to}/${to}(\\.parts)?\\.ts$`).test(e.to);
    });
    assert.deepEqual(bad, []);
  });

  it('has no import cycles', () => {
    // Tarjan's strongly connected components over the modules of src/ and packages/*/src.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let counter = 0;
    const visit = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      for (const next of graph.get(node) ?? []) {
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          visit(next);
          low.set(node, Math.min(low.get(node)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
      }
    };
    for (const node of graph.keys()) if (!index.has(node)) visit(node);
    assert.deepEqual(cycles, []);
  });
});
