/**
 * The system Chromium driven by Playwright (no browser is downloaded), and a
 * page that records everything it received, so a test can prove no credential
 * reached it, no cookie or storage was written and no CSP violation happened.
 */
import assert from 'node:assert/strict';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright';
import { SECRETS } from './services.js';

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath, args, headless: true });

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

export async function openPage(browser: Browser, url: string, viewport = { width: 1000, height: 900 }): Promise<RecordedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const received: Received[] = [];
  const errors: string[] = [];
  const pending: Promise<void>[] = [];
  await page.addInitScript(watchViolations);
  page.on('response', (response) => {
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
