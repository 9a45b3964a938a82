/**
 * Builds the shared package (packages/shared, `booking-widget-shared`) into a package's
 * output: its modules compiled into `<dir>/shared/`, and every `booking-widget-shared/<name>`
 * import under `<dir>` pointed at them by a relative path. The shared package is private, so a
 * published package must carry what it uses of it: the widget's npm modules (dist/lib) carry
 * the JavaScript and the declarations, the proxy's and the sandbox's declarations (dist/types)
 * the declarations (their JavaScript is bundled, shared code included, by build-packages.ts).
 *
 *   node --import tsx scripts/build-in-shared.ts <dir> [--declarations-only]
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const NAME = 'booking-widget-shared';
const FOLDER = 'shared';

/** `from '…'`, `import('…')` and `import '…'` naming the shared package, in emitted JavaScript or declarations. */
const SHARED_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])booking-widget-shared\/([\w-]+)\2/g;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && /\.(js|d\.ts)$/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

export async function buildInShared(dir: string, { declarationsOnly = false } = {}): Promise<void> {
  const out = join(dir, FOLDER);
  await run(process.execPath, [
    join(REPO, 'node_modules/typescript/bin/tsc'),
    '-p',
    join(REPO, 'packages/shared/tsconfig.build.json'),
    '--outDir',
    out,
    ...(declarationsOnly ? ['--emitDeclarationOnly'] : []),
  ]);
  const left: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (file.startsWith(out + sep)) continue;
    const text = await readFile(file, 'utf8');
    const folder = posix.dirname(relative(dir, file).split(sep).join('/'));
    const next = text.replace(SHARED_IMPORT, (_, lead: string, quote: string, name: string) => {
      const path = posix.relative(folder, `${FOLDER}/${name}.js`);
      return `${lead}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (next !== text) await writeFile(file, next);
    if (/['"]booking-widget-shared[/'"]/.test(next)) left.push(relative(REPO, file));
  }
  if (left.length) throw new Error(`${NAME} is still imported by name in ${left.join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, flag] = process.argv.slice(2);
  if (!dir) throw new Error('usage: build-in-shared.ts <dir> [--declarations-only]');
  await buildInShared(resolve(dir), { declarationsOnly: flag === '--declarations-only' });
}
