/**
 * Strict CSP: the page is served with the policy merchants are told to use
 * (no inline scripts or styles, no eval, requests only to the proxy); the widget,
 * the popup and a placeholder work under it, and not one violation is reported.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { strictCsp } from '../../demo/csp-policy.js';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { PROXY_PATH } from './support/services.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

const world = useSite(() => ({
  roots: [PAGES, DIST],
  headers: (pathname, siteUrl): Record<string, string> =>
    pathname.endsWith('.html') ? { 'Content-Security-Policy': strictCsp({ proxy: `${siteUrl}${PROXY_PATH}/` }) } : {},
}));

/** Opens the page and checks the policy it came with is the strict one. */
async function openStrictPage() {
  const recorded = await openPage(world.browser, `${world.site.url}/csp.html`);
  const policy = recorded.received.find((r) => r.url.endsWith('/csp.html'))!.headers['content-security-policy']!;
  assert.match(policy, /script-src 'self'; style-src 'self';/);
  assert.match(policy, /connect-src http:\/\/127\.0\.0\.1:\d+\/booking-api\//);
  return recorded;
}

/** Books in the inline widget after opening the popup and waiting for the placeholder's widget. */
async function useEverything(page: Page, path: string) {
  await page.locator('[data-booking-widget] booking-widget').getByRole('heading', { name: 'Choose what to book' }).waitFor();
  await page.getByRole('button', { name: 'Réserver' }).click();
  await page.locator('booking-button booking-widget').getByRole('heading', { name: 'Choose a service' }).waitFor();
  await page.keyboard.press('Escape');
  const widget = page.locator('body > booking-widget');
  await widget.getByRole('button', { name: /Men's cut/ }).waitFor();
  const visitor = visitorFor(path);
  await assertBooked(world.services, visitor, await bookAtSalon(widget, visitor));
}

test('under a strict CSP the widget, the popup and a placeholder book without a single violation', async () => {
  const recorded = await openStrictPage();
  const { page } = recorded;
  await useEverything(page, 'strict-csp');
  assert.deepEqual(await recorded.violations(), [], 'no CSP violation');
  assert.deepEqual(recorded.errors, [], 'no console error');

  // The policy is in force, and a violation would have been seen: a request elsewhere is refused.
  const elsewhere = await page.evaluate(() =>
    fetch('/not-the-proxy').then(
      () => 'sent',
      () => 'refused',
    ),
  );
  assert.equal(elsewhere, 'refused');
  assert.ok((await recorded.violations()).includes(`connect-src ${world.site.url}/not-the-proxy`));
  await recorded.assertCleanAndClose();
});
