/**
 * One load of a page with `<booking-widget company-id="demo-salon">` in a fresh
 * browser context, to the first time slot on screen; then the interactions on
 * the same page: a click on another day, and on the next month once its
 * prefetch is done.
 */
import { basename } from 'node:path';
import type { Browser, CDPSession, Locator, Page, Request } from 'playwright';
import { type Seen, type WatchedElement, probeScript } from './probe.js';
import { type TimedRequest, criticalPath } from './round-trips.js';
import { chunkName } from './size.js';
import { PROXY_PATH } from './world.js';

export interface Scenario {
  key: 'choose' | 'preselected' | 'edge';
  label: string;
  page: string;
  /** What the bench clicks before times show, as a visitor would, each as soon as it is there: the button whose name starts with `button`. */
  clicks: { watch: string; button: string }[];
}

export const SCENARIOS: Scenario[] = [
  {
    key: 'choose',
    label: "no preselection (clicks Men's cut, Anyone available)",
    page: '/choose.html',
    clicks: [
      { watch: 'service', button: "Men's cut" },
      { watch: 'anyone', button: 'Anyone available' },
    ],
  },
  { key: 'preselected', label: 'service-id="2002" staff-id="3001"', page: '/preselected.html', clicks: [] },
  {
    key: 'edge',
    label: 'preselected, the company and its lists from an edge cache (+10 ms; free times still from the service)',
    page: '/preselected-edge.html',
    clicks: [],
  },
];

const WIDGET = 'booking-widget';
const SLOT = 'button[part~="slot"]';
const CHOICE = 'button[part~="choice"]';

export interface Interaction {
  /** From the click (its event time) to: the page handling it (input delay), the DOM settled, the next paint, the second frame. */
  input: number;
  dom: number;
  paint: number;
  frame: number;
  /** The Lit updates between the click and the paint, by element: how many, how long in all. */
  updates: { element: string; count: number; total: number }[];
}

