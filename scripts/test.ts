// `npm test`: every suite, Node-side, browser, then end-to-end, with one summary line at the end:
// each suite's counts and time, what was skipped and why, and the back ends that ran.
// Every suite always runs, so one failing suite never hides another's results. The browser is
// found once (scripts/find-browser.ts) and handed to the suites that need it as CHROME_PATH.
//
// `TEST_ALSO_ON_NODE=/path/to/node` (CI: Node 24, the current LTS) runs the Node-side suite a
// second time on that Node, beside the browser suite: that suite reads nothing the Node-side one
// writes (packages/*/dist), and the end-to-end suite, which rebuilds packages/*/dist, starts when
// both have ended. Its report is printed when it ends, not mixed into the browser suite's. The
// tests whose code under test runs in workerd or Deno skip on it (TEST_SECOND_NODE): it would only
// drive them again, taking the cores the browser suite beside it needs.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, delimiter } from 'node:path';
import { NO_BROWSER, findBrowser } from './find-browser.js';

interface Counts {
  passed: number;
  failed: number;
  /** node:test's `todo` tests: known gaps that run but do not fail the suite. */
  todo?: number;
  /** Skipped tests by reason: a back end this machine lacks (`redis: no redis-server on PATH …`). */
  skipped?: Map<string, number>;
  /** The back ends the suite's tests reported running on (`redis 7.0.15 (2 Node processes)`). */
  backEnds?: string[];
  /** The failed tests' names, as the suite's reporter printed them. */
  failures?: string[];
}

interface SuiteResult extends Counts {
  name: string;
  exitCode: number;
  seconds: number;
}

interface Suite {
  name: string;
  script: string;
  /** Reads the counts from the suite's own report. */
  count(output: string): Counts;
}

const lastNumber = (output: string, pattern: RegExp): number => {
  const matches = [...output.matchAll(pattern)];
  return matches.length ? Number(matches[matches.length - 1]![1]) : 0;
};

/**
 * node:test's closing counts; with the spec reporter, each skipped test's line ends
 * in `# reason`, and a test that ran on a back end says so in a diagnostic line,
 * `ℹ back end: …`.
 */
const nodeTestCounts = (out: string): Counts => {
  const skipped = new Map<string, number>();
  for (const [, reason] of out.matchAll(/^\s*﹣ .*? # (.+)$/gm)) skipped.set(reason!, (skipped.get(reason!) ?? 0) + 1);
  return {
    passed: lastNumber(out, /ℹ pass (\d+)/g),
    failed: lastNumber(out, /ℹ fail (\d+)/g),
    todo: lastNumber(out, /ℹ todo (\d+)/g),
    skipped,
    backEnds: [...new Set([...out.matchAll(/^\s*ℹ back end: (.+)$/gm)].map((match) => match[1]!.trim()))],
    // node:test repeats each failed test after `✖ failing tests:`, once per test.
    failures: [...new Set([...(out.split('✖ failing tests:')[1] ?? '').matchAll(/^✖ (.+?)(?: \([\d.]+ms\))?$/gm)].map((m) => m[1]!))],
  };
};

const suites: Suite[] = [
  {
    name: 'node',
    script: 'test:node',
    count: nodeTestCounts,
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
        // `❌ describe > test (failed on Chromium …)`, under its file's name.
        failures: [...new Set([...plain.matchAll(/^ ❌ (.+)$/gm)].map((m) => m[1]!.trim()))],
      };
    },
  },
  {
    // Builds first, then drives real pages (script tag, SPA, CMS, popup, React, hostile CSS, strict CSP).
    name: 'e2e',
    script: 'test:e2e',
    count: nodeTestCounts,
  },
];

/** Runs a suite's script; `held`, its output (stdout and stderr) is printed when it ends instead of as it comes. */
function run(suite: Suite, env: NodeJS.ProcessEnv, { held = false } = {}): Promise<SuiteResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite.script], { stdio: ['inherit', 'pipe', held ? 'pipe' : 'inherit'], env });
    let output = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!held) process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      if (held) process.stdout.write(`\n── ${suite.name} ──\n${output}${errors}`);
      resolve({ name: suite.name, exitCode: code ?? 1, seconds: (performance.now() - started) / 1000, ...suite.count(output) });
    });
  });
}

/** `suite` again on `TEST_ALSO_ON_NODE`'s Node (first on PATH, for npm's scripts and their `node`), its report held. */
function alsoOnNode(suite: Suite, binary: string, env: NodeJS.ProcessEnv): Promise<SuiteResult> {
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  // The tests whose code runs in workerd or Deno skip there (test/node/support/second-node.ts): this run only drives them.
  const second = { ...env, TEST_SECOND_NODE: '1', PATH: `${dirname(binary)}${delimiter}${env.PATH ?? ''}` };
  return run({ ...suite, name: `node on ${version}` }, second, { held: true });
}

/** `, 4 skipped (4 × redis: no redis-server on PATH …)`: a skip is never a silent pass. */
function describeSkips(skipped: Map<string, number> | undefined): string {
  if (!skipped?.size) return '';
  const total = [...skipped.values()].reduce((sum, n) => sum + n, 0);
  return `, ${total} skipped (${[...skipped].map(([reason, n]) => `${n} × ${reason}`).join('; ')})`;
}

const duration = (seconds: number) =>
  seconds < 60 ? `${Math.round(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

const started = performance.now();
const browser = await findBrowser();
if (!browser) {
  console.error(
    process.env.CHROME_PATH ? `CHROME_PATH=${process.env.CHROME_PATH} is not an executable browser. ${NO_BROWSER}` : NO_BROWSER,
  );
  process.exit(1);
}
console.log(`Chromium for the browser and end-to-end suites: ${browser.path} (${browser.source})`);
const env = { ...process.env, CHROME_PATH: browser.path };

const [node, browserSuite, e2e] = suites as [Suite, Suite, Suite];
const results: SuiteResult[] = [await run(node, env)];
const otherNode = process.env.TEST_ALSO_ON_NODE;
results.push(...(await Promise.all([run(browserSuite, env), ...(otherNode ? [alsoOnNode(node, otherNode, env)] : [])])));
results.push(await run(e2e, env));

const ok = results.every((r) => r.exitCode === 0);
const parts = results.map(
  (r) =>
    `${r.name}: ${r.passed} passed, ${r.failed} failed${r.todo ? `, ${r.todo} todo` : ''}${describeSkips(r.skipped)}` +
    `${r.backEnds?.length ? ` [back ends: ${r.backEnds.join(', ')}]` : ''}${r.exitCode ? ' (exit ' + r.exitCode + ')' : ''} in ${duration(r.seconds)}`,
);
// The failed tests' names just above the summary, where a log's last lines (a CI page's tail) show them.
const failures = results.flatMap((r) => (r.failures ?? []).map((name) => `  ${r.name}: ${name}`));
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${ok ? 'PASS' : 'FAIL'} — ${parts.join('; ')} — ${duration((performance.now() - started) / 1000)} in all`);
process.exit(ok ? 0 : 1);
