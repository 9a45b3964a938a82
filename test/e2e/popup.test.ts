/**
 * Popup: `<booking-button>` and a `data-booking-popup` link open the widget in
 * a modal dialog: focus moves in and stays in, the page behind is inert, Escape
 * closes it, focus returns to the opener, and a booking made in it lands.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

const world = useSite(() => ({ roots: [PAGES, DIST] }));

/** Where focus is, through shadow roots: `tag#id` or `tag[part]`, and whether it is inside a booking dialog. */
const focus = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    let inDialog = false;
    for (let node: Node | null = active; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) {
      if (node.nodeName === 'BOOKING-DIALOG') inDialog = true;
    }
    const name = active
      ? `${active.localName}${active.id ? `#${active.id}` : ''}${active.getAttribute('part') ? `[${active.getAttribute('part')}]` : ''}`
      : 'none';
    return { name, inDialog, text: active?.textContent?.trim() ?? '' };
  });

/** Modal dialogs open on the page, shadow roots included. */
const openDialogs = (page: Page) =>
  page.evaluate(() => {
    // No named inner functions: the test's TypeScript transform would wrap them in a helper the page lacks.
    const roots: (Document | ShadowRoot)[] = [document];
    let open = 0;
    for (const root of roots) {
      open += root.querySelectorAll('dialog:modal').length;
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    return open;
  });

test('<booking-button> opens the widget in a modal dialog that keeps focus until Escape', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/popup.html`);
  const { page } = recorded;
  const button = page.getByRole('button', { name: 'Book now' });
  assert.equal(await button.getAttribute('aria-haspopup'), 'dialog');
  await button.focus();
  await page.keyboard.press('Enter');
  await page.locator('booking-button booking-widget').getByRole('heading', { name: 'Choose a service' }).waitFor();
  assert.equal(await openDialogs(page), 1);
  assert.equal((await focus(page)).name, 'button[close]', 'focus moved into the dialog, on its close button');
  assert.equal(await page.getByRole('dialog', { name: 'Book now' }).count(), 1, 'the dialog is named after its opener');

  // The page behind is inert: it cannot take focus, by script or by keyboard.
  await page.evaluate(() => document.querySelector<HTMLElement>('#after')!.focus());
  assert.equal((await focus(page)).inDialog, true, 'focus() on the page behind is refused');
  for (const key of [...Array(25).fill('Tab'), ...Array(25).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const now = await focus(page);
    assert.ok(now.inDialog || now.name === 'body', `${key} stays in the dialog (was on ${now.name})`);
  }

  await page.keyboard.press('Escape');
  assert.equal(await openDialogs(page), 0, 'Escape closed it');
  assert.equal((await focus(page)).name, 'button[button]', 'focus is back on the button');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('a booking made in the popup lands, and the event reaches the page', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/popup.html`);
  const { page } = recorded;
  const booked = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('bw-booked', (event) =>
          resolve((event as CustomEvent<{ appointment: { reference: string } }>).detail.appointment.reference),
        ),
      ),
  );
  await page.getByRole('button', { name: 'Book now' }).click();
  const visitor = visitorFor('popup-button');
  const reference = await bookAtSalon(page.locator('booking-button booking-widget'), visitor);
  assert.equal(await booked, reference);
  await assertBooked(world.services, visitor, reference);
  await page.getByRole('button', { name: 'Close' }).click();
  assert.equal(await openDialogs(page), 0, 'the close button closed it');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('data-booking-popup on an existing link opens the same dialog instead of following the link', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/popup.html`);
  const { page } = recorded;
  // The embedding chunk that prepares the link may arrive after the page has loaded (a busy machine, a
  // slow network): hold the lazy chunks back 300 ms, and wait for the link to be prepared, not read it at once.
  await page.route(/\/booking-widget-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.reload();
  const link = page.getByRole('link', { name: 'book online' });
  await link.and(page.locator('[aria-haspopup="dialog"]')).waitFor();
  await link.click();
  const widget = page.locator('body > booking-dialog booking-widget');
  await widget.getByRole('heading', { name: 'Choose a service' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/popup.html', 'the link was not followed');
  assert.equal((await focus(page)).inDialog, true);
  await page.keyboard.press('Escape');
  assert.equal(await openDialogs(page), 0);
  assert.equal((await focus(page)).text, 'book online', 'focus is back on the link');

  await link.click();
  const visitor = visitorFor('popup-link');
  await assertBooked(world.services, visitor, await bookAtSalon(widget, visitor));
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
