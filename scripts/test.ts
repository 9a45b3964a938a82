// `npm test`: every suite, Node-side then browser, with one summary line at the end.
// Both suites always run, so one failing suite never hides the other's results.
import { spawn } from 'node:child_process';

interface SuiteResult {
  name: string;
  exitCode: number;
  passed: number;
  failed: number;
}

interface Suite {
  name: string;
  script: string;
  /** Reads the passed/failed counts from the suite's own report. */
  count(output: string): { passed: number; failed: number };
}

const lastNumber = (output: string, pattern: RegExp): number => {
  const matches = [...output.matchAll(pattern)];
  return matches.length ? Number(matches[matches.length - 1]![1]) : 0;
};

const suites: Suite[] = [
  {
    name: 'node',
    script: 'test:node',
    count: (out) => ({ passed: lastNumber(out, /ℹ pass (\d+)/g), failed: lastNumber(out, /ℹ fail (\d+)/g) }),
  },
  {
    name: 'browser',
    script: 'test:browser',
    count: (out) => {
      // web-test-runner redraws one progress line per browser; the last one of each holds its totals.
      const perBrowser = new Map<string, { passed: number; failed: number }>();
      // eslint-disable-next-line no-control-regex -- stripping the reporter's terminal escapes is the point
      const plain = out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
      for (const [, name, passed, failed] of plain.matchAll(/([^\n\r|]+?):\s*\|[^\n]*?(\d+) passed, (\d+) failed/g)) {
        perBrowser.set(name!.trim(), { passed: Number(passed), failed: Number(failed) });
      }
      const totals = [...perBrowser.values()];
      return {
        passed: totals.reduce((sum, t) => sum + t.passed, 0),
        failed: totals.reduce((sum, t) => sum + t.failed, 0),
      };
    },
  },
];

function run(suite: Suite): Promise<SuiteResult> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite.script], { stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ name: suite.name, exitCode: code ?? 1, ...suite.count(output) }));
  });
}

const results: SuiteResult[] = [];
for (const suite of suites) results.push(await run(suite));

const ok = results.every((r) => r.exitCode === 0);
const parts = results.map((r) => `${r.name}: ${r.passed} passed, ${r.failed} failed${r.exitCode ? ' (exit ' + r.exitCode + ')' : ''}`);
console.log(`\n${ok ? 'PASS' : 'FAIL'} — ${parts.join('; ')}`);
process.exit(ok ? 0 : 1);
