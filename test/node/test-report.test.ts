/**
 * `npm test` counts every test the Node-side suites ran. Each suite runs its files with
 * `node --test --test-force-exit`, and a file's process that exits while its report is still
 * queued for the runner loses its last verdicts without failing (nodejs/node#64833: one busy
 * run counted 731 of 744). test/support/blocking-report.ts is what stops it; this runs many
 * short files with the suites' own flags, read from package.json, and counts what arrives.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FILES = 12;
const TESTS = 100;

/** The `node` flags of a package.json script's `node --test` command, with the TAP reporter instead of its own and no tsx. */
async function nodeTestFlags(script: string): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = scripts[script]!.split('&&')
    .map((part) => part.trim())
    .find((part) => part.startsWith('node ') && part.includes(' --test '));
  assert.ok(command, `${script} runs node --test`);
  const flags = command.split(/\s+/).slice(1);
  // The files below are plain JavaScript: without tsx each starts in a fraction of the time.
  const tsx = flags.findIndex((arg, i) => arg === '--import' && flags[i + 1] === 'tsx');
  if (tsx >= 0) flags.splice(tsx, 2);
  return flags.filter((arg) => !arg.endsWith('*.test.ts') && !arg.startsWith('--test-reporter')).concat('--test-reporter=tap');
}

/** Runs `files` with `flags` from the repository's root, as `npm test` does, and returns the runner's report. */
function run(flags: string[], files: string[]): string {
  // This file runs as a test file itself: its own context must not make the runner below a test file too.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const runner = spawnSync(process.execPath, [...flags, ...files], { cwd: REPO, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (runner.error) throw runner.error;
  return `${runner.stdout}\n(runner: status ${runner.status}, signal ${runner.signal}, stderr: ${runner.stderr.slice(-1000)})`;
}

describe('the Node-side suites’ report', () => {
  for (const script of ['test:node', 'test:e2e']) {
    it(`${script}: every verdict of ${FILES} files of ${TESTS} tests reaches the runner`, async (t) => {
      const folder = await mkdtemp(join(tmpdir(), 'bw-test-report-'));
      try {
        const files = await Promise.all(
          Array.from({ length: FILES }, async (_, file) => {
            const path = join(folder, `f${file}.test.mjs`);
            // Long names: a report big enough to fill the pipe while the runner reads another file's.
            const tests = Array.from(
              { length: TESTS },
              (_, test) => `test(${JSON.stringify(`file ${file}, test ${test} ${'·'.repeat(300)}`)}, () => {});`,
            );
            await writeFile(path, [`import { test } from 'node:test';`, ...tests].join('\n'));
            return path;
          }),
        );
        const report = run(await nodeTestFlags(script), files);
        const ending = `the runner's report ends:\n${report.slice(-1500)}`;
        const counted = /^# tests (\d+)$/m.exec(report)?.[1];
        // A known gap, reported as todo rather than passed: about one run in ten the runner's own report stops
        // short of its last lines and counts (exit status 0). It exits on its reporter's close under
        // --test-force-exit (node's Test.run) before the reporter has written them; the preload cannot reach
        // that. A file's lost verdicts (what the preload stops) show as a count, and fail.
        if (counted === undefined) return t.todo(`the runner's report lost its end (nodejs/node#64833); ${ending}`);
        assert.equal(counted, String(FILES * TESTS), ending);
        assert.equal(/^# pass (\d+)$/m.exec(report)?.[1], String(FILES * TESTS), ending);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  }
});
