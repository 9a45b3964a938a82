/** The bench's figures: summarised (median, min, max), checked against the targets, printed. */
import type { BuildState } from './build.js';
import type { Interaction, LoadRun } from './load.js';
import type { FreeSlotsScale, Mounted } from './scale.js';
import {
  BUNDLE_BUDGET_BYTES,
  type BuildSizes,
  type Total,
  WHOLE_BOOKING_TARGET_BYTES,
  firstSlotTotals,
  formatKB,
  totalOf,
  withStaticImports,
} from './size.js';
import { type Summary, formatSummary, summarize } from './stats.js';
import { type Align, markdownTable, textTable } from './table.js';

export interface Measured {
  command: string;
  machine: {
    date: string;
    node: string;
    chromium: string;
    cpus: number;
    cpuModel: string;
    platform: string;
    /** One-minute load average when the run started and ended. */
    loadAverage: { before: number; after: number };
    commit: string | undefined;
    /** src/, vite.config.ts or package.json differ from the commit. */
    uncommittedChanges: boolean;
  };
  options: { latencyMs: number; assetLatencyMs: number; runs: number; quick: boolean };
  build: BuildState;
  size: BuildSizes;
  load: Record<string, { label: string; page: string; runs: LoadRun[] }>;
  /** The same loads with Chromium's CPU slowed down (`--cpu-throttle N`), as on a slower phone. */
  throttled?: { rate: number; load: Record<string, { label: string; page: string; runs: LoadRun[] }> };
  /** JS heap of the same page without the widget. */
  blankPageHeap: number | undefined;
  scale: { slotPicker: Mounted[]; dayPicker: Mounted[]; freeSlots: FreeSlotsScale };
  durationSeconds: number;
}

type Times = Record<Exclude<keyof Interaction, 'updates'>, Summary | undefined> & {
  /** Lit updates between the click and the paint, by element: `booking-widget ×2 1.9 ms` (medians). */
  updates: string;
};

export interface LoadSummary {
  firstSlotPaint: Summary | undefined;
  firstSlotDom: Summary | undefined;
  connectedToFirstSlot: Summary | undefined;
  /** Phase 3: the last API answer the first slot needed → it painted. */
  answerToFirstSlot: Summary | undefined;
  connected: Summary | undefined;
  ready: Summary | undefined;
  clickDelay: Summary | undefined;
  requests: Summary | undefined;
  apiRequests: Summary | undefined;
  apiRoundTrips: Summary | undefined;
  /** With clicks: API round trips to the first screen, and from the last click to the first slot (`LoadRun`). */
  firstScreenRoundTrips: Summary | undefined;
  afterChoiceRoundTrips: Summary | undefined;
  /** The requests of each round trip, as most runs had them: `company + staff → widget/freeSlots`. */
  apiPath: string;
  allRoundTrips: Summary | undefined;
  allPath: string;
  longTasks: Summary | undefined;
  longestTask: Summary | undefined;
  heapUsed: Summary | undefined;
  /** Scripts fetched before the first slot in any run, with the bytes on the wire and the build's sizes. */
  scripts: { file: string; transfer: number; raw: number | undefined; brotli: number | undefined }[];
  /** What those scripts weigh, from the build's sizes (with anything they import statically). */
  fetchedBeforeFirstSlot: Total;
  sanitizerApi: boolean;
  day: Times & { runs: number; afterMonthChange: number };
  nextMonth: Times & { requestsWaitedFor: Summary | undefined; requestsStarted: Summary | undefined; requests: string[] };
}

export interface Target {
  target: string;
  measured: string;
  met: boolean;
}

export interface Report extends Measured {
  summary: {
    load: Record<string, LoadSummary>;
    throttledLoad?: Record<string, LoadSummary>;
    /** Downloaded before the first slot: as fetched in each scenario, then what other browsers and languages add. */
    firstSlot: { case: string; total: Total }[];
    scale: {
      slotPicker: { layout: Summary | undefined; paint: Summary | undefined; buttons: number };
      dayPicker: { layout: Summary | undefined; paint: Summary | undefined; buttons: number };
      freeSlots: { cold: Summary | undefined; warm: Summary | undefined };
    };
    targets: Target[];
  };
}

