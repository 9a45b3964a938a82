/**
 * Issue #14 end to end, through the built bundle and the proxy to the sandbox: a booking
 * at the second location in its own zone, answers to every question type, and a court
 * for two hours in a row.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { visitorFor } from './support/visitor.js';

const world = useSite(() => ({ roots: [PAGES, DIST] }));

interface Stored {
  client: { lastName?: string };
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  iterationCount?: number;
  form?: { id: string; title: string; value: string }[];
}

async function sandboxGet<T>(path: string): Promise<T> {
  const response = await fetch(`${world.services.sandbox.url}${path}`, {
    headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
  });
  return (await response.json()) as T;
}

const mine = async (companyId: string, lastName: string) =>
  (await sandboxGet<{ items: Stored[] }>(`/api/2.1/scheduling/companies/${companyId}/appointments`)).items.filter(
    (item) => item.client.lastName === lastName,
  );

const addHours = (dateTime: string, hours: number) => new Date(Date.parse(`${dateTime}Z`) + hours * 3_600_000).toISOString().slice(0, 19);

test('books at the second location, in its own zone', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/model.html`);
  const widget = recorded.page.locator('#locations booking-widget');
  const visitor = visitorFor('west');
  await widget.getByRole('heading', { name: 'Choose a location' }).waitFor();
  await widget.getByRole('button', { name: /Maple Street Hair Studio Mission/ }).click();
  await widget.getByRole('button', { name: /^Beard trim/ }).click();
  await widget.getByRole('button', { name: /^Diego Alvarez/ }).click();
  const slot = widget.locator('[part~="slot"]').first();
  const shown = (await slot.textContent())!.trim();
  await slot.click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('textbox', { name: /^First name/ }).fill(visitor.firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();
  const [booked, ...more] = await mine('demo-salon-west', visitor.lastName);
  assert.equal(more.length, 0);
  assert.equal(booked!.start.timeZone, 'America/Los_Angeles');
  // The time the visitor picked, shown in the location's zone, is the wall-clock time stored there.
  const stored = new Date(`${booked!.start.dateTime}Z`).toLocaleTimeString('en-US', {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
  });
  assert.equal(shown, stored);
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('answers every question type; mandatory and format errors keep every answer; the sandbox holds them', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/model.html`);
  const widget = recorded.page.locator('#clinic booking-widget');
  const visitor = visitorFor('questions');
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('textbox', { name: /^First name/ }).fill(visitor.firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  const reason = widget.getByRole('textbox', { name: /^What brings you in\?/ });
  await reason.fill('Knee.');
  await widget.getByRole('textbox', { name: /^When did it start\?/ }).fill('2026-02-20');
  await widget.getByRole('textbox', { name: /^Pain today/ }).fill('11');
  await widget.getByRole('textbox', { name: /^Your GP/ }).fill('Dr Hine');
  await widget.getByRole('textbox', { name: /^E-mail for your exercise plan/ }).fill('ada@example.com');
  await widget.getByRole('combobox', { name: /^Referred by/ }).selectOption('ACC');
  await widget.getByRole('radio', { name: 'Left' }).check();
  await widget.getByRole('checkbox', { name: 'Diabetes' }).check();
  await widget.getByRole('checkbox', { name: /^This is an ACC injury claim/ }).check();
  await widget.getByRole('button', { name: 'Book', exact: true }).click();

  // Too short, out of range, and two mandatory answers missing: nothing is sent, nothing typed is lost.
  // The rule was said under the field from the start (its help); now it is the field's error too.
  await widget.getByText('Please use at least 10 characters.', { exact: true }).waitFor();
  assert.equal(await reason.getAttribute('aria-invalid'), 'true');
  assert.equal(await widget.getByRole('textbox', { name: /^Pain today/ }).getAttribute('aria-invalid'), 'true');
  assert.equal(await widget.getByRole('textbox', { name: /^Emergency contact phone/ }).getAttribute('aria-invalid'), 'true');
  assert.equal(await reason.inputValue(), 'Knee.');
  assert.equal(await widget.getByRole('textbox', { name: /^Your GP/ }).inputValue(), 'Dr Hine');
  assert.equal(await widget.getByRole('radio', { name: 'Left' }).isChecked(), true);
  assert.equal((await mine('demo-clinic', visitor.lastName)).length, 0);

  await reason.fill('Sore left knee after running.');
  await widget.getByRole('textbox', { name: /^Pain today/ }).fill('6');
  await widget.getByRole('textbox', { name: /^Emergency contact phone/ }).fill('+64 21 555 0199');
  await widget.getByRole('checkbox', { name: /^I consent to assessment/ }).check();
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();

  const [booked] = await mine('demo-clinic', visitor.lastName);
  assert.deepEqual(Object.fromEntries(booked!.form!.map(({ id, value }) => [id, value])), {
    reason: 'Sore left knee after running.',
    'injury-date': '2026-02-20',
    pain: '6',
    gp: 'Dr Hine',
    'plan-email': 'ada@example.com',
    'emergency-phone': '+64 21 555 0199',
    referral: 'ACC',
    side: 'Left',
    conditions: 'Diabetes',
    'acc-claim': 'true',
    'treatment-consent': 'true',
  });
  assert.equal(booked!.form!.find((answer) => answer.id === 'side')!.title, 'Which side?');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test('a court for two hours: its end is right, and both hours are gone from freeSlots', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/model.html`);
  const widget = recorded.page.locator('#courts booking-widget');
  const visitor = visitorFor('two-hours');
  await widget.getByRole('radio', { name: '2 hr' }).check();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByRole('textbox', { name: /^First name/ }).fill(visitor.firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();

  const [booked] = await mine('demo-courts', visitor.lastName);
  assert.equal(booked!.iterationCount, 2);
  assert.equal(booked!.end.dateTime, addHours(booked!.start.dateTime, 2));
  const day = booked!.start.dateTime.slice(0, 10);
  // All three clay courts at once: the hours this booking holds one of are no longer free.
  const free = await sandboxGet<{ items: { slots: string[] }[] }>(
    `/api/2.0/scheduling/companies/demo-courts/widget/freeSlots?startDate=${day}&endDate=${day}&resourceId=6001&resourceCount=3`,
  );
  const slots = free.items.flatMap((item) => item.slots);
  assert.ok(!slots.includes(booked!.start.dateTime), 'the first hour is taken');
  assert.ok(!slots.includes(addHours(booked!.start.dateTime, 1)), 'the second hour is taken');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
