/**
 * The direction of dependencies, checked on every import in src/: the booking core
 * has no DOM and knows no element; an element folder uses another element only
 * through its element module or its parts list; the wire layer knows nothing above
 * it; and nothing imports itself back in a cycle.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module `file` imports or re-exports (static or dynamic), as repository paths or package names. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
  return specifiers.map((specifier) =>
    specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)).replace(/\.js$/, '.ts') : specifier,
  );
}

const graph = new Map(sourceFiles(SRC).map((file) => [relative(ROOT, file), importsOf(file)]));
const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

describe('imports point one way', () => {
  it('reads the imports it checks', () => {
    assert.ok(graph.size > 100, `${graph.size} modules`);
    assert.ok(edges.some((e) => e.from === 'src/components/booking-widget/flow-controller.ts' && e.to === 'src/booking/flow.ts'));
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
    const shared = new Set(['shared', 'events']);
    const bad = edges.filter((e) => {
      const [from, to] = [folder(e.from), folder(e.to)];
      if (!from || !to || from === to || shared.has(to)) return false;
      return !new RegExp(`^src/components/${to}/${to}(\\.parts)?\\.ts$`).test(e.to);
    });
    assert.deepEqual(bad, []);
  });

  it('has no import cycles', () => {
    // Tarjan's strongly connected components over the modules of src/.
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
