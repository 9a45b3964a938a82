/**
 * The host's zone (the visitor's, to the widget), set per page through Chromium's own
 * emulation, so that a test can move it: `executeServerCommand('host-time-zone', { timeZone })`
 * (test/browser/support/host-zone.ts).
 *
 * Why not Playwright's `timezoneId`: it sets the zone once for the context, and Chromium then
 * refuses any other override ("Timezone override is already in effect"). Here the page's zone
 * is set by a DevTools session of our own, opened before the page loads anything, and the
 * command sets it again through that same session.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright';

const sessions = new WeakMap<Page, CDPSession>();

async function setZone(cdp: CDPSession, timeZone: string): Promise<void> {
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: timeZone });
}

/** The launcher's `createPage`: a page whose zone is `timeZone` from its first script on. */
export function pageInTimeZone(timeZone: string) {
  return async ({ context }: { context: BrowserContext }): Promise<Page> => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await setZone(cdp, timeZone);
    sessions.set(page, cdp);
    return page;
  };
}

interface CommandContext {
  command: string;
  payload: unknown;
  session: { id: string; browser: { type: string; getPage(id: string): Page } };
}

export function hostTimeZonePlugin() {
  return {
    name: 'host-time-zone',
    async executeCommand({ command, payload, session }: CommandContext): Promise<true | undefined> {
      if (command !== 'host-time-zone') return undefined;
      const { timeZone } = payload as { timeZone: string };
      const cdp = session.browser.type === 'playwright' ? sessions.get(session.browser.getPage(session.id)) : undefined;
      if (!cdp) throw new Error('host-time-zone needs a page made by pageInTimeZone (web-test-runner.config.mjs).');
      await setZone(cdp, timeZone);
      return true;
    },
  };
}
