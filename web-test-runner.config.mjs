// Browser tests: web-test-runner driving the system Chromium through Playwright.
// No browser is downloaded: CHROME_PATH, else Debian's /usr/bin/chromium.
import { createServer } from 'node:net';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { servicesMiddleware } from './test/support/test-services.ts';

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

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
 * Every browser suite runs under these host zones, so no test can pass only
 * because of the machine's own zone: one behind UTC with DST, one far ahead
 * with DST in the other hemisphere, and a 45-minute offset without DST.
 */
const HOST_TIME_ZONES = (process.env.TEST_TIME_ZONES || 'America/Los_Angeles,Pacific/Auckland,Asia/Kathmandu').split(',');

function chromiumIn(timezoneId) {
  const launcher = playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath, args: chromiumArgs, headless: true },
    createBrowserContext: ({ browser }) => browser.newContext({ timezoneId }),
  });
  launcher.name = `Chromium ${timezoneId}`;
  return launcher;
}

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  hostname: '127.0.0.1',
  port: await freePort(),
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  middleware: [servicesMiddleware()],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: HOST_TIME_ZONES.map(chromiumIn),
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
};
