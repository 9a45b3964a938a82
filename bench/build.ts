/**
 * The build the bench measures: `npm run build` when dist/booking-widget.js is
 * missing or older than anything in src/ or vite.config.ts, then a copy of the
 * script-tag files, so that a build started meanwhile (dist/ is emptied first)
 * cannot change the files under the bench's feet.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE, readBuild } from './size.js';

export interface BuildState {
  built: boolean;
  /** Why it built, or why not. */
  reason: string;
  seconds?: number;
}

async function newestChange(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

async function staleness(repo: string): Promise<string | undefined> {
  const bundle = await stat(join(repo, 'dist', BUNDLE)).catch(() => undefined);
  if (!bundle) return `dist/${BUNDLE} is missing`;
  const source = Math.max(await newestChange(join(repo, 'src')), await newestChange(join(repo, 'vite.config.ts')));
  return source > bundle.mtimeMs ? `src/ changed after dist/${BUNDLE} was built` : undefined;
}

function npmRunBuild(repo: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code}):\n${output}`))));
  });
}

export async function ensureBuild(repo: string, force: boolean): Promise<BuildState> {
  const stale = force ? '--build was given' : await staleness(repo);
  if (!stale) return { built: false, reason: `dist/${BUNDLE} is newer than src/` };
  console.log(`Building (${stale}): npm run build …`);
  const started = performance.now();
  const startedAt = Date.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  try {
    await npmRunBuild(repo);
  } catch (error) {
    // The bench needs only Vite's part; when a later step (tsc, the manifest) fails, the bundle is still new.
    const bundle = await stat(join(repo, 'dist', BUNDLE)).catch(() => undefined);
    if (!bundle || bundle.mtimeMs < startedAt) throw error;
    console.warn(`${error instanceof Error ? error.message : error}\nThe bundle was built before that failure: measuring it.`);
    return { built: true, reason: `${stale}; npm run build failed after writing the bundle`, seconds: seconds() };
  }
  return { built: true, reason: stale, seconds: seconds() };
}

/**
 * Copies dist's script-tag files (the bundle and its chunks) into `into`; tries
 * again for a while when the set is incomplete (a build writing it).
 */
export async function snapshotBuild(dist: string, into: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rm(into, { recursive: true, force: true });
    await mkdir(into, { recursive: true });
    try {
      const files = (await readdir(dist)).filter((file) => file === BUNDLE || (file.startsWith('booking-widget-') && file.endsWith('.js')));
      await Promise.all(files.map((file) => cp(join(dist, file), join(into, file))));
      await readBuild(into);
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}
