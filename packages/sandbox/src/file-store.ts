/**
 * Persistence in a JSON file, for the Node CLI only (this module uses node:fs and
 * must stay out of the web-standard handler's imports).
 *
 * Each save writes a temporary file beside the target and renames it over the
 * target, so a reader or a crash sees the old state or the new one, never half of
 * one. Saves that arrive while one is being written are folded into one write of
 * the latest state.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { SandboxPersistence } from './options.js';
import type { SandboxSnapshot } from './store/snapshot.js';

export interface FileStore extends SandboxPersistence {
  readonly path: string;
}

let writes = 0;

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++writes}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

export function fileStore(path: string): FileStore {
  const target = resolve(path);
  let latest: SandboxSnapshot | undefined;
  let queue: Promise<void> = Promise.resolve();

  return {
    path: target,
    load() {
      if (!existsSync(target)) return undefined;
      try {
        return JSON.parse(readFileSync(target, 'utf8')) as SandboxSnapshot;
      } catch (error) {
        const reason = (error as Error).message;
        throw new Error(`${target} is not valid JSON (${reason}); move it away to start from the seed.`, { cause: error });
      }
    },
    save(snapshot) {
      latest = snapshot;
      // Each save waits for the writes before it; when its turn comes, it writes the
      // newest state, or nothing if an earlier turn already wrote that.
      const turn = queue.then(async () => {
        if (!latest) return;
        const text = `${JSON.stringify(latest, null, 1)}\n`;
        latest = undefined;
        await writeAtomically(target, text);
      });
      queue = turn.catch(() => {});
      return turn;
    },
  };
}
