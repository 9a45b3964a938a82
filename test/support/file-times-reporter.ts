/**
 * A web-test-runner reporter that says, at the end of a run, where the browser suite's
 * minutes went: the test files whose tests took longest, summed over every browser they ran
 * in, and how many tests ran at once on average (the tests' time over the run's wall time:
 * what is missing from it is pages loading their modules and browsers starting).
 *
 * It only reads the results; the default reporter still prints the progress and the
 * failures that scripts/test.ts counts.
 */
import type { Reporter, TestSuiteResult } from '@web/test-runner';

/** How many files the table names. */
const SHOWN = 12;

const sumOf = (suite: TestSuiteResult | undefined): number =>
  suite ? suite.tests.reduce((sum, test) => sum + (test.duration ?? 0), 0) + suite.suites.reduce((sum, child) => sum + sumOf(child), 0) : 0;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function fileTimesReporter(): Reporter {
  let started = 0;
  return {
    start({ startTime }) {
      started = startTime;
    },
    onTestRunFinished({ sessions }) {
      const byFile = new Map<string, { ms: number; runs: number }>();
      for (const session of sessions) {
        const entry = byFile.get(session.testFile) ?? { ms: 0, runs: 0 };
        entry.ms += sumOf(session.testResults);
        entry.runs += 1;
        byFile.set(session.testFile, entry);
      }
      const total = [...byFile.values()].reduce((sum, entry) => sum + entry.ms, 0);
      const wall = Date.now() - started;
      const root = `${process.cwd()}/`;
      const lines = [...byFile]
        .sort(([, a], [, b]) => b.ms - a.ms)
        .slice(0, SHOWN)
        .map(
          ([file, { ms, runs }]) =>
            `  ${seconds(ms).padStart(8)}  ${String(runs).padStart(2)} run${runs === 1 ? ' ' : 's'}  ${file.replace(root, '')}`,
        );
      console.log(
        [
          '',
          `Where the browser suite's time went: its tests ran ${seconds(total)} in all, in ${seconds(wall)}` +
            ` (${(total / wall).toFixed(1)} tests at once on average; pages loading and browsers starting are not in the tests' time).`,
          `Slowest files (their tests' time, summed over every browser):`,
          ...lines,
        ].join('\n'),
      );
    },
  };
}
