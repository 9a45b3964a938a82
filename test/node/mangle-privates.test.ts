/**
 * The script-tag build shortens private member names alike in every file (scripts/mangle-privates.ts).
 * Its table is the same for the same sources and gives no two names one short name; and no source reads a
 * private member by a string, which would keep the long name while the member has the short one.
 * (That the built widget still books, moves and queues is the e2e suite's, which runs the build.)
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { manglePrivates, privateNames } from '../../scripts/mangle-privates.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('shortened private names (scripts/mangle-privates.ts)', () => {
  it('gives the most frequent names the shortest, the same way whatever order the modules came in', () => {
    const counts = new Map([
      ['_catalog', 3],
      ['_host', 9],
      ['_flow', 3],
    ]);
    const table = privateNames(counts);
    assert.deepEqual(table, { _host: '_a', _catalog: '_b', _flow: '_c' });
    assert.deepEqual(privateNames(new Map([...counts].reverse())), table);
  });

  it('never gives two names one short name, not even a short name that is already a name of its own', () => {
    const counts = new Map([['_long', 5], ['_b', 4], ...Array.from({ length: 60 }, (_, i) => [`_name${i}`, 1] as [string, number])]);
    const table = privateNames(counts);
    const shorts = Object.values(table);
    assert.equal(new Set(shorts).size, shorts.length);
    assert.equal(table._long, '_a');
    assert.equal(table._b, '_b', 'a name that is its own short name keeps it');
    assert.ok(shorts.includes('_aa'), 'past 52 names, two letters');
  });

  it('renames a private member alike in two files, and keeps the licences (review of 04c447a)', () => {
    type Hook = (this: unknown, ...args: unknown[]) => { code: string } | null;
    const plugin = manglePrivates();
    const files: Record<string, string> = {
      'entry.js': '/*! @license BSD-3-Clause */\nexport class Host { constructor() { this._catalog = 1; this._catalog += 1; } }',
      'chunk.js': 'export const read = (host) => host._catalog;',
    };
    for (const code of Object.values(files)) (plugin.transform as unknown as Hook).call({}, code, 'module.js');
    (plugin.renderStart as unknown as Hook).call({});
    const context = { error: (message: string) => assert.fail(message) };
    const [entry, chunk] = Object.entries(files).map(
      ([fileName, code]) => (plugin.renderChunk as unknown as Hook).call(context, code, { fileName })!.code,
    );
    assert.match(entry!, /@license BSD-3-Clause/);
    const short = /this\.(_\w+)\s*=\s*1/.exec(entry!)?.[1];
    assert.ok(short && short !== '_catalog' && short.length < '_catalog'.length, entry);
    assert.match(chunk!, new RegExp(`host\\.${short}\\b`));
  });

  it('no source of the bundle reads a private member by a string', () => {
    const files = [join(ROOT, 'src'), join(ROOT, 'packages/shared/src')].flatMap(sourceFiles);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // A quoted `_name` (not `_blank`, an HTML keyword), as in `obj['_name']` or `'_name' in obj` (backquotes are the
      // comments' code spans).
      return [...text.matchAll(/(['"])_(?!blank\b)[A-Za-z]\w*\1/g)].map((match) => `${relative(ROOT, file)}: ${match[0]}`);
    });
    assert.deepEqual(found, []);
  });
});
