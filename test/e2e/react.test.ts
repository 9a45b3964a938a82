/**
 * React: a Vite-built React app using `booking-widget/react` from the packed
 * package: props become the element's properties, typed callbacks receive the
 * widget's events, and a booking lands.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { openPage } from './support/browser.js';
import { type ConsumerApp, buildConsumerApp } from './support/consumer-app.js';
import { useSite } from './support/harness.js';
import { typecheck } from './support/installed-package.js';
import { REPO } from './support/paths.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

let app: ConsumerApp;
const world = useSite(async () => {
  app = await buildConsumerApp('react');
  return { roots: [app.dist] };
});

test("the app's TSX checks against the wrapper's types (props and typed event callbacks)", async () => {
  await typecheck(app.project);
});

test('the wrapper has a callback for every event the widget sends (custom-elements.json)', async () => {
  const manifest = JSON.parse(await readFile(join(REPO, 'dist/custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { tagName?: string; events?: { name: string }[] }[] }[];
  };
  const widget = manifest.modules.flatMap((mod) => mod.declarations ?? []).find((element) => element.tagName === 'booking-widget')!;
  const wrapper = await readFile(join(REPO, 'dist/lib/react/index.js'), 'utf8');
  const names = widget.events!.map((event) => event.name);
  assert.ok(names.length >= 14, names.join(' '));
  for (const name of names) {
    const prop = `on${name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`;
    assert.match(wrapper, new RegExp(`\\b${prop}: '${name}'`), `${prop} for ${name}`);
  }
});

test('the React wrapper books, passing props down and events up', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/`);
  const { page } = recorded;
  const widget = page.locator('main > booking-widget');
  await page.getByRole('status').filter({ hasText: 'Step: service' }).waitFor();
  assert.equal(await widget.evaluate((element: HTMLElement & { companyId?: string }) => element.companyId), 'demo-salon');

  const visitor = visitorFor('react');
  const reference = await bookAtSalon(widget, visitor);
  await page
    .getByRole('status')
    .filter({ hasText: `Booked ${reference}` })
    .waitFor();
  await assertBooked(world.services, visitor, reference);
  // The time was held on the details step: onBwSlotHeld had it.
  await page.getByText(/^Held \S+/).waitFor();

  await page.getByRole('button', { name: 'Book a physio' }).click();
  await page.locator('booking-button booking-widget').getByRole('heading', { name: 'Choose who' }).waitFor();
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
