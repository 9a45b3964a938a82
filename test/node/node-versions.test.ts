/**
 * The Node versions package.json's `engines` promises: every package the lockfile
 * installs declares that it runs on the oldest of them. npm only warns about a
 * package that wants a newer Node, so a release that drops Node 20 would slip in
 * with any update; this says which one. Optional packages are npm's to skip.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import semver from 'semver';

const read = async (file: string) => JSON.parse(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8'));

interface Locked {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

describe('Node versions', () => {
  it('every package in the lockfile runs on the oldest Node that engines allows, and on this one', async () => {
    const { engines } = (await read('package.json')) as { engines: { node: string } };
    const floor = semver.minVersion(engines.node)!;
    const { packages } = (await read('package-lock.json')) as { packages: Record<string, Locked> };
    const needMore: string[] = [];
    for (const [path, locked] of Object.entries(packages)) {
      const range = !Array.isArray(locked.engines) ? locked.engines?.node : undefined;
      if (!path || locked.optional || !range) continue;
      for (const node of [floor.version, process.versions.node]) {
        if (!semver.satisfies(node, range))
          needMore.push(`${path.replace(/^.*node_modules\//, '')}@${locked.version} wants Node ${range}, not ${node}`);
      }
    }
    assert.deepEqual(needMore, []);
  });
});
