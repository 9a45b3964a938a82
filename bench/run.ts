/**
 * `npm run bench`: sizes, load, interaction and scale figures of the widget,
 * printed as tables and written to bench/results.json. A script, not a test: it
 * fails only when it cannot measure. See bench/README.md.
 *
 *   node --import tsx bench/run.ts [--latency MS] [--runs N] [--quick] [--build] [--markdown]
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ensureBuild, snapshotBuild } from './build.js';
import { type LoadRun, SCENARIOS, heapUsed, loadRun } from './load.js';
import { type Measured, makeReport, printReport, readmeSection } from './report.js';
import { commandLine } from './options.js';
import { measureFreeSlots, measureRenders } from './scale.js';
import { measureBuild } from './size.js';
import { startWorld } from './world.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SNAPSHOT = fileURLToPath(new URL('../node_modules/.cache/booking-widget-bench/dist', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const USAGE = `Usage: node --import tsx bench/run.ts [options]
  --latency MS        added to every API request (default 100)
  --asset-latency MS  added to the page and each script too (default 0: served from 127.0.0.1 at once)
  --runs N            page loads per scenario; figures are the median, min and max (default 7)
  --quick             2 runs and fewer repetitions elsewhere: a smoke check
  --build             run \`npm run build\` first even when dist/ looks current
  --markdown          also print the README section (a Markdown table)
  --cpu-throttle N    also load the pages with Chromium's CPU N times slower (a slower phone), and report both`;

function options() {
  const line = commandLine(USAGE, {
    latency: { type: 'string', default: '100' },
    'asset-latency': { type: 'string', default: '0' },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    'cpu-throttle': { type: 'string', default: '1' },
  });
  const { values } = line;
  return {
    latencyMs: line.whole('latency', 0),
    assetLatencyMs: line.whole('asset-latency', 0),
    runs: line.whole('runs', 1, values.quick ? '2' : '7'),
    cpuThrottle: line.whole('cpu-throttle', 1),
    quick: values.quick,
    build: values.build,
    markdown: values.markdown,
  };
}

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

async function main() {
  const started = performance.now();
  const { latencyMs, assetLatencyMs, runs, quick, build, markdown, cpuThrottle } = options();
  const loadBefore = loadavg()[0]!;
  if (loadBefore > cpus().length)
    console.log(
      `Note: the machine is busy (load average ${loadBefore.toFixed(1)} on ${cpus().length} CPUs); times will be slower and vary more.`,
    );
  const buildState = await ensureBuild(REPO, build);
  await snapshotBuild(`${REPO}dist`, SNAPSHOT);
  const size = await measureBuild(SNAPSHOT);

  console.log('Measuring freeSlots of the large company in Node …');
  const freeSlots = await measureFreeSlots(quick ? 1 : Math.min(runs, 3), quick ? 5 : Math.max(runs, 10));

  const world = await startWorld(SNAPSHOT, latencyMs);
  const load: Record<string, LoadRun[]> = Object.fromEntries(SCENARIOS.map((scenario) => [scenario.key, []]));
  const throttled: Record<string, LoadRun[]> = {};
  let blankHeap: number | undefined;
  let renders;
  try {
    process.stdout.write(`Loading the pages (${runs} runs, +${latencyMs} ms per API request, +${assetLatencyMs} ms per page and script):`);
    for (let run = 0; run < runs; run++) {
      // Alternate the order, so that neither scenario always runs on a warmer machine.
      const order = run % 2 ? [...SCENARIOS].reverse() : SCENARIOS;
      for (const scenario of order) load[scenario.key]!.push(await loadRun(world.browser, world.site.url, scenario, assetLatencyMs));
      process.stdout.write(` ${run + 1}`);
    }
    process.stdout.write('\n');
    if (cpuThrottle > 1) {
      const throttledRuns = Math.max(2, Math.ceil(runs / 2));
      process.stdout.write(`Loading them at ${cpuThrottle}× CPU throttling (${throttledRuns} runs):`);
      for (let run = 0; run < throttledRuns; run++) {
        for (const scenario of SCENARIOS.filter((s) => s.key !== 'edge')) {
          throttled[scenario.key] ??= [];
          throttled[scenario.key]!.push(await loadRun(world.browser, world.site.url, scenario, assetLatencyMs, cpuThrottle));
        }
        process.stdout.write(` ${run + 1}`);
      }
      process.stdout.write('\n');
    }
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.site.url}/blank.html`);
    blankHeap = await heapUsed(page);
    await context.close();
    console.log('Mounting the large pickers …');
    renders = await measureRenders(world.browser, world.site.url, quick ? 3 : Math.max(runs, 10));
  } finally {
    await world.close();
  }

  const measured: Measured = {
    command: `node --import tsx bench/run.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: world.browser.version(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      platform: `${process.platform} ${process.arch}`,
      loadAverage: { before: loadBefore, after: loadavg()[0]! },
      commit: git('rev-parse', '--short', 'HEAD'),
      uncommittedChanges: Boolean(git('status', '--porcelain', '--', 'src', 'vite.config.ts', 'package.json')),
    },
    options: { latencyMs, assetLatencyMs, runs, quick },
    build: buildState,
    size,
    load: Object.fromEntries(
      SCENARIOS.map((scenario) => [scenario.key, { label: scenario.label, page: scenario.page, runs: load[scenario.key]! }]),
    ),
    ...(cpuThrottle > 1 && {
      throttled: {
        rate: cpuThrottle,
        load: Object.fromEntries(
          SCENARIOS.filter((scenario) => throttled[scenario.key]).map((scenario) => [
            scenario.key,
            { label: scenario.label, page: scenario.page, runs: throttled[scenario.key]! },
          ]),
        ),
      },
    }),
    blankPageHeap: blankHeap,
    scale: { ...renders, freeSlots },
    durationSeconds: Math.round((performance.now() - started) / 1000),
  };
  const report = makeReport(measured);
  printReport(report);
  await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFull run: ${report.durationSeconds} s. Figures in bench/results.json.`);
  if (markdown) console.log(`\n${readmeSection(report)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