const of = <T>(items: readonly T[], pick: (item: T) => number | undefined) => summarize(items.map(pick));
function updatesOf(items: readonly (Interaction | undefined)[]): string {
  const measured = items.filter((item): item is Interaction => Boolean(item));
  const elements = [...new Set(measured.flatMap((item) => item.updates.map((update) => update.element)))];
  const parts = elements.map((element) => {
    const mine = measured.map((item) => item.updates.find((update) => update.element === element));
    const count = summarize(mine.map((update) => update?.count ?? 0))!.median;
    const total = summarize(mine.map((update) => update?.total ?? 0))!;
    return { text: `${element} ×${count} ${formatSummary(total)}`, median: total.median };
  });
  const sum = summarize(measured.map((item) => item.updates.reduce((total, update) => total + update.total, 0)));
  return parts.length
    ? `${formatSummary(sum)}: ${parts
        .sort((a, b) => b.median - a.median)
        .map((part) => part.text)
        .join(', ')}`
    : '';
}

const times = (items: readonly (Interaction | undefined)[]): Times => ({
  updates: updatesOf(items),
  input: of(items, (item) => item?.input),
  dom: of(items, (item) => item?.dom),
  paint: of(items, (item) => item?.paint),
  frame: of(items, (item) => item?.frame),
});

/** The most common of the runs' paths, `a + b → c`, with how many runs differed. */
function usualPath(levels: readonly string[][][]): string {
  const counts = new Map<string, number>();
  for (const path of levels.map((run) => run.map((level) => level.join(' + ')).join(' → '))) counts.set(path, (counts.get(path) ?? 0) + 1);
  const [path, times] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return times < levels.length ? `${path} (${levels.length - times} of ${levels.length} runs differ)` : path;
}

function summarizeLoad(runs: readonly LoadRun[], size: BuildSizes): LoadSummary {
  const first = runs[0]!;
  const built = new Map(size.files.map((file) => [file.file, file]));
  const scripts = new Map<string, number>();
  for (const run of runs) for (const { file, transfer } of run.scripts) if (!scripts.has(file)) scripts.set(file, transfer);
  return {
    firstSlotPaint: of(runs, (run) => run.firstSlotPaint),
    firstSlotDom: of(runs, (run) => run.firstSlotDom),
    connectedToFirstSlot: of(runs, (run) => run.connectedToFirstSlot),
    answerToFirstSlot: of(runs, (run) => run.answerToFirstSlot),
    connected: of(runs, (run) => run.connected),
    ready: of(runs, (run) => run.ready),
    clickDelay: of(runs, (run) => run.clickDelay),
    requests: of(runs, (run) => run.requests.total),
    apiRequests: of(runs, (run) => run.requests.api),
    apiRoundTrips: of(runs, (run) => run.apiRoundTrips),
    firstScreenRoundTrips: of(runs, (run) => run.firstScreenRoundTrips),
    afterChoiceRoundTrips: of(runs, (run) => run.afterChoiceRoundTrips),
    apiPath: usualPath(runs.map((run) => run.apiLevels)),
    allRoundTrips: of(runs, (run) => run.allRoundTrips),
    allPath: usualPath(runs.map((run) => run.allLevels)),
    longTasks: of(runs, (run) => run.longTasks.count),
    longestTask: of(runs, (run) => run.longTasks.longest),
    heapUsed: of(runs, (run) => run.heapUsed),
    scripts: [...scripts].map(([file, transfer]) => ({ file, transfer, raw: built.get(file)?.raw, brotli: built.get(file)?.brotli })),
    fetchedBeforeFirstSlot: totalOf(size.files, withStaticImports(size.files, [...scripts.keys()])),
    sanitizerApi: first.sanitizerApi,
    day: {
      ...times(runs.map((run) => run.day)),
      runs: runs.filter((run) => run.day).length,
      afterMonthChange: runs.filter((run) => run.day?.afterMonthChange).length,
    },
    nextMonth: {
      ...times(runs.map((run) => run.nextMonth)),
      requestsWaitedFor: of(runs, (run) => run.nextMonth?.requestsWaitedFor),
      requestsStarted: of(runs, (run) => run.nextMonth?.requestsStarted),
      requests: first.nextMonth?.requests ?? [],
    },
  };
}

