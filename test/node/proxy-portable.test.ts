import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPECIFIER = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every file `entry` reaches through static or dynamic imports, with the specifiers it uses. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  };
  visit(resolve(root, entry));
  return graph;
}

describe('proxy handler portability (Node 20, Deno, Cloudflare Workers)', () => {
  const graph = importGraph('packages/proxy/src/index.ts');

  it('reaches only relative, web-standard modules from createBookingProxy', () => {
    assert.ok(graph.size > 10, `only ${graph.size} files found`);
    for (const [file, specifiers] of graph) {
      for (const specifier of specifiers)
        assert.ok(specifier.startsWith('./') || specifier.startsWith('../'), `${relative(root, file)} imports ${specifier}`);
    }
  });

  it('stays inside src/proxy, plus the shared wire types, wall-clock arithmetic and the self-service rules', () => {
    // manage-rules.ts: the page's own reading of allowReschedule, allowCancel and the notices, so the proxy refuses exactly what the page does not offer;
    // earliest-start.ts: the page's own first bookable instant, which those rules hold a move to.
    const shared = [
      'src/api/types.ts',
      'src/api/time/zone.ts',
      'src/api/time/calendar-date.ts',
      'src/booking/manage-rules.ts',
      'src/booking/earliest-start.ts',
    ];
    for (const file of graph.keys()) {
      const path = relative(root, file);
      assert.ok(path.startsWith('packages/proxy/src/') || shared.includes(path), path);
      assert.notEqual(path, 'packages/proxy/src/cli.ts');
    }
  });

  it('uses no Node-only globals', () => {
    for (const file of graph.keys()) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      assert.doesNotMatch(code, /\b(process|Buffer|require|__dirname|setImmediate)\b/, relative(root, file));
    }
  });
});
