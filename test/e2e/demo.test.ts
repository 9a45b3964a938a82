/**
 * The demo as `npm start` serves it (Vite's dev server with the sandbox and the proxy of
 * demo/demo-services.ts), where merchants look first: a visitor books, follows the
 * confirmation's "Reschedule or cancel" link, moves the booking, then cancels it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { DEMO_SERVICES_PLUGIN, type DemoServicesApi } from '../../demo/demo-services.js';
import { launchBrowser, openPage } from './support/browser.js';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { REPO } from './support/paths.js';
import { TEST_NOW } from './support/services.js';
import { appointmentOf, choose, lacks, offers, timesLive, timesOffered, until } from './support/time-step.js';
import { visitorFor } from './support/visitor.js';

let vite: ViteDevServer;
let url: string;
let browser: Browser;
/** The demo's sandbox, where it was bound, for what staff do on the service itself. */
let sandboxUrl: string;

before(async () => {
  // The demo's sandbox and proxy read the instant the page's clock is pinned to. The sandbox binds
  // a port the OS chooses (never 8787, which a developer's `npm start` may hold, nor a port picked
  // here and bound later, which a file running beside this one may take first); the plugin says which.
  // This file's own process: the variables reach no other file.
  process.env.DEMO_NOW = TEST_NOW;
  process.env.SANDBOX_PORT = '0';
  vite = await createServer({ configFile: join(REPO, 'vite.config.ts'), logLevel: 'warn', server: { port: 0 } });
  const demoServices = vite.config.plugins.find((plugin): plugin is Plugin<DemoServicesApi> => plugin.name === DEMO_SERVICES_PLUGIN);
  sandboxUrl = demoServices?.api?.sandboxUrl() ?? assert.fail('the demo services plugin started no sandbox');
  await vite.listen();
  url = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  // The time step's live stream is an open response: the dev server drops it rather than wait for it to end.
  (vite?.httpServer as { closeAllConnections?: () => void } | null)?.closeAllConnections?.();
  await vite?.close();
});

interface DemoAppointment {
  company: string;
  reference: string;
  start: { dateTime: string };
  client: { lastName?: string };
}

/** The demo's own view of the sandbox (the table under the widgets), for the visitor's bookings. */
async function demoBookings(lastName: string): Promise<DemoAppointment[]> {
  const { items } = (await (await fetch(`${url}/demo-api/appointments`)).json()) as { items: DemoAppointment[] };
  return items.filter((item) => item.client.lastName === lastName);
}