function targets(measured: Measured, load: Record<string, LoadSummary>, throttled?: Record<string, LoadSummary>): Target[] {
  const { choose, preselected, edge } = load;
  const list: Target[] = [];
  const eager = measured.size.eager.brotli;
  list.push({
    target: `Script-tag bundle, English, ≤ ${formatKB(BUNDLE_BUDGET_BYTES)} brotli (CI budget)`,
    measured: formatKB(eager),
    met: eager <= BUNDLE_BUDGET_BYTES,
  });
  // A whole English booking in Chromium (bench/size.ts `wholeBooking`): the bundle and the chunks a plain booking loads
  // (not DOMPurify, another language, nor what only other pages or companies load: manage mode, a line, the popup dialog).
  const booking = measured.size.booking;
  const name = (file: string) => measured.size.files.find((built) => built.file === file)?.name ?? file;
  list.push({
    target: `Everything a whole English booking loads, ≤ ${formatKB(WHOLE_BOOKING_TARGET_BYTES)} brotli`,
    measured: `${formatKB(booking.brotli)} (${booking.files.map(name).join(' + ')})`,
    met: booking.brotli <= WHOLE_BOOKING_TARGET_BYTES,
  });
  const budget = measured.options.latencyMs + 250;
  if (preselected?.firstSlotPaint) {
    list.push({
      target: `Preselected: navigation → first slot painted ≤ latency + 250 ms = ${budget} ms (median)`,
      measured: formatSummary(preselected.firstSlotPaint),
      met: preselected.firstSlotPaint.median <= budget,
    });
  }
  // Phase 3 (issue 28): what the widget does between its data and the first slot on screen.
  const phase3 = (summaries: Record<string, LoadSummary>, budget: number, rate?: number) => ({
    target: `Phase 3: last API answer → first slot painted ≤ ${budget} ms (median${rate ? `, ${rate}× CPU throttling` : ''})`,
    measured: Object.entries(summaries)
      .map(([key, summary]) => `${key} ${formatSummary(summary.answerToFirstSlot)}`)
      .join('; '),
    met: Object.values(summaries).every((summary) => summary.answerToFirstSlot && summary.answerToFirstSlot.median <= budget),
  });
  list.push(phase3(load, 50));
  if (throttled) list.push(phase3(throttled, 150, measured.throttled!.rate));
  const longTasks = Object.entries(load).map(
    ([key, summary]) => [key, summary.longTasks?.max ?? 0, summary.longestTask?.max ?? 0] as const,
  );
  list.push({
    target: 'No long task over 50 ms before the first slot (any run, unthrottled)',
    measured: longTasks.map(([key, most, longest]) => `${key} ${most}${most ? ` (longest ${Math.round(longest)} ms)` : ''}`).join(', '),
    met: longTasks.every(([, most]) => most === 0),
  });
  if (throttled) {
    list.push({
      // Issue 28: none on a slow phone either. A median, as a loaded machine's stray task is not the widget's.
      target: `No long task over 50 ms before the first slot at ${measured.throttled!.rate}× CPU throttling (median)`,
      measured: Object.entries(throttled)
        .map(([key, summary]) => `${key} ${count(summary.longTasks)}, longest ${formatSummary(summary.longestTask)}`)
        .join('; '),
      met: Object.values(throttled).every((summary) => summary.longTasks?.median === 0),
    });
  }
  if (preselected?.apiRequests) {
    list.push({
      target: 'Preselected (service-staff): API requests before the first slot ≤ 3 (company + freeSlots + one list)',
      measured: formatSummary(preselected.apiRequests, ''),
      met: preselected.apiRequests.max <= 3,
    });
  }
  if (edge?.firstSlotPaint && preselected?.firstSlotPaint) {
    list.push({
      target: 'Catalog from an edge cache (+10 ms) against the service (+100 ms): first slot painted (reported)',
      measured: `${formatSummary(edge.firstSlotPaint)} against ${formatSummary(preselected.firstSlotPaint)}`,
      met: true,
    });
  }
  if (preselected?.apiRoundTrips) {
    list.push({
      target: 'Service preselected: company and slots in parallel, 1 API round trip',
      measured: formatSummary(preselected.apiRoundTrips, ''),
      met: preselected.apiRoundTrips.max <= 1,
    });
  }
  if (choose?.firstScreenRoundTrips && choose.afterChoiceRoundTrips) {
    // Not the whole path (3: the staff list is asked for once the first screen is up, and the bench clicks before it is in).
    list.push({
      target: "No preselection: the services 1 API round trip after the page, the times at most 1 after the visitor's last choice",
      measured: `${formatSummary(choose.firstScreenRoundTrips, '')} / ${formatSummary(choose.afterChoiceRoundTrips, '')}`,
      met: choose.firstScreenRoundTrips.max <= 1 && choose.afterChoiceRoundTrips.max <= 1,
    });
  }
  const dayPaints = Object.values(load).map((summary) => summary.day.paint);
  if (dayPaints.every(Boolean)) {
    list.push({
      target: 'Day click → its times painted within one frame, ≤ 16.7 ms (median)',
      measured: dayPaints.map((paint) => formatSummary(paint)).join(' / '),
      met: dayPaints.every((paint) => paint!.median <= 16.7),
    });
  }
  const waited = Object.values(load).map((summary) => summary.nextMonth.requestsWaitedFor);
  if (waited.every(Boolean)) {
    list.push({
      target: 'Next month after the prefetch: no request waited for',
      measured: waited.map((summary) => `${summary!.max} at most`).join(' / '),
      met: waited.every((summary) => summary!.max === 0),
    });
  }
  return list;
}

