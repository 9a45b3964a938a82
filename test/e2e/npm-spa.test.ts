/**
 * npm + SPA: an app built with Vite that imports `booking-widget` and
 * `booking-widget/api` from the packed package, type-checked against its
 * declarations, books after a client-side route change.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage } from './support/browser.js';
import { type ConsumerApp, buildConsumerApp } from './support/consumer-app.js';
import { useSite } from './support/harness.js';
import { typecheck } from './support/installed-package.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

let app: ConsumerApp;
const world = useSite(async () => {
  app = await buildConsumerApp('spa');
  return { roots: [app.dist] };
});

test("the app's TypeScript checks against the package's declarations", async () => {
  await typecheck(app.project);
});

test('the Vite-built SPA books through the imported element after a route change', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/`);
  const { page } = recorded;
  await page.getByRole('listitem').getByText("Men's cut", { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Book' }).click();
  await page.getByRole('status').filter({ hasText: 'Booking page' }).waitFor();
  const widget = page.locator('booking-widget');
  const visitor = visitorFor('npm-spa');
  const reference = await bookAtSalon(widget, visitor);
  await page
    .getByRole('status')
    .filter({ hasText: `Booked ${reference}` })
    .waitFor();
  await assertBooked(world.services, visitor, reference);
  assert.ok(!recorded.received.some((r) => r.url.includes('/booking-widget.js')), 'the app bundled the package; no CDN file');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