export interface LoadRun {
  /** Navigation start → first slot: in the DOM, painted. */
  firstSlotDom: number;
  firstSlotPaint: number;
  /** The widget's connection (its class defined) → first slot painted. */
  connectedToFirstSlot: number | undefined;
  /** Phase 3: the last API answer that ended before the first slot was in the DOM → the slot painted (issue 28). */
  answerToFirstSlot: number | undefined;
  /** From the navigation: the bundle ran and connected the element; the company loaded (`bw-ready`). */
  connected: number | undefined;
  ready: number | undefined;
  /** Time between a button being on screen and the bench's click on it, summed. */
  clickDelay: number;
  requests: { total: number; page: number; scripts: number; api: number; other: number };
  /** API requests that ended before the first slot was in the DOM, by round trip. */
  apiRoundTrips: number;
  apiLevels: string[][];
  /**
   * With clicks (no preselection), what the visitor waits for, in API round trips: before the first button to
   * click is on screen (the first screen), and those still coming at the last click (even if asked for before it:
   * the step may fetch ahead what a click is likely to ask). The whole path counts
   * the lists the first screen did not need too, which the bench's instant clicks wait for and a visitor does not.
   */
  firstScreenRoundTrips?: number | undefined;
  afterChoiceRoundTrips?: number | undefined;
  /** The same with every request (page, scripts, API): what really ran one after another. */
  allRoundTrips: number;
  allLevels: string[][];
  /** Scripts fetched before the first slot, with the bytes Playwright saw on the wire. */
  scripts: { file: string; transfer: number }[];
  longTasks: { count: number; total: number; longest: number; list: { start: number; duration: number }[] };
  heapUsed: number | undefined;
  sanitizerApi: boolean;
  day?: Interaction & { label: string; afterMonthChange: boolean };
  nextMonth?: Interaction & { requestsWaitedFor: number; requestsStarted: number; requests: string[] };
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isApi = (url: string) => new URL(url).pathname.startsWith(`${PROXY_PATH}/`);
/** `/booking-api/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?…` → `widget/freeSlots`. */
const shortApiPath = (url: string) => new URL(url).pathname.replace(/^.*\/companies\/[^/]+\/?/, '') || 'company';
/** A request's short name: `page`, a chunk's name (`time-step.js`), or an API path. */
const shortName = (url: string, page: string) => {
  const { pathname } = new URL(url);
  if (pathname === page) return 'page';
  if (isApi(url)) return shortApiPath(url);
  return pathname.endsWith('.js') ? `${chunkName(basename(pathname))}.js` : basename(pathname);
};

/** API requests in flight, and the script bytes Playwright saw on the wire. */
function watchNetwork(page: Page) {
  const pending = new Set<Request>();
  const sizes: Promise<void>[] = [];
  const scripts = new Map<string, number>();
  let lastChange = performance.now();
  page.on('request', (request) => {
    // The live channel (an EventSource on the proxy, opened once the first times show) stays open by design:
    // counted, it would keep every wait for a quiet network waiting until its 15 s give-up.
    if (!isApi(request.url()) || request.headers().accept === 'text/event-stream') return;
    pending.add(request);
    lastChange = performance.now();
  });
  const done = (request: Request) => {
    if (pending.delete(request)) lastChange = performance.now();
  };
  page.on('requestfinished', (request) => {
    done(request);
    if (request.resourceType() === 'script') {
      // A script that finishes as the page closes has no sizes to give, and is not one the measure waits for.
      sizes.push(
        request.sizes().then(
          ({ responseBodySize }) => void scripts.set(request.url(), responseBodySize),
          () => {},
        ),
      );
    }
  });
  page.on('requestfailed', done);
  return {
    /** Resolves once no API request has been in flight for `quietMs` (or after 15 s, whatever is still running). */
    async idle(quietMs = 150) {
      const giveUp = performance.now() + 15_000;
      while ((pending.size || performance.now() - lastChange < quietMs) && performance.now() < giveUp) await sleep(20);
    },
    async scripts() {
      await Promise.all(sizes);
      return scripts;
    },
  };
}

/**
 * A fresh context and page with the probe installed, navigating to `url`.
 * `assetLatencyMs` delays every request that is not the API's (the page, the
 * scripts), as if they came from a distant server or CDN.
 */
export async function openProbedPage(
  browser: Browser,
  url: string,
  watches: Record<string, WatchedElement>,
  assetLatencyMs = 0,
  cpuThrottle = 1,
  /** Runs before the navigation (bench/profile.ts starts its profiler there). */
  beforeNavigation?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  if (assetLatencyMs > 0) {
    await context.route(
      (address) => !isApi(address.href),
      async (route) => {
        await sleep(assetLatencyMs);
        await route.continue();
      },
    );
  }
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // A slower phone's CPU: Chromium runs every task this many times slower (DevTools' throttling).
  if (cpuThrottle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await page.addInitScript(probeScript(WIDGET, watches));
  const network = watchNetwork(page);
  await beforeNavigation?.(page);
  await page.goto(url, { waitUntil: 'commit' });
  return { context, page, network, widget: page.locator(WIDGET) };
}

/** JS heap in use after a garbage collection (CDP), in bytes. */
export async function heapUsed(page: Page): Promise<number | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
  } finally {
    await cdp.detach();
  }
}