export function makeReport(measured: Measured): Report {
  const load = Object.fromEntries(Object.entries(measured.load).map(([key, { runs }]) => [key, summarizeLoad(runs, measured.size)]));
  const mounted = (samples: Mounted[]) => ({
    layout: of(samples, (sample) => sample.layout),
    paint: of(samples, (sample) => sample.paint),
    buttons: samples[0]?.buttons ?? 0,
  });
  const { slotPicker, dayPicker, freeSlots } = measured.scale;
  const fetched = Object.values(load).flatMap((summary) => summary.scripts.map((script) => script.file));
  const firstSlot = [
    ...Object.entries(load).map(([key, summary]) => ({
      case: `English, Chromium, ${key} (as fetched)`,
      total: summary.fetchedBeforeFirstSlot,
    })),
    ...firstSlotTotals(measured.size.files, [...new Set(fetched)]).slice(1),
  ];
  const throttledLoad =
    measured.throttled &&
    Object.fromEntries(Object.entries(measured.throttled.load).map(([key, { runs }]) => [key, summarizeLoad(runs, measured.size)]));
  return {
    ...measured,
    summary: {
      load,
      ...(throttledLoad && { throttledLoad }),
      firstSlot,
      scale: {
        slotPicker: mounted(slotPicker),
        dayPicker: mounted(dayPicker),
        freeSlots: { cold: summarize(freeSlots.cold), warm: summarize(freeSlots.warm) },
      },
      targets: targets(measured, load, throttledLoad),
    },
  };
}

// --- Printing ----------------------------------------------------------------

const bytes = (value: number) => value.toLocaleString('en-US');
const megabytes = (summary: Summary | undefined) =>
  summary
    ? formatSummary({ ...summary, median: summary.median / 2 ** 20, min: summary.min / 2 ** 20, max: summary.max / 2 ** 20 }, 'MB')
    : '–';
const count = (summary: Summary | undefined) => formatSummary(summary, '');
/** With clicks: the API round trips to the first screen / still coming at the last click. */
const waitedRoundTrips = (summary: LoadSummary) =>
  summary.firstScreenRoundTrips ? `${count(summary.firstScreenRoundTrips)} / ${count(summary.afterChoiceRoundTrips)}` : '–';

