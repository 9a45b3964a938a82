/**
 * Where a whole English booking's bytes come from, by source module: builds the script-tag files
 * with source maps into a folder of its own (dist/ is left alone), takes the files a plain booking
 * loads (bench/size.ts `wholeBooking`), and gives each module the characters its source map says
 * it produced, in every file, with their brotli size.
 *
 *   npm run size:modules [-- --top 40] [-- --by folder] [-- --file booking-widget]
 *
 * A module's brotli figure is its characters compressed on their own, scaled so that a file's
 * modules add up to the file's real brotli size: brotli compresses what repeats across modules
 * too, so the unscaled figures add up to more than the file. Read the figures as shares, to find
 * where to look: what a change saves is `npm run build && npm run size` before and after.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chunkName, compressedSizes, formatKB, measureBuild } from './size.js';

const repo = fileURLToPath(new URL('..', import.meta.url));

interface SourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each generated line's segments as [generated column, source index] (source maps v3, base64 VLQ). */
export function decodeMappings(mappings: string): [number, number | undefined][][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          if (digit < 0) throw new Error(`Not a base64 VLQ digit in a source map: ${char}`);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0]!;
        if (fields.length > 1) source += fields[1]!;
        return [column, fields.length > 1 ? source : undefined];
      });
  });
}

/** The characters of `code` each source produced, by the source's name (`(none)`: the bundler's own). */
export function charactersBySource(code: string, map: SourceMap): Map<string, string> {
  const texts = new Map<string, string[]>();
  const lines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? '';
    // What comes before a line's first segment is the bundler's too.
    const starts: [number, number | undefined][] = segments[0]?.[0] === 0 ? segments : [[0, undefined], ...segments];
    starts.forEach(([column, source], i) => {
      const name = source === undefined ? '(none)' : (map.sources[source] ?? '(none)');
      const end = starts[i + 1]?.[0] ?? line.length;
      const list = texts.get(name) ?? [];
      list.push(line.slice(column, end));
      texts.set(name, list);
    });
  });
  return new Map([...texts].map(([name, parts]) => [name, parts.join('')]));
}

/** `../src/booking/flow.ts` → `src/booking/flow.ts`; a package's file → `lit-html` and its path. */
function moduleName(source: string, mapDir: string): string {
  if (source === '(none)') return source;
  const path = relative(repo, join(mapDir, source)).replaceAll('\\', '/');
  const modules = path.lastIndexOf('node_modules/');
  return modules >= 0 ? path.slice(modules + 'node_modules/'.length) : path;
}

function folderOf(name: string): string {
  if (name === '(none)') return name;
  const parts = name.split('/');
  return parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts.slice(0, -1).join('/') || name;
}

function build(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--logLevel', 'error'], {
      cwd: repo,
      env: { ...process.env, BUNDLE_SOURCEMAP: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`))));
  });
}

interface Row {
  name: string;
  raw: number;
  brotli: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { top: { type: 'string', default: '40' }, by: { type: 'string', default: 'module' }, file: { type: 'string' } },
  });
  const top = Number(values.top);
  if (!Number.isInteger(top) || top < 1) throw new Error(`--top takes a whole number from 1, not ${values.top}.`);
  if (values.by !== 'module' && values.by !== 'folder') throw new Error(`--by takes module or folder, not ${values.by}.`);
  const outDir = await mkdtemp(join(tmpdir(), 'booking-widget-size-'));
  try {
    await build(outDir);
    const { booking } = await measureBuild(outDir);
    const rows = new Map<string, Row>();
    let total = 0;
    // `--file booking-widget`: one file of the booking only (by chunk name), such as the script-tag bundle and its budget.
    const files = values.file ? booking.files.filter((file) => chunkName(file) === values.file) : booking.files;
    if (!files.length)
      throw new Error(`--file ${values.file}: no such file in a whole booking (${booking.files.map(chunkName).join(', ')}).`);
    for (const file of files) {
      // The source-map comment is the build's for this script only: npm run build has none.
      const code = (await readFile(join(outDir, file), 'utf8')).replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
      const map = JSON.parse(await readFile(join(outDir, `${file}.map`), 'utf8')) as SourceMap;
      const parts = [...charactersBySource(code, map)].map(([source, text]) => {
        const name = moduleName(source, outDir);
        return { name: values.by === 'folder' ? folderOf(name) : name, raw: text.length, alone: compressedSizes(Buffer.from(text)).brotli };
      });
      const brotli = compressedSizes(Buffer.from(code)).brotli;
      total += brotli;
      const scale = brotli / parts.reduce((sum, part) => sum + part.alone, 0);
      for (const part of parts) {
        const row = rows.get(part.name) ?? { name: part.name, raw: 0, brotli: 0 };
        row.raw += part.raw;
        row.brotli += part.alone * scale;
        rows.set(part.name, row);
      }
    }
    const sorted = [...rows.values()].sort((a, b) => b.brotli - a.brotli);
    const pad = (value: number, width: number) => Math.round(value).toLocaleString('en-US').padStart(width);
    console.log(
      `${values.file ? `${values.file} of a whole English booking` : 'A whole English booking'}, ${formatKB(total)} brotli (${total.toLocaleString('en-US')} B) in ${files.length} files, by ${values.by} (largest first):`,
    );
    console.log(`  ${'brotli B'.padStart(9)} ${'raw B'.padStart(8)}  ${values.by}`);
    for (const row of sorted.slice(0, top)) console.log(`  ${pad(row.brotli, 9)} ${pad(row.raw, 8)}  ${row.name}`);
    const rest = sorted.slice(top);
    if (rest.length) {
      const brotli = rest.reduce((sum, row) => sum + row.brotli, 0);
      console.log(
        `  ${pad(brotli, 9)} ${pad(
          rest.reduce((sum, row) => sum + row.raw, 0),
          8,
        )}  ${rest.length} more`,
      );
    }
    console.log('Brotli by module is a share (each alone, scaled to its file): measure a change with npm run build && npm run size.');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
