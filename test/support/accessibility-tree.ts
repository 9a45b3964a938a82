/**
 * A web-test-runner command that reads Chromium's own accessibility tree (CDP
 * `Accessibility.getFullAXTree`): the roles and names a screen reader is given, computed
 * by the browser, where test/browser/support/dom.ts only approximates them from the DOM.
 * Browser side: `executeServerCommand('accessibility-tree')` (test/browser/support/ax.ts).
 */
import type { Page } from 'playwright';
import type { AccessibleNode } from './accessible-node.js';

interface CommandContext {
  command: string;
  session: { id: string; browser: { type: string; getPage(id: string): Page } };
}

export function accessibilityTreePlugin() {
  return {
    name: 'accessibility-tree',
    async executeCommand({ command, session }: CommandContext): Promise<AccessibleNode[] | undefined> {
      if (command !== 'accessibility-tree') return undefined;
      if (session.browser.type !== 'playwright') throw new Error('accessibility-tree needs the Playwright launcher (Chromium).');
      const page = session.browser.getPage(session.id);
      const cdp = await page.context().newCDPSession(page);
      try {
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
          nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
        };
        return nodes.filter((node) => !node.ignored && node.role).map((node) => ({ role: node.role!.value, name: node.name?.value ?? '' }));
      } finally {
        await cdp.detach();
      }
    },
  };
}
