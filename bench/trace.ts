/**
 * `npm run bench:trace`: what the browser itself does between the last API answer and the
 * first time slot painted (phase 3), from Chromium's trace rather than the JS profiler:
 * layout (with the style the container queries recompute inside it), paint, the HTML
 * parsing of Lit's templates, V8 compiling functions on their first call, font lookups,
 * decoding the company's logo. `bench:profile` sums JS samples; much of phase 3 is none
 * (its "(program)"), and this names it.
 *
 * Each event's self time (its duration less that of the events inside it) on the page's
 * main thread, summed by name over the runs and divided by them, with how many there were.
 *
 * With `--timeline` it prints, for each load, the main thread's tasks of 3 ms or more from the
 * navigation to the first slot painted, in order, each with the trace events that took most of it,
 * between the requests' starts and answers: what the main thread was doing when an answer came.
 *
 *   node --import tsx bench/trace.ts [--runs N] [--latency MS] [--cpu-throttle N] [--page KEY] [--top N] [--from-navigation] [--timeline]
 */
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright';
import { ensureBuild, snapshotBuild } from './build.js';
import { clickThrough, lastAnswerBefore, navigationStartOf, openProbedPage, painted, resourceEntries, watchesOf } from './load.js';
import type { Seen } from './probe.js';
import { commandLine, PAGE_KEYS } from './options.js';
import { textTable } from './table.js';
import { startWorld } from './world.js';

const USAGE = `Usage: npm run bench:trace -- [options]
  --runs N            loads, the trace's sums divided by it (default 5)
  --latency MS        added to every API request (default 100)
  --cpu-throttle N    Chromium's CPU N times slower (default 1)
  --page KEY          ${PAGE_KEYS} (default: preselected)
  --top N             events listed (default 25)
  --from-navigation   the whole load, from the navigation, rather than phase 3
  --timeline          each load's main-thread tasks and requests, in order, up to the first slot`;

const line = commandLine(USAGE, {
  runs: { type: 'string', default: '5' },
  latency: { type: 'string', default: '100' },
  'cpu-throttle': { type: 'string', default: '1' },
  page: { type: 'string', default: 'preselected' },
  top: { type: 'string', default: '25' },
  'from-navigation': { type: 'boolean', default: false },
  timeline: { type: 'boolean', default: false },
});
const { values } = line;
const runs = line.whole('runs', 1);
const latency = line.whole('latency', 0);
const throttle = line.whole('cpu-throttle', 1);
const top = line.whole('top', 1);
const scenario = line.page()!;

/** The categories DevTools' Performance panel records, with V8's compiler and Blink's font lookups. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'fonts',
  'blink',
].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number } };
}

/** The renderer's main thread: the one named CrRendererMain that ran the page's scripts. */
function mainThreadEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const main = mains.find((thread) => events.some((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'FunctionCall'));
  return events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
}

const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * One load's timeline: the main thread's tasks of 3 ms or more (each with the four events nested in it
 * that took longest), the requests' starts and answers, and the first slot, in milliseconds since the
 * navigation.
 */