function sizeSection(report: Report): string {
  const { size, summary } = report;
  const right: Align[] = ['left', 'left', 'left', 'right', 'right', 'right'];
  const fetchedIn = (file: string) =>
    Object.entries(summary.load)
      .filter(([, load]) => load.scripts.some((script) => script.file === file))
      .map(([key]) => key)
      .join(', ');
  const files = textTable(
    ['file', 'kind', 'before the first slot', 'raw', 'gzip', 'brotli'],
    size.files.map((file) => [file.file, file.kind, fetchedIn(file.file), formatKB(file.raw), formatKB(file.gzip), formatKB(file.brotli)]),
    right,
  );
  const totals = textTable(
    ['downloaded before the first time slot', 'files', 'raw', 'gzip', 'brotli'],
    summary.firstSlot.map(({ case: name, total }) => [
      name,
      String(total.files.length),
      formatKB(total.raw),
      formatKB(total.gzip),
      formatKB(total.brotli),
    ]),
    right.slice(1),
  );
  const over = size.eager.brotli - BUNDLE_BUDGET_BYTES;
  const budget = `Budget (bench/check-size.ts): ${size.eager.files.join(' + ')} ${formatKB(size.eager.brotli)} of ${formatKB(BUNDLE_BUDGET_BYTES)} brotli, ${over > 0 ? `OVER by ${formatKB(over)}` : `${formatKB(-over)} to spare`}.`;
  const scripts = Object.values(summary.load).flatMap((load) => load.scripts);
  const differ = scripts.filter((script) => script.transfer !== script.raw);
  const wire = differ.length
    ? `DIFFER from dist for ${differ.map((script) => `${script.file} (${bytes(script.transfer)} B on the wire, ${script.raw === undefined ? 'not in the build' : `${bytes(script.raw)} B built`})`).join(', ')}`
    : 'equal the built files';
  const sanitizer = summary.load.preselected?.sanitizerApi ?? summary.load.choose?.sanitizerApi;
  return [
    'SIZE  node:zlib at maximum quality (gzip 9, brotli 11); 1 KB = 1,024 bytes',
    files,
    '',
    totals,
    budget,
    `"As fetched": the scripts Chromium requested before the first slot was painted; their bytes on the wire (uncompressed here) ${wire}.`,
    `DOMPurify is ${sanitizer ? 'never fetched: Chromium has' : 'fetched: this Chromium LACKS'} the HTML Sanitizer API (Element.prototype.setHTML).`,
  ].join('\n');
}

/** A table with a column per scenario: `[label, the figure of a scenario]` per row. */
function scenarioTable(report: Report, rows: [string, (summary: LoadSummary) => string][]): string {
  const keys = Object.keys(report.load);
  return textTable(
    ['', ...keys],
    rows.map(([label, cell]) => [label, ...keys.map((key) => cell(report.summary.load[key]!))]),
  );
}

function loadSection(report: Report): string {
  const keys = Object.keys(report.load);
  const s = (key: string) => report.summary.load[key]!;
  const table = scenarioTable(report, [
    ['navigation → first slot painted', (summary) => formatSummary(summary.firstSlotPaint)],
    ['  of which the bench clicking', (summary) => formatSummary(summary.clickDelay)],
    ['navigation → widget connected', (summary) => formatSummary(summary.connected)],
    ['navigation → company loaded (bw-ready)', (summary) => formatSummary(summary.ready)],
    ['widget connected → first slot painted', (summary) => formatSummary(summary.connectedToFirstSlot)],
    ['phase 3: last API answer → first slot painted', (summary) => formatSummary(summary.answerToFirstSlot)],
    [
      'requests before the first slot',
      (summary) => `${count(summary.requests)} (API ${count(summary.apiRequests)}, scripts ${summary.scripts.length})`,
    ],
    ['API round trips, critical path', (summary) => count(summary.apiRoundTrips)],
    ['  to the first screen / after the last click', waitedRoundTrips],
    ['round trips, every request', (summary) => count(summary.allRoundTrips)],
    ['long tasks > 50 ms before it', (summary) => `${count(summary.longTasks)}, longest ${formatSummary(summary.longestTask)}`],
    ['JS heap used after it (after GC)', (summary) => megabytes(summary.heapUsed)],
  ]);
  const blank =
    report.blankPageHeap === undefined ? '' : ` The same page without the widget: ${(report.blankPageHeap / 2 ** 20).toFixed(2)} MB.`;
  const paths = keys.flatMap((key) => [`  ${key}, API:   ${s(key).apiPath}`, `  ${key}, every: ${s(key).allPath}`]);
  return [
    `LOAD  headless Chromium, demo-salon, sandbox behind the proxy, +${report.options.latencyMs} ms per API request` +
      `${report.options.assetLatencyMs ? `, +${report.options.assetLatencyMs} ms per page and script` : ''}; median (min–max) of ${report.options.runs}`,
    ...keys.map((key) => `  ${key}: ${report.load[key]!.label} (bench/pages${report.load[key]!.page})`),
    table,
    `  Times from the navigation start. "Painted": after the next frame (rAF, then a posted message).${blank}`,
    '  The round trips before the first slot (requests that ended before it was in the DOM; a request that started after another ended is a later one):',
    ...paths,
    ...(report.options.assetLatencyMs
      ? []
      : [
          '  (The page and scripts come from 127.0.0.1 at once, so one may look later than another that merely ended first: --asset-latency shows their real order.)',
        ]),
    ...(report.options.latencyMs < 50
      ? [
          '  (With under 50 ms per API request, parallel requests that start a few ms apart can look sequential: round trips are meaningful with more.)',
        ]
      : []),
  ].join('\n');
}

