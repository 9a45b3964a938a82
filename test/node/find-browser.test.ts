import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type SearchPlaces, THIS_MACHINE, findBrowser } from '../../scripts/find-browser.js';

/** A machine where only `executables` can run, Playwright's download is at `playwright`, the npm package's at `packaged`. */
function machine(options: {
  env?: Record<string, string>;
  executables: string[];
  playwright?: string;
  packaged?: string;
}): SearchPlaces & { unpacked: number } {
  const places = {
    env: options.env ?? {},
    systemPaths: ['/usr/bin/chromium', '/usr/bin/google-chrome'],
    isExecutable: (path: string) => options.executables.includes(path),
    playwrightPath: async () => options.playwright,
    unpacked: 0,
    async packagedPath() {
      places.unpacked++;
      return options.packaged;
    },
  };
  return places;
}

describe('finding a browser for the test command', () => {
  it('takes CHROME_PATH first, and refuses a CHROME_PATH that is not a browser rather than guess', async () => {
    const everywhere = ['/opt/mine/chrome', '/usr/bin/chromium'];
    assert.deepEqual(await findBrowser(machine({ env: { CHROME_PATH: '/opt/mine/chrome' }, executables: everywhere })), {
      path: '/opt/mine/chrome',
      source: 'CHROME_PATH',
    });
    assert.equal(await findBrowser(machine({ env: { CHROME_PATH: '/opt/typo/chrome' }, executables: everywhere })), undefined);
  });

  it('then a system Chrome or Chromium, then Playwright’s own, then the npm package’s, unpacking it only when needed', async () => {
    const system = machine({
      executables: ['/usr/bin/google-chrome', '/pw/chrome', '/tmp/chromium'],
      playwright: '/pw/chrome',
      packaged: '/tmp/chromium',
    });
    assert.deepEqual(await findBrowser(system), { path: '/usr/bin/google-chrome', source: 'system' });
    assert.equal(system.unpacked, 0);

    const playwright = machine({ executables: ['/pw/chrome', '/tmp/chromium'], playwright: '/pw/chrome', packaged: '/tmp/chromium' });
    assert.deepEqual(await findBrowser(playwright), { path: '/pw/chrome', source: 'playwright' });

    // Playwright knows where its download would be, but it was never downloaded.
    const packaged = machine({ executables: ['/tmp/chromium'], playwright: '/pw/chrome', packaged: '/tmp/chromium' });
    assert.deepEqual(await findBrowser(packaged), { path: '/tmp/chromium', source: '@sparticuz/chromium' });
    assert.equal(packaged.unpacked, 1);
  });

  it('finds nothing on a machine without any, so the command can say what to install', async () => {
    assert.equal(await findBrowser(machine({ executables: [], playwright: '/pw/chrome' })), undefined);
  });

  it(
    'on this machine, with no system browser allowed, finds the Chromium inside the npm package and it runs',
    { skip: process.platform !== 'linux' },
    async () => {
      const found = await findBrowser({ ...THIS_MACHINE, env: {}, systemPaths: [], playwrightPath: async () => undefined });
      assert.equal(found?.source, '@sparticuz/chromium');
      const { stdout } = await promisify(execFile)(found!.path, ['--version']);
      assert.match(stdout, /Chromium \d+/);
    },
  );
});
