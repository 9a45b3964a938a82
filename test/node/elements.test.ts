/**
 * The inner elements render what they are given and send intents up (docs/contributing.md):
 * read from their sources, none assigns to one of its own public properties, and none
 * reaches the service (an API client, or the slot store that calls it). Those are the
 * controllers' jobs, beside the host. And no file under src/components grows past 300
 * lines of code.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const COMPONENTS = join(ROOT, 'src/components');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sourceFiles(COMPONENTS).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
/** Every element folder but the host's, whose controllers are the ones that own state and call the service. */
const inner = files.filter(({ path }) => !path.startsWith('src/components/booking-widget/'));

/** The names in a class's `static properties` that are inputs: not declared `state: true`. */
export function publicProperties(text: string): string[] {
  const block = /static\s+(?:override\s+)?properties[^=]*=\s*\{([\s\S]*?)\n\s*\};/.exec(text)?.[1];
  if (!block) return [];
  return [...block.matchAll(/^\s*([A-Za-z_$][\w$]*)\s*:\s*\{([^}]*)\}/gm)]
    .filter(([, , options]) => !/\bstate\s*:\s*true\b/.test(options!))
    .map(([, name]) => name!);
}

/** `this.name = …` (and `+=`, `??=`…) for each of those names; comparisons (`===`) are not assignments. */
export function selfAssignments(text: string): string[] {
  return publicProperties(text).flatMap((name) =>
    [...text.matchAll(new RegExp(`\\bthis\\.${name.replace(/\$/g, '\\$')}\\s*(?:[-+*/%|&?]{0,2})=(?!=)`, 'g'))].map(
      (match) => `${match[0].trim()} (line ${text.slice(0, match.index).split('\n').length})`,
    ),
  );
}

/** The modules that talk to the service: the API clients and the slot store. */
const SERVICE_MODULES = ['src/api/client.ts', 'src/api/manage.ts', 'src/api/booking.ts', 'src/booking/slot-store.ts'];

/** Every module a file imports, re-exports or loads (types too: an element handed a client would call it), as repository paths. */
export function importsOf(path: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(ROOT, resolve(dirname(join(ROOT, path)), specifier)).replace(/\.js$/, '.ts'));
}

/** Lines that are neither blank nor comment. */
export function linesOfCode(text: string): number {
  let inBlock = false;
  let count = 0;
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inBlock = false;
      line = line.slice(end + 2).trim();
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2);
      if (end < 0) {
        inBlock = true;
        line = '';
        break;
      }
      line = line.slice(end + 2).trim();
    }
    if (line && !line.startsWith('//')) count++;
  }
  return count;
}

describe('inner elements render what they are given', () => {
  it('reads the elements and their inputs', () => {
    assert.ok(inner.length > 20, `${inner.length} files`);
    const slotPicker = inner.find(({ path }) => path === 'src/components/slot-picker/slot-picker.ts')!;
    assert.deepEqual(publicProperties(slotPicker.text), ['localizer', 'slots', 'timeZone', 'value', 'nextAvailable']);
  });

  it('recognises what it looks for', () => {
    const element = `class X extends LitElement {
      static override properties: PropertyDeclarations = {
        _open: { state: true, attribute: false },
        value: { attribute: false },
        day: {},
      };
      private _choose(day) { this._open = false; if (this.value === day) return; this.day = day; this.value ??= 1; }
    }`;
    assert.deepEqual(publicProperties(element), ['value', 'day']);
    assert.deepEqual(selfAssignments(element), ['this.value ??= (line 7)', 'this.day = (line 7)']);
    assert.deepEqual(importsOf('src/components/x/x.ts', "import type { SlotStore } from '../../booking/slot-store.js';"), [
      'src/booking/slot-store.ts',
    ]);
    assert.equal(linesOfCode('/**\n * Why.\n */\nconst a = 1; // one\n\n// two\n/* three */ const b = 2;\n'), 2);
  });

  it('no inner element assigns to one of its own public properties: the parent owns its inputs', () => {
    const offenders = inner.flatMap(({ path, text }) => selfAssignments(text).map((assignment) => `${path}: ${assignment}`));
    assert.deepEqual(offenders, []);
  });

  it('no inner element reaches the service: no API client, no slot store (controllers load what they show)', () => {
    const offenders = inner
      .filter(({ path, text }) => importsOf(path, text).some((module) => SERVICE_MODULES.includes(module)))
      .map(({ path }) => path);
    assert.deepEqual(offenders, []);
  });

  it('no file under src/components has more than 300 lines of code', () => {
    const long = files.map(({ path, text }) => ({ path, lines: linesOfCode(text) })).filter(({ lines }) => lines > 300);
    assert.deepEqual(
      long.map(({ path, lines }) => `${path}: ${lines}`),
      [],
    );
  });
});
