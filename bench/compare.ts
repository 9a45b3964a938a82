/**
 * `npm run bench:compare -- <rev>`: today's build and the build of another revision, loaded in
 * turns (A B, B A, …) in one browser in front of one sandbox, so that both see the same machine: a
 * change's effect measured while other work runs, where two separate bench runs minutes apart
 * would mostly measure the machine's load. Prints, per figure, each build's median (min–max) and
 * the median of the paired differences (each run's B − A, from loads made side by side).
 *
 *   node --import tsx bench/compare.ts <rev> [--runs N] [--cpu-throttle N] [--page choose|preselected|edge] [--latency MS]
 *
 * The other revision is built from `git archive` in a temporary directory with this checkout's
 * node_modules (its own workspace packages), by Vite alone: what a script tag loads.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, snapshotBuild } from './build.js';
import { type LoadRun, type Scenario, loadRun } from './load.js';
import { commandLine, PAGE_KEYS } from './options.js';
import { formatSummary, summarize } from './stats.js';
import { textTable } from './table.js';
import { startWorlds } from './world.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = fileURLToPath(new URL('../node_modules/.cache/booking-widget-bench/compare', import.meta.url));

const USAGE = `Usage: npm run bench:compare -- <rev> [options]
  <rev>             the revision to compare today's working tree with (a commit, a branch, HEAD~3)
  --runs N          loads of each build per page (default 11)
  --cpu-throttle N  Chromium's CPU N times slower (default 1)
  --page KEY        ${PAGE_KEYS} (default: preselected)
  --latency MS      added to every API request (default 100)`;

/** The figures compared, from each load. */
const FIGURES: { name: string; unit?: string; of: (run: LoadRun) => number | undefined }[] = [
  { name: 'Navigation → first slot painted', of: (run) => run.firstSlotPaint },
  { name: 'Last API answer → first slot painted (phase 3)', of: (run) => run.answerToFirstSlot },
  { name: 'Long tasks > 50 ms before it', unit: '', of: (run) => run.longTasks.count },
  { name: 'Longest task before it', of: (run) => run.longTasks.longest },
  { name: 'Long tasks, time in all', of: (run) => run.longTasks.total },
];

function options() {
  const line = commandLine(
    USAGE,
    {
      runs: { type: 'string', default: '11' },
      'cpu-throttle': { type: 'string', default: '1' },
      page: { type: 'string', default: 'preselected' },
      latency: { type: 'string', default: '100' },
    },
    { positionals: 1 },
  );
  return {
    rev: line.positionals[0]!,
    runs: line.whole('runs', 1),
    cpuThrottle: line.whole('cpu-throttle', 1),
    latencyMs: line.whole('latency', 0),
    scenario: line.page()!,
  };
}

/** `rev`'s script-tag build, in `into`: its files from git, this checkout's dependencies, its own workspace packages. */
async function buildRevision(rev: string, into: string): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${rev}^{commit}`], { cwd: REPO, encoding: 'utf8' }).trim();
  const tree = await mkdtemp(join(tmpdir(), `booking-widget-${commit}-`));
  try {
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], { cwd: REPO });
    const modules = join(tree, 'node_modules');
    await mkdir(modules);
    const own = new Map((await readdir(join(tree, 'packages'))).map((name) => [`booking-widget-${name}`, join(tree, 'packages', name)]));
    for (const entry of await readdir(join(REPO, 'node_modules')))
      await symlink(own.get(entry) ?? join(REPO, 'node_modules', entry), join(modules, entry));
    console.log(`Building ${rev} (${commit}) with Vite …`);
    const built = spawnSync(join(REPO, 'node_modules', '.bin', 'vite'), ['build'], { cwd: tree, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`Building ${commit} failed:\n${built.stdout}${built.stderr}`);
    await snapshotBuild(join(tree, 'dist'), into);
    return commit;
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}

async function main() {
  const { rev, runs, cpuThrottle, latencyMs, scenario } = options();
  const loadBefore = loadavg()[0]!;
  await ensureBuild(REPO, false);
  const today = join(CACHE, 'today');
  await snapshotBuild(join(REPO, 'dist'), today);
  const commit = await buildRevision(rev, join(CACHE, 'other'));
  const builds = [
    { label: 'A: working tree', dir: today },
    { label: `B: ${rev} (${commit})`, dir: join(CACHE, 'other') },
  ];
  const world = await startWorlds(
    builds.map((build) => build.dir),
    latencyMs,
  );
  const results: LoadRun[][] = builds.map(() => []);
  try {
    process.stdout.write(
      `Loading ${scenario.page} (${runs} runs of each, in turns, +${latencyMs} ms per API request, CPU ×${cpuThrottle}):`,
    );
    // One load of each first, not counted: the browser's and the servers' first work (compiling, opening connections) would fall on A.
    for (const site of world.sites) await loadRun(world.browser, site.url, scenario, 0, cpuThrottle);
    for (let run = 0; run < runs; run++) {
      // Alternate the order, so that neither build always loads second (a warmer cache, a busier moment).
      const order = run % 2 ? [1, 0] : [0, 1];
      for (const index of order) results[index]!.push(await loadRun(world.browser, world.sites[index]!.url, scenario, 0, cpuThrottle));
      process.stdout.write(` ${run + 1}`);
    }
    process.stdout.write('\n');
  } finally {
    await world.close();
  }
  print(scenario, builds, results, { runs, cpuThrottle, loadBefore });
}

function print(
  scenario: Scenario,
  builds: { label: string }[],
  results: LoadRun[][],
  { runs, cpuThrottle, loadBefore }: { runs: number; cpuThrottle: number; loadBefore: number },
) {
  console.log(
    `\n${scenario.label}: median (min–max) of ${runs} loads each, CPU ×${cpuThrottle}; ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before and ${loadavg()[0]!.toFixed(2)} after.`,
  );
  for (const build of builds) console.log(`  ${build.label}`);
  const rows = FIGURES.map(({ name, unit, of }) => {
    const [a, b] = results.map((runsOf) => runsOf.map(of));
    const paired = a!.map((value, index) => (value === undefined || b![index] === undefined ? undefined : b![index]! - value));
    return [name, formatSummary(summarize(a!), unit), formatSummary(summarize(b!), unit), formatSummary(summarize(paired), unit)];
  });
  console.log(textTable(['', 'A', 'B', 'B − A (paired)'], rows));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
