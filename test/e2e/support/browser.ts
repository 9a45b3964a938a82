/**
 * Chromium driven by Playwright (found by scripts/find-browser.ts; nothing is downloaded),
 * and a page that records everything it received, so a test can prove no credential
 * reached it, no cookie or storage was written and no CSP violation happened. The page's
 * clock is pinned to the sandbox's (TEST_NOW), so the widget and the service agree on today.
 */
import assert from 'node:assert/strict';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright';
import { CHROMIUM_ARGS, browserPathOrExit } from '../../../scripts/find-browser.js';
import { SECRETS, TEST_NOW } from './services.js';

export const launchBrowser = async (): Promise<Browser> =>
  chromium.launch({ executablePath: await browserPathOrExit(), args: CHROMIUM_ARGS, headless: true });

interface Received {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface RecordedPage {
  page: Page;
  context: BrowserContext;
  /** Every response: URL, headers and body. */
  received: Received[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** `securitypolicyviolation` events: `directive blocked-uri`. */
  violations(): Promise<string[]>;
  /** Asserts nothing secret arrived and nothing was stored; then closes the context. */
  assertCleanAndClose(): Promise<void>;
}

/** Records CSP violations from the first moment (init scripts are not subject to the page's CSP). */
function watchViolations() {
  const seen: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = seen;
  document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
}

export interface Viewport {
  width: number;
  height: number;
}

export interface PageOptions {
  /** Default 1000 × 900. */
  viewport?: Viewport;
  /** The instant the page's clock reads: the sandbox's (`services.now`). Default `TEST_NOW`. */
  now?: string;
}

/** A recorded page in a fresh context; the third argument is its options, or (as before) its viewport alone. */
export async function openPage(browser: Browser, url: string, options: PageOptions | Viewport = {}): Promise<RecordedPage> {
  const { viewport = { width: 1000, height: 900 }, now = TEST_NOW }: PageOptions = 'width' in options ? { viewport: options } : options;
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // A guard against a hang, not a budget: a busy machine only makes steps slower.
  page.setDefaultTimeout(60_000);
  // The widget's default clock is the page's: it reads the same "now" as the sandbox.
  await page.clock.setFixedTime(new Date(now));
  const received: Received[] = [];
  const errors: string[] = [];
  const pending: Promise<void>[] = [];
  await page.addInitScript(watchViolations);
  page.on('response', (response) => {
    // A live-times stream (text/event-stream) ends only with the page: its headers are what can be checked.
    if (response.headers()['content-type']?.startsWith('text/event-stream')) {
      received.push({ url: response.url(), headers: response.headers(), body: '' });
      return;
    }
    pending.push(
      response.body().then(
        (body) => void received.push({ url: response.url(), headers: response.headers(), body: body.toString('utf8') }),
        () => void received.push({ url: response.url(), headers: response.headers(), body: '' }),
      ),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  // Bodies are read asynchronously: let everything the navigation brought be recorded.
  await Promise.all(pending);
  return {
    page,
    context,
    received,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    async assertCleanAndClose() {
      await Promise.all(pending);
      assert.ok(received.length > 0, 'the page received something');
      for (const { url: from, headers, body } of received) {
        const text = `${JSON.stringify(headers)}\n${body}`;
        for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} reached the browser in ${from}`);
        assert.equal(headers['set-cookie'], undefined, `${from} set a cookie`);
      }
      assert.deepEqual(await context.cookies(), [], 'no cookie was set');
      const storage = await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
        caches: (await caches.keys()).length,
        cookie: document.cookie,
      }));
      assert.deepEqual(storage, { local: 0, session: 0, databases: 0, caches: 0, cookie: '' }, 'nothing was stored');
      await context.close();
    },
  };
}