/** Waits in the page for the probe to see `name` painted; fails after `timeoutMs` with what the page logged. */
export async function painted(page: Page, name: string, timeoutMs = 30_000): Promise<Seen> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not on screen after ${timeoutMs / 1000} s at ${page.url()}`)), timeoutMs);
  });
  try {
    return await Promise.race([page.evaluate((watched) => window.__bench.when(watched), name), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function sinceClick(page: Page, seen: Seen): Promise<Interaction> {
  const log = await page.evaluate(() => window.__bench.updates);
  const updates = new Map<string, { element: string; count: number; total: number }>();
  for (const { element, start, duration } of log) {
    if (start < seen.click! || start > seen.paint) continue;
    const entry = updates.get(element) ?? { element, count: 0, total: 0 };
    updates.set(element, { element, count: entry.count + 1, total: entry.total + duration });
  }
  return {
    input: seen.handled! - seen.click!,
    dom: seen.dom - seen.click!,
    paint: seen.paint - seen.click!,
    frame: seen.frame - seen.click!,
    updates: [...updates.values()],
  };
}

/** An available day of the month shown that is not the chosen one, by its label. */
const anotherDay = (page: Page) =>
  page.evaluate(
    () =>
      window.__bench.queryAll('button[part~="day"][part~="available"]:not([part~="selected"])')[0]?.getAttribute('aria-label') ?? undefined,
  );

async function clickDay(page: Page, widget: Locator, label: string): Promise<Interaction> {
  await page.evaluate((day) => {
    const bench = window.__bench;
    const chosen = () =>
      bench.queryAll('button[part~="day"][part~="selected"]').some((button) => button.getAttribute('aria-label') === day);
    bench.watch('day', () => chosen() && bench.queryAll('button[part~="slot"]').length > 0, true);
  }, label);
  await widget.getByRole('button', { name: label, exact: true }).click();
  return sinceClick(page, await painted(page, 'day', 10_000));
}

async function clickNextMonth(page: Page, widget: Locator, network: ReturnType<typeof watchNetwork>): Promise<LoadRun['nextMonth']> {
  // "After the prefetch": the next month's free times were asked for when this one showed.
  await network.idle();
  await page.evaluate(() => {
    const bench = window.__bench;
    const heading = () => bench.queryAll('[part~="month-heading"]')[0];
    const before = heading()?.textContent;
    bench.watch(
      'month',
      () => {
        const shown = heading();
        const table = (shown?.getRootNode() as ParentNode | undefined)?.querySelector('table');
        return Boolean(shown && shown.textContent !== before && table?.getAttribute('aria-busy') === 'false');
      },
      true,
    );
  });
  await widget.locator('[part~="next"]').click();
  const seen = await painted(page, 'month', 10_000);
  await network.idle();
  const started = (await apiEntries(page)).filter((entry) => entry.start >= seen.click! && entry.start <= seen.paint);
  return {
    ...(await sinceClick(page, seen)),
    requestsWaitedFor: started.filter((entry) => entry.end <= seen.paint).length,
    requestsStarted: started.length,
    requests: started.map((entry) => `${shortApiPath(entry.url)} ${new URL(entry.url).searchParams.get('startDate') ?? ''}`.trim()),
  };
}

export const apiEntries = (page: Page) => resourceEntries(page).then((entries) => entries.filter((entry) => isApi(entry.url)));

/** The page's requests (Resource Timing), without the favicon Chromium asks for on its own. */
export async function resourceEntries(page: Page): Promise<(TimedRequest & { type: string })[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      url: entry.name,
      start: entry.startTime,
      end: entry.responseEnd,
      type: entry.initiatorType,
    })),
  );
  return entries.filter((entry) => new URL(entry.url).pathname !== '/favicon.ico');
}

/** The probe's watches for a load of `scenario`: the first time slot, and each button the bench clicks on the way. */
export function watchesOf(scenario: Scenario): Record<string, WatchedElement> {
  const watches: Record<string, WatchedElement> = { firstSlot: { selector: SLOT } };
  for (const click of scenario.clicks) watches[click.watch] = { selector: CHOICE, text: click.button };
  return watches;
}

/** Clicks the scenario's buttons in turn, each as soon as Playwright finds it ready, as a visitor would. */
export async function clickThrough(widget: Locator, scenario: Scenario): Promise<void> {
  for (const click of scenario.clicks) await widget.getByRole('button', { name: startsWith(click.button) }).click();
}

/** The navigation's start (µs) on Chromium's monotonic clock, which CPU profiles and traces are timed on too. */
export async function navigationStartOf(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'NavigationStart')!.value * 1e6;
}

/** When (ms since the navigation) the last API answer the first slot needed came in: where phase 3 starts. */
export async function lastAnswerBefore(page: Page, slot: Seen): Promise<number> {
  const answers = (await apiEntries(page)).filter((entry) => entry.end <= slot.dom);
  return Math.max(...answers.map((entry) => entry.end));
}

export async function loadRun(
  browser: Browser,
  siteUrl: string,
  scenario: Scenario,
  assetLatencyMs: number,
  cpuThrottle = 1,
): Promise<LoadRun> {
  const { context, page, network, widget } = await openProbedPage(
    browser,
    `${siteUrl}${scenario.page}`,
    watchesOf(scenario),
    assetLatencyMs,
    cpuThrottle,
  );
  try {
    await clickThrough(widget, scenario);
    const firstSlot = await painted(page, 'firstSlot');
    const heap = await heapUsed(page);
    await network.idle();

    // An interaction that cannot be measured (no other free day, the last bookable month) leaves a gap, not a failed run.
    const tryTo = async <T>(what: string, measure: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await measure();
      } catch (error) {
        console.warn(`\n${scenario.key}: could not measure ${what}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        return undefined;
      }
    };
    const dayClick = async (afterMonthChange: boolean) => {
      const label = await anotherDay(page);
      return label ? { label, afterMonthChange, ...(await clickDay(page, widget, label)) } : undefined;
    };
    let day = await tryTo('a day click', () => dayClick(false));
    const nextMonth = await tryTo('the next month', () => clickNextMonth(page, widget, network));
    day ??= await tryTo('a day click', () => dayClick(true));

    const probe = await page.evaluate(() => {
      const { connected, ready, seen, clicks, longTasks } = window.__bench;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        connected,
        ready,
        seen,
        clicks,
        longTasks,
        documentEnd: navigation?.responseEnd ?? 0,
        sanitizerApi: 'setHTML' in Element.prototype,
      };
    });
    const entries = await resourceEntries(page);
    const scriptBytes = await network.scripts();

    // Requests asked for before the first slot was painted; those that ended before it was in the DOM make the path.
    const before = entries.filter((entry) => entry.start < firstSlot.paint);
    const needed = before.filter((entry) => entry.end <= firstSlot.dom);
    const documentRequest: TimedRequest = { url: `${siteUrl}${scenario.page}`, start: 0, end: probe.documentEnd };
    const names = (levels: TimedRequest[][]) => levels.map((level) => level.map((entry) => shortName(entry.url, scenario.page)));
    const neededApi = needed.filter((entry) => isApi(entry.url));
    const api = criticalPath(neededApi);
    const lastAnswer = Math.max(...neededApi.map((entry) => entry.end));
    const all = criticalPath([documentRequest, ...needed]);
    const scripts = before.filter((entry) => entry.type === 'script' || /\.m?js(\?|$)/.test(entry.url));
    const apiCount = before.filter((entry) => isApi(entry.url)).length;
    const longTasks = probe.longTasks.filter((task) => task.start < firstSlot.paint);
    const firstChoice = scenario.clicks[0] && probe.seen[scenario.clicks[0].watch]?.dom;
    // The scenario's own clicks come first; the day and month clicks after the first slot follow them.
    const lastClick = probe.clicks[scenario.clicks.length - 1]?.time;
    const roundTripsOf = (keep: (entry: TimedRequest) => boolean) => criticalPath(neededApi.filter(keep)).roundTrips;
    const clickDelay = scenario.clicks.reduce((total, click, index) => {
      const appeared = probe.seen[click.watch]?.dom;
      const clicked = probe.clicks[index]?.time;
      return appeared === undefined || clicked === undefined ? total : total + (clicked - appeared);
    }, 0);

    return {
      firstSlotDom: firstSlot.dom,
      firstSlotPaint: firstSlot.paint,
      connectedToFirstSlot: probe.connected === undefined ? undefined : firstSlot.paint - probe.connected,
      answerToFirstSlot: Number.isFinite(lastAnswer) ? firstSlot.paint - lastAnswer : undefined,
      connected: probe.connected,
      ready: probe.ready,
      clickDelay,
      requests: {
        total: before.length + 1,
        page: 1,
        scripts: scripts.length,
        api: apiCount,
        other: before.length - scripts.length - apiCount,
      },
      apiRoundTrips: api.roundTrips,
      apiLevels: names(api.levels),
      ...(scenario.clicks.length && {
        firstScreenRoundTrips: firstChoice === undefined ? undefined : roundTripsOf((entry) => entry.end <= firstChoice),
        afterChoiceRoundTrips: lastClick === undefined ? undefined : roundTripsOf((entry) => entry.end > lastClick),
      }),
      allRoundTrips: all.roundTrips,
      allLevels: names(all.levels),
      scripts: scripts.map((entry) => ({
        file: basename(new URL(entry.url).pathname),
        transfer: scriptBytes.get(entry.url) ?? Number.NaN,
      })),
      longTasks: {
        count: longTasks.length,
        total: longTasks.reduce((total, task) => total + task.duration, 0),
        longest: Math.max(0, ...longTasks.map((task) => task.duration)),
        list: longTasks,
      },
      heapUsed: heap,
      sanitizerApi: probe.sanitizerApi,
      ...(day && { day }),
      ...(nextMonth && { nextMonth }),
    };
  } finally {
    await context.close();
  }
}
