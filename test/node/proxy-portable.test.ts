import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SPECIFIER = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const SHARED = 'booking-widget-shared/';

/** Every file `entry` reaches through static or dynamic imports (the shared package's included), with the specifiers it uses. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      if (specifier.startsWith(SHARED)) visit(resolve(root, 'packages/shared/src', `${specifier.slice(SHARED.length)}.ts`));
    }
  };
  visit(resolve(root, entry));
  return graph;
}

/**
 * npm packages the handler may import: each uses Web APIs only (altcha-lib: Web Crypto), and the
 * fleet tests run it on workerd and Deno (scale-scenarios.ts, challengeAcrossInstances).
 */
const WEB_STANDARD = ['altcha-lib/v1'];

describe('proxy handler portability (Node 20, Deno, Cloudflare Workers)', () => {
  const graph = importGraph('packages/proxy/src/index.ts');

  it('reaches only its own modules, the shared package and Web-standard npm packages from createBookingProxy: no Node built-in', () => {
    assert.ok(graph.size > 10, `only ${graph.size} files found`);
    for (const [file, specifiers] of graph) {
      for (const specifier of specifiers)
        assert.ok(
          specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith(SHARED) || WEB_STANDARD.includes(specifier),
          `${relative(root, file)} imports ${specifier}`,
        );
    }
  });

  it('stays inside packages/proxy/src, plus the shared package (wire types, wall-clock arithmetic, the self-service rules)', () => {
    // The shared rules are the page's own (manage-rules.ts: allowReschedule, allowCancel and the notices), so the proxy refuses exactly what the page does not offer.
    const paths = [...graph.keys()].map((file) => relative(root, file));
    for (const path of paths) {
      assert.match(path, /^packages\/(proxy|shared)\/src\//);
      assert.notEqual(path, 'packages/proxy/src/cli.ts');
    }
    assert.ok(paths.includes('packages/shared/src/manage-rules.ts'), 'the self-service rules are followed into the shared package');
  });

  it('uses no Node-only globals', () => {
    for (const file of graph.keys()) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      assert.doesNotMatch(code, /\b(process|Buffer|require|__dirname|setImmediate)\b/, relative(root, file));
    }
  });
});
