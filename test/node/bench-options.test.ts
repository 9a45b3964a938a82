/**
 * The bench commands read their command lines one way (bench/options.ts): a mistake is
 * said in one line with the usage and exits 1 before anything is built or a browser
 * started; `--help` prints the usage and exits 0.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

function bench(script: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${script}.ts`, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the bench commands’ options', () => {
  for (const [script, args, said] of [
    ['run', ['--runs', 'seven'], '--runs must be a whole number from 1, not "seven".'],
    ['profile', ['--cpu-throttle', '0'], '--cpu-throttle must be a whole number from 1, not "0".'],
    ['trace', ['--page', 'checkout'], '--page must be one of choose, preselected, edge, not "checkout".'],
    ['compare', ['HEAD', '--latency=-5'], '--latency must be a whole number from 0, not "-5".'],
    ['compare', [], 'Expected 1 argument, got 0.'],
    ['trace', ['--run', '3'], "Unknown option '--run'"],
  ] as const) {
    it(`bench:${script} ${args.join(' ')}: says what is wrong and how to write it, and exits 1`, () => {
      const { status, stdout, stderr } = bench(script, ...args);
      assert.equal(status, 1);
      const [first, second] = stderr.split('\n');
      assert.ok(first!.startsWith(said), first);
      assert.match(second!, /^Usage: /);
      assert.equal(stdout, '', 'nothing built or measured');
    });
  }

  it('--help prints the usage and exits 0', () => {
    const { status, stdout } = bench('profile', '--help');
    assert.equal(status, 0);
    assert.match(stdout, /^Usage: npm run bench:profile -- \[options\]\n {2}--runs N/);
  });
});
