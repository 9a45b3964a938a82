/**
 * Shortens the widget's private member names in the script-tag build (`npm run build`):
 * `this._catalog` becomes `this._c` in every file of the bundle, the same way in each, as
 * Lit's own production build does for its internals. Names are half of what a class
 * spells, and brotli cannot shrink a long name it meets once per file: this saves about
 * 300 bytes of the script-tag bundle and 640 of a whole booking (issue 28).
 *
 * The rules that keep it safe:
 * - Only names that start with `_` are touched: the widget's own private fields and methods
 *   (contributing.md: a private member starts with `_`), never a public property, an
 *   attribute, an event's detail or the wire format. Lit's cross-version internals (`_$…`)
 *   are left as they are.
 * - One table for the whole build, made from every module before any file is written, so a
 *   name is the same in the bundle and in every lazy chunk that reads it (`host._landing`),
 *   and a file's hash still names its content. Rolldown's own `mangleProps` needs a single
 *   output file, which is why this is a plugin.
 * - A name in a string is never touched (`'_blank'`): nothing reads a member by a string.
 * - Short names keep the `_` (`_a`, `_b`…), so they cannot meet a property of Lit or the DOM.
 *
 * The npm modules (dist/lib) are not built here: a merchant's bundler minifies those.
 */
import type { Plugin } from 'vite';
import { minifySync } from 'rolldown/utils';

/** A private member's name: `_` and a letter, not Lit's `_$`, and not inside another word, a string or a CSS token (`--_accent`). */
const PRIVATE_NAME = /(?<![\w$'"`-])_(?!\$)[A-Za-z]\w*/g;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The `index`th short name: `_a` … `_Z`, `_aa` … */
function shortName(index: number): string {
  let name = '';
  for (let i = index; i >= 0; i = Math.floor(i / LETTERS.length) - 1) name = LETTERS[i % LETTERS.length] + name;
  return `_${name}`;
}

/**
 * The table: the most frequent names get the shortest, ties broken by the name, so the same
 * sources always give the same table. A short name that is also a long name's own is skipped.
 */
export function privateNames(counts: ReadonlyMap<string, number>): Record<string, string> {
  const ordered = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1)).map(([name]) => name);
  const table: Record<string, string> = {};
  let next = 0;
  for (const name of ordered) {
    let short = shortName(next++);
    while (counts.has(short) && short !== name) short = shortName(next++);
    table[name] = short;
  }
  return table;
}

export function manglePrivates({ sourcemap = false } = {}): Plugin {
  const counts = new Map<string, number>();
  let table: Record<string, string> = {};
  let include: RegExp | undefined;
  return {
    name: 'mangle-privates',
    apply: 'build',
    buildStart() {
      counts.clear();
    },
    // The widget's own modules only: a library's internals keep their names (Lit's production build has shortened its own).
    transform(code, id) {
      if (id.includes('/node_modules/')) return null;
      for (const [name] of code.matchAll(PRIVATE_NAME)) counts.set(name, (counts.get(name) ?? 0) + 1);
      return null;
    },
    renderStart() {
      table = privateNames(counts);
      const names = Object.keys(table);
      // Exactly the table's names: a name outside it would get a new short name in each file, differently.
      include = names.length ? new RegExp(`^(?:${names.join('|')})$`) : undefined;
    },
    renderChunk(code, chunk) {
      if (!include) return null;
      const result = minifySync(chunk.fileName, code, {
        module: true,
        compress: false,
        mangle: false,
        // Lit's and DOMPurify's licences stay with their code, as the build's own minifier keeps them (`comments.legal`).
        codegen: { legalComments: 'inline' },
        sourcemap,
        mangleProps: { include, cache: table },
      });
      if (result.errors.length) this.error(`mangle-privates: ${chunk.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
      return { code: result.code, map: result.map ?? null };
    },
  };
}
