// Browser tests: web-test-runner driving Chromium through Playwright. The browser is
// found by scripts/find-browser.ts (CHROME_PATH, a system one, Playwright's, the npm
// package's); nothing is downloaded.
//
// Three groups, so that each file runs as often as what it depends on calls for:
// - "host zones": the files whose results depend on the host's time zone, under three (those tied
//   to the date too run under the pinned todays alone, which have the same three host zones);
// - "pinned todays": the files whose results depend on the date, under each of
//   test/support/test-clock.ts's pinned instants (each from its own host zone), and only there:
//   never at the real date, which would make a run's verdict depend on the day it ran;
// - "once": every other file, once.
// Every test pins the sandbox's clock and the widget's together: to the run's pinned
// instant, or, in the other groups, to test-clock.ts's ordinary day (no test runs at the
// real date). With `TEST_PINNED_TODAYS=0`, the date-tied files run once, on that day.
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, browserPathOrExit } from './scripts/find-browser.ts';
import { accessibilityTreePlugin } from './test/support/accessibility-tree.ts';
import { fileTimesReporter } from './test/support/file-times-reporter.ts';
import { hostTimeZonePlugin, pageInTimeZone } from './test/support/host-time-zone.ts';
import { ORDINARY_TODAY, TEST_NOW_GLOBAL, pinnedTodaysFrom } from './test/support/test-clock.ts';
import { servicesMiddleware } from './test/support/test-services.ts';

const executablePath = await browserPathOrExit();

/** Asks the OS for a free port on 127.0.0.1 so parallel runs never collide. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Host zones for the zone-dependent files: one behind UTC with DST, one far ahead with
 * DST in the other hemisphere, and a 45-minute offset without DST.
 */
const HOST_TIME_ZONES = (process.env.TEST_TIME_ZONES || 'America/Los_Angeles,Pacific/Auckland,Asia/Kathmandu').split(',');

/** Files whose results depend on the host's zone (the visitor's zone, conversions, calendar files). */
const ZONE_FILES = [
  'test/browser/api/zones.test.ts',
  'test/browser/widget/zones.test.ts',
  'test/browser/widget/booking-flow.test.ts',
  'test/browser/i18n/formats.test.ts',
  'test/browser/components/calendar-links.test.ts',
  'test/browser/components/confirmation.test.ts',
];

/**
 * Files among the widget's and accessibility's that the date cannot change: each pins its own
 * instant (sandbox and widget) or never reaches a day or a time. Under the pinned todays they
 * would only repeat the same run three times.
 */
const UNDATED_FILES = [
  'test/browser/widget/alternatives-zones.test.ts', // its own NOW and display zone
  'test/browser/widget/date-line.test.ts', // its own Auckland summer instant and host zone
  'test/browser/widget/security.test.ts', // the service step and the sanitiser
  'test/browser/widget/held-times-late.test.ts', // its own NOW: a hold answered 11 s late
  'test/browser/widget/booking-retries.test.ts', // failed bookings and their retries, once a time is chosen
  'test/browser/widget/live-fallback.test.ts', // its own NOW: two polls, 5 s apart
  'test/browser/widget/questions-code.test.ts', // its own NOW: which modules a booking requests
  'test/browser/widget/warm-up.test.ts', // the time step drawn unseen before the first answer, whatever the day
  'test/browser/a11y/axe-queue.test.ts', // its own NOW: the walk-in line
  'test/browser/a11y/axe-states-before-times.test.ts', // the states before the times
  'test/browser/a11y/keyboard-queue.test.ts', // its own NOW: the walk-in line
  'test/browser/a11y/keyboard-intake-form.test.ts', // its own NOW: the two-page form, once a time is chosen
  'test/browser/a11y/locations-durations.test.ts', // the steps before the times; it stops at the time step's heading
];

/** Every browser test file, as a path from the repository's root. */
const ALL_FILES = readdirSync('test/browser', { recursive: true })
  .map((file) => `test/browser/${String(file).replaceAll('\\', '/')}`)
  .filter((file) => file.endsWith('.test.ts'))
  .sort();

/** Files whose results depend on "today": everything that shows a calendar or asks the sandbox for free times. */
const DATE_FILES = ALL_FILES.filter(
  (file) =>
    !UNDATED_FILES.includes(file) &&
    (/^test\/browser\/(widget|a11y)\/[^/]+$/.test(file) || file === 'test/browser/api/client-sandbox.test.ts'),
);