async function timeline(page: Page, onMain: readonly TraceEvent[], navigationStart: number, slot: Seen): Promise<string> {
  const lines: [number, string][] = [
    [slot.dom, '** first slot in the DOM'],
    [slot.paint, '** first slot painted'],
  ];
  for (const request of await resourceEntries(page)) {
    if (request.start > slot.paint) continue;
    const path = new URL(request.url).pathname;
    lines.push([request.start, `-> ${path}`], [request.end, `<- ${path}`]);
  }
  // A task before the events nested in it (an event starting with it is no longer than it).
  const sorted = [...onMain].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  for (const [index, task] of sorted.entries()) {
    const at = (task.ts - navigationStart) / 1000;
    if (!TOP_LEVEL_TASKS.has(task.name) || task.dur! < 3000 || at < 0 || at > slot.paint) continue;
    const end = task.ts + task.dur!;
    const inside = new Map<string, number>();
    const calls = new Map<string, number>();
    for (let next = index + 1; next < sorted.length && sorted[next]!.ts < end; next++) {
      const event = sorted[next]!;
      if (TOP_LEVEL_TASKS.has(event.name)) continue;
      inside.set(event.name, Math.max(inside.get(event.name) ?? 0, event.dur!));
      // A script's entry points, by function and place in its file (line from 1, column from 0, as the source map reads them).
      const call = event.name === 'FunctionCall' ? event.args?.data : undefined;
      const where = call && `${call.functionName || '(anonymous)'} ${call.url?.split('/').pop()}:${call.lineNumber}:${call.columnNumber}`;
      if (where) calls.set(where, (calls.get(where) ?? 0) + event.dur!);
    }
    const heaviest = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`);
    const called = heaviest(calls, 2);
    lines.push([
      at,
      `task ${(task.dur! / 1000).toFixed(1)} ms: ${heaviest(inside, 4).join(', ')}${called.length ? `; calls ${called.join(', ')}` : ''}`,
    ]);
  }
  return lines
    .sort((a, b) => a[0] - b[0])
    .map(([at, text]) => `${at.toFixed(1).padStart(9)}  ${text}`)
    .join('\n');
}

/** Each event with its self time (µs): its duration less that of the events nested in it. */
function selfTimes(events: TraceEvent[]): Map<TraceEvent, number> {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<TraceEvent, number>();
  const open: TraceEvent[] = [];
  for (const event of sorted) {
    while (open.length && open.at(-1)!.ts + open.at(-1)!.dur! <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent, self.get(parent)! - event.dur!);
    self.set(event, event.dur!);
    open.push(event);
  }
  return self;
}

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SNAPSHOT = fileURLToPath(new URL('../node_modules/.cache/booking-widget-bench/trace-dist', import.meta.url));
await ensureBuild(REPO, false);
await snapshotBuild(`${REPO}dist`, SNAPSHOT);
const world = await startWorld(SNAPSHOT, latency);

try {
  const total = new Map<string, { ms: number; count: number }>();
  let wall = 0;
  for (let run = 0; run < runs; run++) {
    let session!: CDPSession;
    const events: TraceEvent[] = [];
    const { page, widget, context } = await openProbedPage(
      world.browser,
      `${world.site.url}${scenario.page}`,
      watchesOf(scenario),
      0,
      1,
      async (page) => {
        session = await page.context().newCDPSession(page);
        if (throttle > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await session.send('Performance.enable');
        session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
        await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      },
    );
    await clickThrough(widget, scenario);
    const slot = await painted(page, 'firstSlot');
    const navigationStart = await navigationStartOf(session);
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await complete;
    const from = values['from-navigation'] ? 0 : await lastAnswerBefore(page, slot);
    wall += slot.paint - from;
    const onMain = mainThreadEvents(events);
    if (values.timeline)
      console.log(`\nLoad ${run + 1}, milliseconds since the navigation:\n${await timeline(page, onMain, navigationStart, slot)}`);
    const self = selfTimes(onMain);
    for (const event of onMain) {
      const at = (event.ts - navigationStart) / 1000;
      if (at < from || at > slot.paint) continue;
      const sum = total.get(event.name) ?? { ms: 0, count: 0 };
      sum.ms += self.get(event)! / 1000;
      sum.count++;
      total.set(event.name, sum);
    }
    await context.close();
  }
  const window = values['from-navigation'] ? 'navigation' : 'last API answer';
  console.log(
    `\n${scenario.key}: ${window} → first slot painted ${(wall / runs).toFixed(1)} ms (mean of ${runs}), CPU ×${throttle}, +${latency} ms per API request`,
  );
  const rows = [...total]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([name, { ms, count }]) => [`${(ms / runs).toFixed(2)} ms`, `${(count / runs).toFixed(1)}×`, name]);
  console.log(textTable(['self time (mean per load)', 'how many', 'trace event on the main thread'], rows, ['right', 'right']));
} finally {
  await world.close();
}
