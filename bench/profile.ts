/**
 * `npm run bench:profile`: where the main thread's time goes from the navigation to
 * the first time slot painted, on the bench's two pages. Chromium's sampling
 * profiler (CDP `Profiler`, 100 µs) runs for each load; the samples before the
 * first slot are summed by function (self time, summed over the runs and divided by
 * them) and by what they belong to: Lit, the widget's modules, the adapter, Intl, the
 * browser's own work (garbage collection, parsing, rendering outside scripts).
 *
 * With `--phase3`, only the samples after the last API answer the first slot needed
 * (phase 3 of the bench's tables: what the widget does with data it already has); with
 * `--longest`, only those of the longest task before the first slot (what to break up).
 * Besides self time, each function's inclusive time (itself and what it called) is summed
 * for the widget's own source places, when the build has source maps.
 *
 *   node --import tsx bench/profile.ts [--runs N] [--latency MS] [--cpu-throttle N] [--top N] [--page KEY] [--phase3]
 */
import { existsSync, readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright';
import { ensureBuild, snapshotBuild } from './build.js';
import { SCENARIOS, clickThrough, lastAnswerBefore, openProbedPage, painted, watchesOf } from './load.js';
import { commandLine, PAGE_KEYS } from './options.js';
import { startWorld } from './world.js';

const USAGE = `Usage: npm run bench:profile -- [options]
  --runs N          loads per page, the profiles' sums divided by it (default 5)
  --latency MS      added to every API request (default 100)
  --cpu-throttle N  Chromium's CPU N times slower (default 1)
  --top N           functions listed (default 25)
  --page KEY        ${PAGE_KEYS} (default: every page)
  --phase3          only what comes after the last API answer the first slot needed
  --longest         only the longest task before the first slot`;

const line = commandLine(USAGE, {
  runs: { type: 'string', default: '5' },
  latency: { type: 'string', default: '100' },
  'cpu-throttle': { type: 'string', default: '1' },
  top: { type: 'string', default: '25' },
  page: { type: 'string' },
  phase3: { type: 'boolean', default: false },
  longest: { type: 'boolean', default: false },
});
const { values } = line;
const runs = line.whole('runs', 1);
const latency = line.whole('latency', 0);
const throttle = line.whole('cpu-throttle', 1);
const top = line.whole('top', 1);
const only = line.page();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a sample's function belongs to, for the summary. */
function owner(url: string, name: string): string {
  if (!url) return ['(garbage collector)', '(program)', '(idle)', '(root)'].includes(name) ? name : '(browser: parse, style, layout)';
  if (/lit-html|lit-element|reactive-element|@lit\//.test(url)) return 'Lit';
  if (/booking-widget[^/]*\.js/.test(url)) return 'widget scripts';
  return new URL(url).pathname;
}

/** Chromium's counts of style recalculations, layouts and the nodes they touched (CDP Performance.getMetrics). */
const WORK = ['RecalcStyleCount', 'RecalcStyleDuration', 'LayoutCount', 'LayoutDuration', 'ScriptDuration', 'Nodes'];

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Source maps of the built files, when the build wrote them (BUNDLE_SOURCEMAP=1 npm run build): minified names become source places. */
const maps = new Map<string, TraceMap | null>();
function sourcePlace(url: string, line: number, column: number): string | undefined {
  const file = url.split('/').pop()!.split('?')[0]!;
  if (!maps.has(file)) {
    const path = `${REPO}dist/${file}.map`;
    maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map || line < 0) return undefined;
  const place = originalPositionFor(map, { line: line + 1, column });
  if (!place.source) return undefined;
  return `${place.name ?? '(anonymous)'} ${place.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${place.line}`;
}
const SNAPSHOT = fileURLToPath(new URL('../node_modules/.cache/booking-widget-bench/profile-dist', import.meta.url));
if (process.env.BUNDLE_SOURCEMAP) await ensureBuild(REPO, true);
else await ensureBuild(REPO, false);
await snapshotBuild(`${REPO}dist`, SNAPSHOT);
const world = await startWorld(SNAPSHOT, latency);

try {
  for (const scenario of SCENARIOS.filter((scenario) => !only || scenario === only)) {
    const selfByFunction = new Map<string, number>();
    const selfByOwner = new Map<string, number>();
    const work = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let wall = 0;
    for (let run = 0; run < runs; run++) {
      let session!: CDPSession;
      // Profiling, throttling and counting start before the navigation: the page's own first tasks count too.
      const {
        page,
        widget,
        context: probed,
      } = await openProbedPage(world.browser, `${world.site.url}${scenario.page}`, watchesOf(scenario), 0, 1, async (page) => {
        session = await page.context().newCDPSession(page);
        page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
        if (throttle > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await session.send('Performance.enable');
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: 100 });
        await session.send('Profiler.start');
      });
      await clickThrough(widget, scenario);
      const slot = await painted(page, 'firstSlot');
      const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const parentOf = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
      // Samples before the slot painted (in performance.now()'s timebase: since the navigation), after the last answer with --phase3.
      // The profile's clock is Chromium's monotonic one, as is the Performance domain's NavigationStart (in seconds).
      const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      const navigationStart = metrics.find((metric) => metric.name === 'NavigationStart')!.value * 1e6;
      // Counts of the page's work since its navigation (to just after the first slot): the same on a busy machine as on a quiet one.
      for (const { name, value } of metrics) if (WORK.includes(name)) work.set(name, (work.get(name) ?? 0) + value);
      let from = values.phase3 ? await lastAnswerBefore(page, slot) : 0;
      let to = slot.paint;
      if (values.longest) {
        const tasks = await page.evaluate(() => window.__bench.longTasks);
        const longest = tasks.filter((task) => task.start < slot.paint).sort((a, b) => b.duration - a.duration)[0];
        [from, to] = longest ? [longest.start, longest.start + longest.duration] : [0, 0];
      }
      wall += to - from;
      let time = profile.startTime;
      profile.samples.forEach((id, index) => {
        time += profile.timeDeltas[index]!;
        const at = (time - navigationStart) / 1000;
        if (at > to || at < from) return;
        const node = byId.get(id)!;
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
        const name =
          (url && sourcePlace(url, lineNumber, columnNumber)) ||
          `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
        selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta);
        const group = owner(url, functionName);
        selfByOwner.set(group, (selfByOwner.get(group) ?? 0) + delta);
        // Inclusive: every widget source place on the sample's stack, once each.
        const onStack = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
          const frame = byId.get(at)!.callFrame;
          const place = frame.url ? sourcePlace(frame.url, frame.lineNumber, frame.columnNumber) : undefined;
          if (place?.includes(' src/')) onStack.add(place);
        }
        for (const place of onStack) inclusive.set(place, (inclusive.get(place) ?? 0) + delta);
      });
      await probed.close();
    }
    const per = (ms: number) => `${(ms / runs).toFixed(1).padStart(7)} ms`;
    console.log(
      `\n${scenario.key}: ${values.longest ? 'the longest task before the first slot' : `${values.phase3 ? 'last API answer' : 'navigation'} → first slot painted`} ${(wall / runs).toFixed(0)} ms (mean of ${runs}), CPU ×${throttle}, +${latency} ms per API request`,
    );
    console.log(
      `  work (mean per load, to just after the first slot): ${[...work].map(([name, total]) => (name.endsWith('Duration') ? `${name} ${((total / runs) * 1000).toFixed(0)} ms` : `${name} ${(total / runs).toFixed(1)}`)).join(', ')}`,
    );
    console.log('  main thread by owner (self time, mean per load):');
    for (const [group, ms] of [...selfByOwner].sort((a, b) => b[1] - a[1]).filter(([g]) => g !== '(idle)'))
      console.log(`  ${per(ms)}  ${group}`);
    console.log(`  top ${top} functions (self time):`);
    for (const [name, ms] of [...selfByFunction]
      .sort((a, b) => b[1] - a[1])
      .filter(([n]) => !n.startsWith('(idle)'))
      .slice(0, top)) {
      console.log(`  ${per(ms)}  ${name}`);
    }
    if (inclusive.size) console.log(`  top ${top} of the widget's functions (inclusive time: with what they called):`);
    for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${per(ms)}  ${name}`);
  }
} finally {
  await world.close();
}