/**
 * One browser context per browser, its pages the test files': web-test-runner's own (a context per
 * file) made every file's page fetch and compile Lit, the widget, mocha, chai and axe-core anew,
 * where pages of one context share the HTTP cache and V8's code cache. What a context would
 * isolate, the tests do not use (no storage or cookies; each test's services have their own
 * address). web-test-runner closes "the context" when a file ends: here that closes its page.
 */
function sharedContext(now) {
  const contexts = new WeakMap();
  return async ({ browser }) => {
    if (!contexts.has(browser)) {
      contexts.set(
        browser,
        browser.newContext().then(async (context) => {
          if (now) await context.addInitScript(`globalThis[${JSON.stringify(TEST_NOW_GLOBAL)}] = ${JSON.stringify(now)};`);
          return context;
        }),
      );
    }
    const context = await contexts.get(browser);
    let page;
    return new Proxy(context, {
      get(target, key) {
        if (key === 'newPage') return async () => (page = await target.newPage());
        if (key === 'close') return async () => page?.close();
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

function chromium({ timezoneId, now, name }) {
  const launcher = playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS, headless: true },
    createBrowserContext: sharedContext(now),
    // The zone is the page's own, not the context's, so that a test can move it (test/support/host-time-zone.ts).
    createPage: pageInTimeZone(timezoneId),
  });
  launcher.name = name;
  return launcher;
}

/** test-clock.ts's instants; none with `TEST_PINNED_TODAYS=0`; others given as JSON (`npm run test:dates`). */
const pinned = pinnedTodaysFrom(process.env.TEST_PINNED_TODAYS);

/** A date-tied file runs under the pinned todays alone, when there are any. */
const pinnedOnly = (file) => pinned.length > 0 && DATE_FILES.includes(file);

const zoneBrowsers = () =>
  HOST_TIME_ZONES.map((timezoneId) => chromium({ timezoneId, now: ORDINARY_TODAY, name: `Chromium ${timezoneId}` }));
const pinnedBrowsers = () =>
  pinned.map(({ name, now, hostTimeZone }) =>
    chromium({ timezoneId: hostTimeZone, now, name: `Chromium ${hostTimeZone}, ${name} ${now.slice(0, 10)}` }),
  );

/** `TEST_FILES=a.test.ts,b.test.ts npm run test:browser`: only those files, under every zone and pinned today. */
const only = process.env.TEST_FILES?.split(',').filter(Boolean);

export default {
  nodeResolve: true,
  hostname: '127.0.0.1',
  port: await freePort(),
  concurrency: 2,
  // A guard against a hung test, not a budget: tests wait on conditions, and a busy machine only makes them slower.
  // The longest (a two-page form by keyboard, 40 keys each waited on) passed 60 s beside busy cores at a load of 14.
  testFramework: { config: { timeout: 120_000 } },
  testsFinishTimeout: 10 * 60_000,
  browserStartTimeout: 2 * 60_000,
  middleware: [servicesMiddleware()],
  reporters: [defaultReporter(), fileTimesReporter()],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }), accessibilityTreePlugin(), hostTimeZonePlugin()],
  ...(only
    ? { files: only, browsers: [...zoneBrowsers(), ...pinnedBrowsers()] }
    : {
        groups: [
          // A file tied to both the zone and the date runs under the pinned todays alone: each has a host zone of its own,
          // the same three (test-clock.ts), so the host-zone group would only repeat its zones on another day.
          {
            name: 'host-zones',
            files: ZONE_FILES.filter((file) => !pinnedOnly(file)),
            browsers: zoneBrowsers(),
          },
          {
            name: 'once',
            files: ALL_FILES.filter((file) => !ZONE_FILES.includes(file) && !pinnedOnly(file)),
            browsers: [chromium({ timezoneId: HOST_TIME_ZONES[0], now: ORDINARY_TODAY, name: `Chromium ${HOST_TIME_ZONES[0]} (rest)` })],
          },
          ...(pinned.length ? [{ name: 'pinned-todays', files: DATE_FILES, browsers: pinnedBrowsers() }] : []),
        ],
      }),
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
};
