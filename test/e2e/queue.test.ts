/**
 * The walk-in line (#26) end to end, through the built bundle, the real proxy (walk-in lines
 * on) and the sandbox: two visitors, each in a browser of their own, join the salon's line
 * from the first step's offer; staff call the first; the places change on both screens; the
 * second leaves; a place's link reopens it. A closed line refuses a join and says when it opens.
 *
 * The file pins its own "now" (docs/contributing.md, "Time is an input"): Wednesday
 * 4 March 2026, 10:00 in Boston, when the salon's line is open, for the sandbox, the proxy
 * and every page; the closed line's test starts a second sandbox and proxy at 12:45 the
 * same day, the salon's lunch break.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DIST, PAGES } from './support/paths.js';
import { PROXY_PATH, type Services, startServices } from './support/services.js';
import { startSite } from './support/site.js';

/** Wednesday 10:00 in Boston: the salon is open (9:00–12:30, 13:30–18:00), and so is its line. */
const OPEN = '2026-03-04T15:00:00Z';
/** The same Wednesday at 12:45 in Boston: the salon's lunch break, its line closed until 13:30. */
const LUNCH = '2026-03-04T17:45:00Z';
const SALON_ZONE = 'US/Eastern';
const SALON_LINE = '7001';
/**
 * The place is read every 15 s (place-updates.ts); this is the guard for a change to show after
 * it happened at the service: one poll, plus the read itself on a busy machine.
 */
const ONE_POLL_MS = 20_000;

const world = useSite(() => ({ roots: [PAGES, DIST], values: { QUEUE: 'offer' } }), { now: OPEN, walkInQueues: true });

interface Place {
  id: string;
  status: string;
  rank: number;
  numberOfPeopleAhead: number;
}

