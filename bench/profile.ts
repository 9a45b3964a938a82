/**
 * `npm run bench:profile`: where the main thread's time goes from the navigation to
 * the first time slot painted, on the bench's two pages. Chromium's sampling
 * profiler (CDP `Profiler`, 100 µs) runs for each load; the samples before the
 * first slot are summed by function (self time, summed over the runs and divided by
 * them) and by what they belong to: Lit, the widget's modules, the adapter, Intl, the
 * browser's own work (garbage collection, parsing, rendering outside scripts).
 *
 *   node --import tsx bench/profile.ts [--runs N] [--latency MS] [--cpu-throttle N] [--top N]
 */
import { existsSync, readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuild, snapshotBuild } from './build.js';
import { SCENARIOS, openProbedPage, painted } from './load.js';
import { startWorld } from './world.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    latency: { type: 'string', default: '100' },
    'cpu-throttle': { type: 'string', default: '1' },
    top: { type: 'string', default: '25' },
    page: { type: 'string' },
  },
});
const runs = Number(values.runs);
const throttle = Number(values['cpu-throttle']);
const top = Number(values.top);

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
const world = await startWorld(SNAPSHOT, Number(values.latency));

try {
  for (const scenario of SCENARIOS.filter((s) => !values.page || s.key === values.page)) {
    const selfByFunction = new Map<string, number>();
    const selfByOwner = new Map<string, number>();
    let wall = 0;
    for (let run = 0; run < runs; run++) {
      const watches = { firstSlot: { selector: 'button[part~="slot"]' } } as Record<string, { selector: string; text?: string }>;
      for (const click of scenario.clicks) watches[click.watch] = { selector: 'button[part~="choice"]', text: click.button };
      const { page, widget, context: probed } = await openProbedPage(world.browser, `${world.site.url}${scenario.page}`, watches);
      const session = await probed.newCDPSession(page);
      page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
      if (throttle > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
      for (const click of scenario.clicks) await widget.getByRole('button', { name: new RegExp(`^${click.button}`) }).click();
      const slot = await painted(page, 'firstSlot');
      const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
      wall += slot.paint;
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      // Samples are relative to the profile's start; keep those before the slot (performance.now() timebase ≈ since navigation).
      const navigationStart = await page.evaluate(() => performance.timeOrigin * 1000);
      let time = profile.startTime;
      profile.samples.forEach((id, index) => {
        time += profile.timeDeltas[index]!;
        if ((time - navigationStart) / 1000 > slot.paint) return;
        const node = byId.get(id)!;
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
        const name =
          (url && sourcePlace(url, lineNumber, columnNumber)) ||
          `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
        selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta);
        const group = owner(url, functionName);
        selfByOwner.set(group, (selfByOwner.get(group) ?? 0) + delta);
      });
      await probed.close();
    }
    const per = (ms: number) => `${(ms / runs).toFixed(1).padStart(7)} ms`;
    console.log(
      `\n${scenario.key}: navigation → first slot painted ${(wall / runs).toFixed(0)} ms (mean of ${runs}), CPU ×${throttle}, +${values.latency} ms per API request`,
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
  }
} finally {
  await world.close();
}
