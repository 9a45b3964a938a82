/**
 * A web-test-runner reporter that says, at the end of a run, where the browser suite's
 * minutes went: the test files, and the tests, that took longest, summed over every browser they ran
 * in, and how many tests ran at once on average (the tests' time over the run's wall time:
 * what is missing from it is pages loading their modules and browsers starting).
 *
 * It only reads the results; the default reporter still prints the progress and the
 * failures that scripts/test.ts counts.
 */
import type { Reporter, TestSuiteResult } from '@web/test-runner';

/** How many files, and how many tests, the tables name. */
const SHOWN = 12;

const sumOf = (suite: TestSuiteResult | undefined): number =>
  suite ? suite.tests.reduce((sum, test) => sum + (test.duration ?? 0), 0) + suite.suites.reduce((sum, child) => sum + sumOf(child), 0) : 0;

/** Every test of a file's results with its full name (`describe > it`) and time. */
function* testsOf(suite: TestSuiteResult | undefined, path: string[] = []): Generator<{ name: string; ms: number }> {
  if (!suite) return;
  for (const test of suite.tests) yield { name: [...path, test.name].join(' > '), ms: test.duration ?? 0 };
  for (const child of suite.suites) yield* testsOf(child, [...path, child.name]);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Times = Map<string, { ms: number; runs: number }>;

function add(times: Times, key: string, ms: number) {
  const entry = times.get(key) ?? { ms: 0, runs: 0 };
  entry.ms += ms;
  entry.runs += 1;
  times.set(key, entry);
}

/** The `SHOWN` longest, one line each: time, runs, name. */
const slowest = (times: Times) =>
  [...times]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, SHOWN)
    .map(([name, { ms, runs }]) => `  ${seconds(ms).padStart(8)}  ${String(runs).padStart(2)} run${runs === 1 ? ' ' : 's'}  ${name}`);

export function fileTimesReporter(): Reporter {
  let started = 0;
  return {
    start({ startTime }) {
      started = startTime;
    },
    onTestRunFinished({ sessions }) {
      const byFile: Times = new Map();
      const byTest: Times = new Map();
      const root = `${process.cwd()}/`;
      for (const session of sessions) {
        const file = session.testFile.replace(root, '');
        add(byFile, file, sumOf(session.testResults));
        for (const { name, ms } of testsOf(session.testResults)) add(byTest, `${file.replace(/^test\/browser\//, '')}: ${name}`, ms);
      }
      const total = [...byFile.values()].reduce((sum, entry) => sum + entry.ms, 0);
      const wall = Date.now() - started;
      console.log(
        [
          '',
          `Where the browser suite's time went: its tests ran ${seconds(total)} in all, in ${seconds(wall)}` +
            ` (${(total / wall).toFixed(1)} tests at once on average; pages loading and browsers starting are not in the tests' time).`,
          `Slowest files (their tests' time, summed over every browser):`,
          ...slowest(byFile),
          `Slowest tests (summed over every browser):`,
          ...slowest(byTest),
        ].join('\n'),
      );
    },
  };
}