test('the demo books a court, and its "Reschedule or cancel" link moves the booking, then cancels it', async () => {
  const recorded = await openPage(browser, `${url}/`);
  const { page } = recorded;
  const widget = page.locator('booking-widget[company-id="demo-courts"]');
  const visitor = visitorFor('demo');

  await widget
    .getByRole('button', { name: /^Padel/ })
    .first()
    .click();
  await widget.getByRole('button', { name: /^Padel court/ }).click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('textbox', { name: /^First name/ }).fill(visitor.firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();
  const reference = (await widget.locator('[part~="reference"]').textContent())!.trim();
  const [booked, ...more] = await demoBookings(visitor.lastName);
  assert.equal(more.length, 0);
  assert.equal(booked!.reference, reference);

  // The link the demo's proxy signed brings the visitor back to this widget, and to no other on the page.
  const link = widget.getByRole('link', { name: 'Reschedule or cancel' });
  const href = (await link.getAttribute('href'))!;
  // On this same page: only the fragment changes, and the widget opens the booking without a reload.
  assert.ok(new URLSearchParams(new URL(href).hash.slice(1)).has('courts-booking'), href);
  await link.click();
  await widget.getByRole('heading', { name: 'Your booking' }).waitFor();
  assert.ok(!page.url().includes('courts-booking'), 'the link is taken out of the address once read');
  assert.equal(await page.getByRole('heading', { name: 'Your booking' }).count(), 1, 'one widget opens the link');

  await widget.getByRole('button', { name: 'Reschedule' }).click();
  await widget.getByRole('heading', { name: 'Choose a new time' }).waitFor();
  // Four padel courts: the booked time is still offered (another court); the next one is another time.
  await widget.locator('[part~="slot"]').nth(1).click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('button', { name: 'Move booking' }).click();
  await widget.getByRole('heading', { name: 'Your booking has been moved.' }).waitFor();
  const [moved] = await demoBookings(visitor.lastName);
  assert.equal(moved!.reference, reference);
  assert.notEqual(moved!.start.dateTime, booked!.start.dateTime, 'the sandbox has it at another time');

  // Later, the visitor comes back through the same link: a new visit of the page.
  await page.goto('about:blank');
  await page.goto(href);
  await widget.getByRole('button', { name: 'Cancel booking' }).click();
  await widget.getByRole('button', { name: 'Yes, cancel it' }).click();
  await widget.getByRole('heading', { name: 'Your booking has been cancelled.' }).waitFor();
  assert.deepEqual(await demoBookings(visitor.lastName), [], 'the sandbox no longer has it');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('the snippet generator offers only what can be booked: a service narrows the staff; no back-office service or hidden staff', async () => {
  const recorded = await openPage(browser, `${url}/snippet.html`);
  const { page } = recorded;
  const service = page.getByRole('combobox', { name: 'Service' });
  const staff = page.getByRole('combobox', { name: 'Staff' });
  await page.getByRole('combobox', { name: 'Company' }).selectOption('demo-salon');
  await service.getByRole('option', { name: "Men's cut", exact: true }).waitFor({ state: 'attached' });
  const optionsOf = (select: typeof service) => select.getByRole('option').allTextContents();
  assert.ok(!(await optionsOf(service)).includes('Bridal trial'), 'back office only');
  assert.ok(!(await optionsOf(staff)).includes('Sam Rivera'), 'hidden from the widget');
  await staff.selectOption({ label: 'Priya Patel' });
  assert.ok(!(await optionsOf(service)).includes("Men's cut"), 'Priya does not cut men’s hair');
  await staff.selectOption('');
  await service.selectOption({ label: "Men's cut" });
  assert.deepEqual(await optionsOf(staff), ['The visitor chooses', 'Maya Chen', 'Jordan Brooks']);
  // The preview of a pair the widget offers opens on its times.
  await staff.selectOption({ label: 'Maya Chen' });
  await page.locator('#preview booking-widget').getByRole('heading', { name: 'Choose a time' }).waitFor();
  assert.match((await page.locator('#body').textContent())!, /<a href="\/book">Book online<\/a>/);
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

/** A request straight to the demo's sandbox, with its partner credentials: staff in the dashboard, not a visitor. */
const onSandbox = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

test('a booking made on the demo sandbox’s own API leaves the open demo page’s times, and its cancellation brings the time back', async () => {
  const recorded = await openPage(browser, `${url}/`);
  const widget = recorded.page.locator('booking-widget[company-id="demo-salon demo-salon-west"]');
  await widget.getByRole('button', { name: /^Maple Street Hair Studio(?! Mission)/ }).click();
  await widget.getByRole('button', { name: /Men's cut/ }).click();
  await widget.getByRole('button', { name: /Maya Chen/ }).click();
  await widget.getByRole('heading', { name: 'Choose a time' }).waitFor();
  await timesLive(recorded, widget, 'demo-salon');
  const [time] = await timesOffered(widget);
  const chosen = await choose(widget, time!);

  // Staff book that time on the service itself: its watch tells the demo's proxy (its publicUrl), which tells the page.
  const client = await onSandbox('/api/2.0/clients', 'POST', { firstName: 'Phone', lastName: 'Caller', language: 'en' });
  assert.ok(client.ok, await client.clone().text());
  const booked = await onSandbox('/api/2.1/scheduling/companies/demo-salon/appointments', 'POST', {
    ...appointmentOf(chosen, 30),
    client: { id: ((await client.json()) as { id: string }).id },
  });
  assert.ok(booked.ok, await booked.clone().text());
  await until(() => lacks(widget, time!), `${time} gone from the demo page`);

  const { id } = (await booked.json()) as { id: string };
  assert.ok((await onSandbox(`/api/2.1/scheduling/companies/demo-salon/appointments/${id}`, 'DELETE')).ok);
  await until(() => offers(widget, time!), `${time} back on the demo page`);
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
