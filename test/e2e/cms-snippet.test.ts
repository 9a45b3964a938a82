/**
 * CMS snippet: the placeholder `<div data-booking-widget data-…>` that the demo's
 * snippet generator gives merchants, upgraded by the script, also when the page
 * adds one later (a page builder's lazy section, an editor's preview).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SnippetKind, snippet } from '../../demo/snippet/snippets.js';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { PROXY_PATH } from './support/services.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

const pasted = snippet(SnippetKind.Cms, { companyId: 'demo-clinic', apiBase: PROXY_PATH, scriptUrl: '/booking-widget.js', theme: 'dark' });
const later = snippet(SnippetKind.Cms, { companyId: 'demo-salon', apiBase: PROXY_PATH, scriptUrl: '/booking-widget.js' });
const world = useSite(() => ({ roots: [PAGES, DIST], values: { HEAD: pasted.head, BODY: pasted.body } }));

test('the generated snippet is a plain div and a script tag, which CMSs keep', () => {
  assert.equal(
    pasted.body,
    '<div data-booking-widget data-company-id="demo-clinic" data-api-base="/booking-api" data-theme="dark">\n  <a href="/book">Book online</a>\n</div>',
  );
  assert.equal(pasted.head, '<script type="module" src="/booking-widget.js"></script>');
});

test('placeholders are upgraded, those added later too, and book', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/cms.html`);
  const { page } = recorded;
  const first = page.locator('[data-booking-widget] > booking-widget').first();
  await first.getByRole('heading', { name: 'Choose who' }).waitFor();
  assert.equal(await first.getAttribute('theme'), 'dark', 'data attributes become the widget’s');

  await page.evaluate((html) => {
    document.querySelector('#later')!.innerHTML = html;
  }, later.body);
  const added = page.locator('#later [data-booking-widget] > booking-widget');
  const visitor = visitorFor('cms');
  await assertBooked(world.services, visitor, await bookAtSalon(added, visitor));

  // Changing a placeholder's data attributes reaches its widget.
  await page.evaluate(() => document.querySelector('#later [data-booking-widget]')!.setAttribute('data-company-id', 'demo-courts'));
  await added.getByRole('heading', { name: 'Choose what to book' }).waitFor();
  assert.equal(await page.locator('[data-booking-widget] > booking-widget').count(), 2, 'one widget per placeholder');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