/** The staff's side: the sandbox itself, with the partner credentials (never the page). */
async function staff(services: Services, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${services.sandbox.url}${path}`, {
    method,
    headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const staffRead = async (id: string) => (await staff(world.services, 'GET', `/api/2.0/registrations/${id}`)).body as Place;

/** Joins the salon's line from the first step's offer, as a visitor does; returns what the proxy answered the join. */
async function joinLine(page: Page, firstName: string, phone: string): Promise<Place> {
  const widget = page.locator('booking-widget');
  await widget.getByRole('button', { name: 'Join the walk-in line' }).click();
  await widget.getByRole('heading', { name: 'Walk-in cuts' }).waitFor();
  await widget.getByRole('combobox', { name: /What would you like\?/ }).selectOption({ label: 'Haircut' });
  await widget.getByRole('textbox', { name: /^First name/ }).fill(firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill('Walk-in');
  await widget.getByRole('textbox', { name: /^Phone/ }).fill(phone);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `${PROXY_PATH}/api/2.0/registrations`,
  );
  await widget.getByRole('button', { name: 'Join the line' }).click();
  const answer = await answered;
  assert.equal(answer.status(), 200, `${firstName} joined`);
  await widget.getByRole('heading', { name: 'Your place in line' }).waitFor();
  return (await answer.json()) as Place;
}

/** The link the place screen offers for finding the place again: this page with `#walk-in=<id>:<token>`, in the fragment. */
async function placeLink(widget: Locator, place: Place): Promise<string> {
  const href = (await widget.getByRole('link', { name: 'My place in line' }).getAttribute('href'))!;
  const url = new URL(href);
  assert.equal(url.pathname, '/queue.html');
  assert.match(new URLSearchParams(url.hash.slice(1)).get('walk-in')!, new RegExp(`^${place.id}:[\\w-]+\\.[\\w-]+$`));
  assert.equal(url.searchParams.has('walk-in'), false, 'the token stays out of the query, which servers log');
  return href;
}

test('two visitors join; staff call the first: "your turn" and "you’re next" within a poll; the second leaves; a link reopens the place', async () => {
  const { now } = world.services;
  const ana = await openPage(world.browser, `${world.site.url}/queue.html`, { now });
  const first = await joinLine(ana.page, 'Ana', '+1 617 555 0101');
  const anaWidget = ana.page.locator('booking-widget');
  await anaWidget.getByText('You’re next').waitFor();
  const anaLink = await placeLink(anaWidget, first);

  const ben = await openPage(world.browser, `${world.site.url}/queue.html`, { now });
  const second = await joinLine(ben.page, 'Ben', '+1 617 555 0102');
  assert.deepEqual([first.rank, second.rank], [1, 2]);
  assert.deepEqual([first.numberOfPeopleAhead, second.numberOfPeopleAhead], [0, 1]);
  // The salon's line counts 10 minutes a person until staff have served someone today.
  await ben.page.locator('booking-widget').getByText('1 person ahead of you · about 10 min').waitFor();
  const benLink = await placeLink(ben.page.locator('booking-widget'), second);
  const line = (await staff(world.services, 'GET', `/api/2.0/registrations?queueId=${SALON_LINE}`)).body as { items: Place[] };
  assert.deepEqual(
    line.items.map(({ id, status, rank }) => [id, status, rank]),
    [
      [first.id, 'registered', 1],
      [second.id, 'registered', 2],
    ],
  );

  // Ben closes the tab and finds his place again through his link, on a page of its own.
  assert.deepEqual(ben.errors, []);
  await ben.assertCleanAndClose();
  const benAgain = await openPage(world.browser, benLink, { now });
  const benWidget = benAgain.page.locator('booking-widget');
  await benWidget.getByRole('heading', { name: 'Your place in line' }).waitFor();
  await benWidget.getByText('1 person ahead of you · about 10 min').waitFor();

  // Staff call the next person: the service takes the lowest rank.
  const called = await staff(world.services, 'PUT', `/api/2.0/registrations/next?queueId=${SALON_LINE}`);
  assert.equal(called.status, 200);
  assert.equal((called.body as Place).id, first.id);
  // Nothing pushes places yet: each page learns of the call at its next read, at most 15 s away.
  await Promise.all([
    anaWidget.getByRole('heading', { name: /^It.s your turn$/ }).waitFor({ timeout: ONE_POLL_MS }),
    benWidget.getByRole('region', { name: 'Your place in line' }).getByText('You’re next').waitFor({ timeout: ONE_POLL_MS }),
  ]);
  // Ben's screen reader hears the change politely: the same words, in the widget's status region.
  await benWidget
    .getByRole('status')
    .filter({ hasText: /^You’re next$/ })
    .waitFor({ state: 'attached' });
  await anaWidget
    .getByRole('region', { name: /^It.s your turn$/ })
    .getByText('Please come to the front desk now.')
    .waitFor();
  // Ana's screen reader says it at once, not after what it is reading.
  await anaWidget
    .locator('[aria-live="assertive"]')
    .filter({ hasText: /^It.s your turn\. Please come to the front desk now\.$/ })
    .waitFor({ state: 'attached' });

  // Ben leaves, after being asked; the service holds his place as deleted.
  await benWidget.getByRole('button', { name: 'Leave the line' }).click();
  await benWidget.getByRole('heading', { name: 'Leave the line?' }).waitFor();
  await benWidget.getByRole('button', { name: 'Yes, leave' }).click();
  await benWidget.getByRole('heading', { name: 'You have left the line.' }).waitFor();
  assert.equal((await staffRead(second.id)).status, 'deleted');
  assert.equal((await staffRead(first.id)).status, 'ingoing');

  // Ana's link, opened anew (a new page load, another browser), shows her place: called.
  const anaAgain = await openPage(world.browser, anaLink, { now });
  await anaAgain.page
    .locator('booking-widget')
    .getByRole('heading', { name: /^It.s your turn$/ })
    .waitFor();
  // So does a page whose widget leaves `queue` unset, which otherwise looks for the line only after the first times.
  const onDefault = await openPage(world.browser, `${world.site.url}/queue-default.html${new URL(anaLink).hash}`, { now });
  await onDefault.page
    .locator('booking-widget')
    .getByRole('heading', { name: /^It.s your turn$/ })
    .waitFor();

  for (const recorded of [ana, benAgain, anaAgain, onDefault]) {
    assert.deepEqual(recorded.errors, []);
    await recorded.assertCleanAndClose();
  }
});

test('a closed line: the proxy answers a join QUEUE_CLOSED, and the widget says the line opens today at 13:30', async () => {
  // A second sandbox and proxy whose "now" is the salon's lunch break; the page is pinned to the same instant.
  const lunch = await startServices({ now: LUNCH, walkInQueues: true });
  world.closeAfter(lunch.sandbox);
  const site = world.closeAfter(await startSite({ roots: [PAGES, DIST], values: { QUEUE: 'only' }, services: lunch }));

  // A join as the widget sends it, through the proxy: a client first, then the registration.
  const post = (path: string, body: unknown) =>
    fetch(`${site.url}${PROXY_PATH}${path}`, {
      method: 'POST',
      headers: { Origin: site.url, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const client = await post('/api/2.0/clients', {
    firstName: 'Cy',
    lastName: 'Walk-in',
    phoneNumbers: [{ number: '+1 617 555 0103', primary: true, mobile: true }],
    language: 'en-US',
  });
  assert.equal(client.status, 200, await client.clone().text());
  const join = await post('/api/2.0/registrations', {
    queue: { id: SALON_LINE },
    client: { id: ((await client.json()) as { id: string }).id },
    form: [{ id: 'walk-in-service', title: 'What would you like?', value: 'cut' }],
  });
  assert.equal(join.status, 409);
  assert.equal(((await join.json()) as { error: { errorCode: string } }).error.errorCode, 'QUEUE_CLOSED');
  assert.deepEqual((await staff(lunch, 'GET', `/api/2.0/registrations?queueId=${SALON_LINE}`)).body, { items: [] });

  const recorded = await openPage(world.browser, `${site.url}/queue.html`, { now: lunch.now });
  const widget = recorded.page.locator('booking-widget');
  await widget.getByRole('heading', { name: 'Walk-in cuts' }).waitFor();
  // It opens again after lunch, 45 minutes on: "today", at the time written in the salon's zone as the page's language writes it.
  const opens = new Intl.DateTimeFormat('en-US', { timeZone: SALON_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    Date.parse(LUNCH) + 45 * 60_000,
  );
  const notice = (await widget.getByText('The walk-in line is closed.').textContent())!;
  assert.equal(notice.replace(/\s+/g, ' ').trim(), `The walk-in line is closed. It opens today at ${opens.replace(/\s+/g, ' ')}.`);
  assert.equal(await widget.getByRole('textbox', { name: /^First name/ }).count(), 0, 'no form to join');
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});
