/**
 * A visitor lands from a campaign's link (issue 25), through the built bundle, the real
 * proxy and the sandbox: the link preselects and prefills, the booking carries the
 * campaign into the service (service contract §15), and no answer to the browser, the
 * manage mode's read included, ever holds it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { visitorFor } from './support/visitor.js';

const world = useSite(() => ({ roots: [PAGES, DIST] }));

test('lands with utm_*, gclid and bw_* parameters on a page whose visitor consented, books through the proxy; the sandbox holds the campaign, no browser answer does', async () => {
  const search = '?utm_source=news&utm_campaign=spring&gclid=x&bw_service=2002&bw_first_name=Ada';
  const recorded = await openPage(world.browser, `${world.site.url}/campaign.html${search}`);
  const { page } = recorded;
  const widget = page.locator('booking-widget');
  const visitor = visitorFor('campaign');

  // The service is preselected: the widget opens on who performs it.
  await widget.getByRole('heading', { name: 'Choose who' }).waitFor();
  await widget.getByRole('button', { name: /Anyone available/ }).click();
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  const firstName = widget.getByRole('textbox', { name: /^First name/ });
  await firstName.waitFor();
  assert.equal(await firstName.inputValue(), 'Ada');
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await widget.getByRole('textbox', { name: /^Phone/ }).fill(visitor.phone);
  await widget.getByRole('checkbox', { name: /privacy policy/ }).check();
  const booked = page.evaluate(
    () => new Promise((resolve) => document.addEventListener('bw-booked', (event) => resolve((event as CustomEvent).detail.attribution))),
  );
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();

  const campaign = { utm_source: 'news', utm_campaign: 'spring', gclid: 'x', landingPage: `${world.site.url}/campaign.html` };
  assert.deepEqual(await booked, campaign);
  const mine = (await world.services.appointments('demo-salon')).filter((item) => item.client.lastName === visitor.lastName);
  assert.equal(mine.length, 1);
  const { id } = mine[0] as unknown as { id: string };
  const stored = (await world.services.inspect(`/api/2.1/scheduling/companies/demo-salon/appointments/${id}`)).body as {
    extendedProperties?: { private?: { attribution?: unknown } };
  };
  assert.deepEqual(stored.extendedProperties?.private?.attribution, campaign);

  // The visitor comes back through their manage link: the proxy's manage GET lacks it too.
  const link = widget.getByRole('link', { name: 'Reschedule or cancel' });
  const href = (await link.getAttribute('href'))!;
  assert.ok(new URL(href).hash.includes(`booking=${id}`), href);
  // The same page: only the fragment changes, and the widget opens the booking without a reload.
  const manageRead = page.waitForResponse(
    (response) => response.url().includes(`/booking-api/`) && response.url().includes(`/appointments/${id}`),
  );
  await link.click();
  await widget.getByRole('heading', { name: 'Your booking' }).waitFor();
  assert.doesNotMatch(await (await manageRead).text(), /spring|gclid|attribution/, 'the manage GET');
  const answers = recorded.received.filter((answer) => answer.url.includes('/booking-api/'));
  for (const answer of answers) assert.doesNotMatch(answer.body, /spring|gclid|attribution/, answer.url);
  await recorded.assertCleanAndClose();
});
