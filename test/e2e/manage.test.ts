/**
 * Visitors manage their own booking (#13), through the built bundle, the real
 * proxy and the sandbox: book, follow the link from the confirmation, reschedule,
 * then cancel; the sandbox shows each change.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { bookAtSalon, visitorFor } from './support/visitor.js';

const world = useSite(() => ({ roots: [PAGES, DIST] }));

interface Stored {
  id: string;
  reference: string;
  start: { dateTime: string };
  staff: { id: string };
}

async function freeStartsOf(staffId: string, day: string): Promise<string[]> {
  const { body } = await world.services.inspect(
    `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=${day}&endDate=${day}&serviceId=2002&staffId=${staffId}`,
  );
  return ((body as { items: { slots: string[] }[] }).items[0]?.slots ?? []).map((slot) => slot.slice(0, 19));
}

test('book, follow the link from the confirmation, reschedule (moved, old time free), then cancel (gone)', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/manage.html`);
  const { page } = recorded;
  const widget = page.locator('booking-widget');
  const visitor = visitorFor('manage');
  const reference = await bookAtSalon(widget, visitor);
  const items = (await world.services.appointments('demo-salon')).filter((item) => item.client.lastName === visitor.lastName);
  assert.equal(items.length, 1);
  const booked = (
    await world.services.inspect(`/api/2.1/scheduling/companies/demo-salon/appointments/${(items[0] as unknown as Stored).id}`)
  ).body as Stored;
  assert.equal(booked.reference, reference);

  // The visitor keeps the link and comes back through it.
  const link = widget.getByRole('link', { name: 'Reschedule or cancel' });
  const href = (await link.getAttribute('href'))!;
  assert.equal(new URL(href).pathname, '/manage.html');
  assert.match(new URLSearchParams(new URL(href).hash.slice(1)).get('booking')!, new RegExp(`^${booked.id}:[\\w-]+\\.[\\w-]+$`));
  await link.click();
  // Once read, the link leaves the address bar (the widget replaces the history entry).
  await page.waitForURL((url) => url.pathname === '/manage.html');
  await widget.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
  assert.ok(!page.url().includes('booking='), page.url());
  assert.equal((await widget.locator('[part~="reference"]').textContent())!.trim(), reference);

  await widget.getByRole('button', { name: 'Reschedule' }).click();
  await widget.getByRole('heading', { name: 'Choose a new time' }).waitFor();
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('heading', { name: 'Confirm the new time' }).waitFor();
  await widget.getByRole('button', { name: 'Move booking' }).click();
  await widget.getByRole('heading', { name: 'Your booking has been moved.' }).waitFor();

  const moved = (await world.services.inspect(`/api/2.1/scheduling/companies/demo-salon/appointments/${booked.id}`)).body as Stored;
  assert.notEqual(moved.start.dateTime, booked.start.dateTime, 'the sandbox has it at another time');
  assert.equal(moved.reference, reference);
  const oldDay = booked.start.dateTime.slice(0, 10);
  assert.ok((await freeStartsOf(booked.staff.id, oldDay)).includes(booked.start.dateTime), 'the old time is free again');
  assert.ok(
    !(await freeStartsOf(moved.staff.id, moved.start.dateTime.slice(0, 10))).includes(moved.start.dateTime),
    'the new time is taken',
  );

  // The same link, opened again from the visitor's email (a new page load), cancels.
  await page.goto('about:blank');
  await page.goto(href);
  await widget.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
  await widget.getByRole('button', { name: 'Cancel booking' }).click();
  await widget.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
  await widget.getByRole('button', { name: 'Yes, cancel it' }).click();
  await widget.getByRole('heading', { name: 'Your booking has been cancelled.' }).waitFor();
  assert.equal(
    (await world.services.inspect(`/api/2.1/scheduling/companies/demo-salon/appointments/${booked.id}`)).status,
    404,
    'the sandbox no longer has it',
  );
  assert.ok(
    (await freeStartsOf(moved.staff.id, moved.start.dateTime.slice(0, 10))).includes(moved.start.dateTime),
    'its time is free again',
  );

  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