function interactionSection(report: Report): string {
  const keys = Object.keys(report.load);
  const s = (key: string) => report.summary.load[key]!;
  const table = scenarioTable(report, [
    ['day click → the page handles it', (summary) => formatSummary(summary.day.input)],
    ['day click → its times in the DOM', (summary) => formatSummary(summary.day.dom)],
    ['day click → its times painted', (summary) => formatSummary(summary.day.paint)],
    ['day click → second frame (double rAF)', (summary) => formatSummary(summary.day.frame)],
    ['next month → its days in the DOM', (summary) => formatSummary(summary.nextMonth.dom)],
    ['next month → its days painted', (summary) => formatSummary(summary.nextMonth.paint)],
    ['next month: requests it waited for', (summary) => count(summary.nextMonth.requestsWaitedFor)],
    [
      'next month: requests started',
      (summary) => `${count(summary.nextMonth.requestsStarted)} ${summary.nextMonth.requests.join(', ')}`.trim(),
    ],
  ]);
  const moved = keys.filter((key) => s(key).day.afterMonthChange).map((key) => `${key} (${s(key).day.afterMonthChange} runs)`);
  const updates = keys.flatMap((key) => [
    `  ${key}, day click:  ${s(key).day.updates || '–'}`,
    `  ${key}, next month: ${s(key).nextMonth.updates || '–'}`,
  ]);
  return [
    'INTERACTION  from the click event, on the pages above once the first slot showed and requests settled',
    table,
    '  Lit updates between the click and the paint (performUpdate, per element: times × median total):',
    ...updates,
    moved.length ? `  The day was clicked in the next month for ${moved.join(', ')}: no other free day in the first.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function scaleSection(report: Report): string {
  const { slotPicker, dayPicker, freeSlots } = report.summary.scale;
  const raw = report.scale.freeSlots;
  const rows = [
    [`<bw-slot-picker>, ${slotPicker.buttons} times, mounted`, formatSummary(slotPicker.layout), formatSummary(slotPicker.paint)],
    [`<bw-day-picker>, a month with all ${dayPicker.buttons} days free`, formatSummary(dayPicker.layout), formatSummary(dayPicker.paint)],
  ];
  return [
    'SCALE',
    textTable(['built elements, inside the loaded widget', 'render + layout', 'to painted'], rows),
    textTable(
      [
        `sandbox freeSlots, ${raw.days} days, any of ${raw.staff} staff, ${bytes(raw.appointments)} appointments (${bytes(raw.slots)} slots), Node`,
        'time',
      ],
      [
        [`cold: first query of a freshly built company (${raw.cold.length})`, formatSummary(freeSlots.cold)],
        [`warm: the same query again (${raw.warm.length})`, formatSummary(freeSlots.warm)],
      ],
    ),
  ].join('\n');
}

function throttledSection(report: Report): string {
  const throttled = report.summary.throttledLoad;
  if (!throttled || !report.throttled) return '';
  const keys = Object.keys(throttled);
  const rows: [string, (summary: LoadSummary) => string][] = [
    ['navigation → first slot painted', (summary) => formatSummary(summary.firstSlotPaint)],
    ['widget connected → first slot painted', (summary) => formatSummary(summary.connectedToFirstSlot)],
    ['phase 3: last API answer → first slot painted', (summary) => formatSummary(summary.answerToFirstSlot)],
    ['long tasks > 50 ms before it', (summary) => `${count(summary.longTasks)}, longest ${formatSummary(summary.longestTask)}`],
  ];
  return [
    `LOAD AT ${report.throttled.rate}× CPU THROTTLING  (Chromium's CPU slowed down as on a slower phone; median (min–max) of ${Object.values(report.throttled.load)[0]?.runs.length ?? 0})`,
    textTable(
      ['', ...keys],
      rows.map(([label, cell]) => [label, ...keys.map((key) => cell(throttled[key]!))]),
    ),
  ].join('\n');
}

function targetSection(report: Report): string {
  const rows = report.summary.targets.map((target) => [target.met ? 'met' : 'NOT MET', target.target, target.measured]);
  return ['TARGETS', textTable(['', 'target', 'measured'], rows)].join('\n');
}

export function printReport(report: Report): void {
  const { machine, options, build } = report;
  console.log(
    `\nbooking-widget bench · ${machine.date.slice(0, 16).replace('T', ' ')} UTC · Node ${machine.node} · Chromium ${machine.chromium} · ` +
      `${machine.cpus} CPUs (${machine.cpuModel}) · commit ${machine.commit ?? '?'}${machine.uncommittedChanges ? ' + uncommitted changes' : ''}`,
  );
  console.log(
    `${report.command} · ${options.runs} runs · build: ${build.built ? `built (${build.reason}, ${build.seconds} s)` : build.reason}\n`,
  );
  for (const section of [sizeSection, loadSection, throttledSection, interactionSection, scaleSection, targetSection]) {
    const text = section(report);
    if (text) console.log(`${text}\n`);
  }
}

/** The README's section: one run's figures in two short tables, and the command. */
export function readmeSection(report: Report): string {
  const { load, scale } = report.summary;
  const keys = Object.keys(load);
  const perScenario = (label: string, cell: (summary: LoadSummary) => string) => [label, ...keys.map((key) => cell(load[key]!))];
  const scenarios = markdownTable(
    ['', ...keys.map((key) => report.load[key]!.label)],
    [
      perScenario('Downloaded before the first slot (Chromium, English, brotli)', (summary) => {
        const { brotli, files } = summary.fetchedBeforeFirstSlot;
        return `${formatKB(brotli)} (${files.length} files)`;
      }),
      perScenario('Navigation → first slot painted', (summary) => formatSummary(summary.firstSlotPaint)),
      perScenario('Last API answer → first slot painted (phase 3)', (summary) => formatSummary(summary.answerToFirstSlot)),
      perScenario(
        'Long tasks > 50 ms before it',
        (summary) => `${count(summary.longTasks)}, longest ${formatSummary(summary.longestTask)}`,
      ),
      perScenario('API round trips before it', (summary) => count(summary.apiRoundTrips)),
      perScenario('… a visitor waits for: to the first screen / after the last choice', waitedRoundTrips),
      perScenario('Day click → its times painted', (summary) => formatSummary(summary.day.paint)),
      perScenario(
        'Next month (prefetched) → its days painted',
        (summary) => `${formatSummary(summary.nextMonth.paint)}, ${count(summary.nextMonth.requestsWaitedFor)} requests waited for`,
      ),
    ],
  );
  const others = markdownTable(
    ['', 'measured'],
    [
      ['Script-tag bundle, English, brotli (CI budget 25 KB)', formatKB(report.size.eager.brotli)],
      [`${scale.slotPicker.buttons} times in a day, render + layout`, formatSummary(scale.slotPicker.layout)],
      ['A month with every day free, render + layout', formatSummary(scale.dayPicker.layout)],
      [
        'Sandbox freeSlots, 31 days, 20 staff, 2,000 appointments',
        `${formatSummary(scale.freeSlots.warm)}; first query ${formatSummary(scale.freeSlots.cold)}`,
      ],
    ],
  );
  const { machine, options } = report;
  // The same run as npm's script; --markdown changes no figure.
  const args = report.command.replace(/^node --import tsx bench\/run\.ts/, '').replace(' --markdown', '');
  const command = `npm run bench${args ? ` --${args}` : ''}`;
  return [
    `\`${command}\` on ${machine.date.slice(0, 10)}: ${options.runs} runs, median (min–max), ` +
      `+${options.latencyMs} ms per API request; Node ${machine.node}, headless Chromium ${machine.chromium}, ${machine.cpus} CPUs (${machine.cpuModel}), ` +
      `load average ${machine.loadAverage.before} before and ${machine.loadAverage.after} after.`,
    '',
    scenarios,
    '',
    others,
  ].join('\n');
}
