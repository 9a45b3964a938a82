/**
 * Script tag: the built dist/booking-widget.js served by a "CDN" on another
 * origin, on a merchant's page whose only code is the snippet.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { Listening } from './support/listen.js';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { startSite } from './support/site.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

let cdn: Listening;
const world = useSite(async () => {
  cdn = world.closeAfter(await startSite({ roots: [DIST], cors: true }));
  return { roots: [PAGES], values: { CDN: cdn.url } };
});

test('a page with the script tag from a CDN books an appointment', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/script-tag.html`);
  const visitor = visitorFor('script-tag');
  const reference = await bookAtSalon(recorded.page.locator('booking-widget'), visitor);
  await assertBooked(world.services, visitor, reference);
  assert.ok(
    recorded.received.some((r) => r.url === `${cdn.url}/booking-widget.js`),
    'the bundle came from the CDN',
  );
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('its lazy chunks load from beside it, wherever the CDN puts it', async () => {
  const bundle = await readFile(`${DIST}/booking-widget.js`, 'utf8');
  const specifiers = [...bundle.matchAll(/import\(\s*[`'"]([^`'"]+)[`'"]\s*\)/g)].map((m) => m[1]!);
  assert.ok(specifiers.length > 0, 'the bundle has lazy chunks');
  for (const specifier of specifiers) assert.match(specifier, /^\.\/booking-widget-[\w.-]+\.js$/, 'a chunk beside the bundle');
  const recorded = await openPage(world.browser, `${world.site.url}/script-tag.html`);
  const loaded = await recorded.page.evaluate(
    async (urls) => ({
      // A chunk is a module that exports what the bundle imports; the steps' chunk defines their elements too.
      exports: await Promise.all(urls.map(async (url) => Object.keys(await import(url)).length)),
      defined: ['bw-choice-list', 'bw-time-step', 'bw-location-step'].filter((tag) => customElements.get(tag)),
    }),
    specifiers.map((specifier) => new URL(specifier, `${cdn.url}/booking-widget.js`).href),
  );
  assert.equal(loaded.exports.length, specifiers.length);
  assert.equal(loaded.exports.filter((exports) => exports === 0).length, 0, 'every chunk exports what the bundle imports');
  assert.deepEqual(loaded.defined, ['bw-choice-list', 'bw-time-step', 'bw-location-step']);
  await recorded.assertCleanAndClose();
});

test('two copies of the script on one page do not throw, and a popup link opens one dialog', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/two-copies.html`);
  const { page } = recorded;
  await page
    .locator('booking-widget')
    .first()
    .getByRole('button', { name: /Men's cut/ })
    .waitFor();
  await page.locator('[data-booking-widget] booking-widget').getByRole('heading', { name: 'Choose who' }).waitFor();
  await page.getByRole('link', { name: 'Book a court' }).click();
  await page.locator('booking-dialog booking-widget').getByRole('heading', { name: 'Choose what to book' }).waitFor();
  assert.equal(await page.locator('booking-dialog').count(), 1);
  assert.equal(new URL(page.url()).pathname, '/two-copies.html', 'the link was not followed');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
