/**
 * Finds a Chromium for the browser and end-to-end suites, so that `npm ci && npm test`
 * works on a machine with Node and nothing else. In this order:
 *
 * 1. `CHROME_PATH`, when set (it must point at a browser: a wrong path is an error, not a fallback);
 * 2. a system Chrome or Chromium (Linux and macOS paths);
 * 3. the Chromium that `npx playwright install chromium` put in Playwright's cache;
 * 4. the Chromium inside the `@sparticuz/chromium` npm package (Linux x64/arm64), which
 *    unpacks to the temporary directory on first use: nothing is downloaded at run time.
 */
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BrowserFound {
  path: string;
  /** Which step of the search found it, for the test command's log. */
  source: 'CHROME_PATH' | 'system' | 'playwright' | '@sparticuz/chromium';
}

export const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * Flags for a headless test browser: no sandbox (CI runs as root), no GPU, and none of the
 * background connections that a machine without internet refuses many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const NO_BROWSER =
  'No Chromium found: set CHROME_PATH to a Chrome or Chromium, install one (apt-get install chromium), or run `npx playwright install chromium`.';

export interface SearchPlaces {
  env: NodeJS.ProcessEnv;
  systemPaths: readonly string[];
  isExecutable(path: string): boolean;
  /** Where Playwright's own download of Chromium would be. */
  playwrightPath(): Promise<string | undefined>;
  /** Unpacks the npm package's Chromium; `undefined` where the package has none for this platform. */
  packagedPath(): Promise<string | undefined>;
}

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const THIS_MACHINE: SearchPlaces = {
  env: process.env,
  systemPaths: SYSTEM_BROWSERS,
  isExecutable,
  async playwrightPath() {
    try {
      const { chromium } = await import('playwright');
      return chromium.executablePath();
    } catch {
      return undefined;
    }
  },
  async packagedPath() {
    if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) return undefined;
    try {
      const { default: chromium } = await import('@sparticuz/chromium');
      return await chromium.executablePath();
    } catch {
      return undefined;
    }
  },
};

export async function findBrowser(places: SearchPlaces = THIS_MACHINE): Promise<BrowserFound | undefined> {
  const fromEnv = places.env.CHROME_PATH;
  if (fromEnv) return places.isExecutable(fromEnv) ? { path: fromEnv, source: 'CHROME_PATH' } : undefined;
  const system = places.systemPaths.find((path) => places.isExecutable(path));
  if (system) return { path: system, source: 'system' };
  const playwright = await places.playwrightPath();
  if (playwright && places.isExecutable(playwright)) return { path: playwright, source: 'playwright' };
  const packaged = await places.packagedPath();
  if (packaged && places.isExecutable(packaged)) return { path: packaged, source: '@sparticuz/chromium' };
  return undefined;
}

/** The browser's path, or one line saying what to install and a non-zero exit. */
export async function browserPathOrExit(): Promise<string> {
  const found = await findBrowser();
  if (found) return found.path;
  const wrongEnv = process.env.CHROME_PATH;
  console.error(wrongEnv ? `CHROME_PATH=${wrongEnv} is not an executable browser. ${NO_BROWSER}` : NO_BROWSER);
  process.exit(1);
}

/**
 * `node --import tsx scripts/find-browser.ts`, before a suite whose files run side by side (`npm run
 * test:e2e`): finds the browser once, so the files do not each look for it at the same moment.
 * @sparticuz/chromium unpacks itself on first use to fixed paths (/tmp/chromium), and two processes
 * unpacking it at once would each write the binary the other is about to start; once it is unpacked,
 * every later search returns at once. Prints what it found; exits 1 saying what to install when nothing.
 */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = await findBrowser();
  if (!found) await browserPathOrExit();
  else console.log(`Chromium: ${found.path} (${found.source})`);
}
