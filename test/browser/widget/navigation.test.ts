import { expect, fixture, html } from '@open-wc/testing';
import { addDays, clearSharedReads, instantToWallClock } from '../../../src/api/index.js';
import type { BookingWidget } from '../../../src/index.js';
import { deepText, findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { TEST_NOW } from '../support/now.js';
import { type Services, startServices } from '../support/services.js';
import {
  availableDays,
  bookButton,
  choices,
  choose,
  fillDetails,
  heading,
  monthHeading,
  mountWidget,
  pickTime,
  selectedDay,
  timeButtons,
  timesOfADayWith,
  waitForTimes,
} from '../support/widget.js';

interface Call {
  url: string;
  startedAt: number;
  answeredAt?: number;
}

/** A fetch that records when each request left and when its answer came back. */
function timedFetch() {
  const calls: Call[] = [];
  const answers: Promise<unknown>[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const call: Call = { url: String(input), startedAt: performance.now() };
    calls.push(call);
    const response = fetch(input, init);
    answers.push(response.catch(() => undefined));
    await response;
    call.answeredAt = performance.now();
    return response;
  };
  /** Resolves when every request sent so far, and any it led to, has its answer. */
  const settled = async (): Promise<void> => {
    for (let seen = -1; seen !== answers.length;) {
      seen = answers.length;
      await Promise.all(answers);
      // Let the widget act on the answers (and perhaps ask for more) before looking again.
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };
  return { fetch: wrapped, calls, settled };
}

/** Clicks a month button and waits until the heading names another month. */
async function moveMonth(widget: Element, button: 'Next month' | 'Previous month') {
  const before = monthHeading(widget)!.textContent!.trim();
  getByRole(widget, 'button', button).click();
  await waitFor(() => monthHeading(widget)!.textContent!.trim() !== before, `the month after ${button}`);
}

const pressed = (widget: Element) =>
  choices(widget)
    .filter((c) => c.getAttribute('aria-pressed') === 'true')
    .map((c) => c.querySelector('.title')!.textContent);
const monthName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

describe('booking-widget: moving through the steps', () => {
  beforeEach(() => clearSharedReads());

  it('is accessible on the details step', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    await expect(widget).to.be.accessible();
  });

  it('with a service preselected, asks for the company and its free times in the same round trip', async () => {
    const services = await startServices({ latencyMs: 150 });
    const { fetch, calls } = timedFetch();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', fetch });
    await heading(widget, 'Choose who');
    const company = calls.find((c) => /companies\/demo-salon$/.test(c.url))!;
    const slots = calls.find((c) => c.url.includes('/widget/freeSlots'))!;
    expect(slots.startedAt).to.be.below(company.answeredAt!);
    await choose(widget, 'Anyone available');
    await waitForTimes(widget);
    // The early answer covers the month shown: no second request for it.
    expect(calls.filter((c) => c.url.includes('/widget/freeSlots') && c.startedAt < slots.answeredAt!)).to.have.length(1);
  });

  it('goes back to any step, keeping the later choices that still fit', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    const times = await timesOfADayWith(widget, 3);
    const time = times[2]!.textContent!.trim();
    times[2]!.click();
    const day = await waitFor(() => selectedDay(widget)?.getAttribute('aria-label'), 'the day');

    getByRole(widget, 'button', '1. Service').click();
    await heading(widget, 'Choose a service');
    expect(pressed(widget)).to.deep.equal(["Men's cut"]);
    await choose(widget, "Men's cut");
    await heading(widget, 'Choose who');
    expect(pressed(widget)).to.deep.equal(['Maya Chen']);
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    await waitFor(
      () =>
        timeButtons(widget)
          .find((b) => b.getAttribute('aria-pressed') === 'true')
          ?.textContent?.trim() === time,
      'the same time',
    );
    expect(selectedDay(widget)?.getAttribute('aria-label')).to.equal(day);

    // Balayage is not Maya's: she is no longer chosen.
    getByRole(widget, 'button', '1. Service').click();
    await choose(widget, 'Balayage');
    await heading(widget, 'Choose who');
    expect(pressed(widget)).to.deep.equal([]);
    expect(choices(widget).map((c) => c.querySelector('.title')!.textContent)).to.deep.equal([
      'Anyone available',
      'Jordan Brooks',
      'Priya Patel',
    ]);
  });

  it('prefetches the next month and never shows a superseded month', async () => {
    const services = await startServices({ latencyMs: 120 });
    const { fetch, calls, settled } = timedFetch();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch });
    await waitForTimes(widget);
    const first = monthHeading(widget)!.textContent!.trim();
    const firstDays = availableDays(widget).map((d) => d.getAttribute('aria-label'));
    // Let the page settle: whatever the next month needs is fetched ahead of the click.
    await settled();
    const before = calls.length;

    getByRole(widget, 'button', 'Next month').click();
    await waitFor(() => monthHeading(widget)!.textContent!.trim() !== first && availableDays(widget).length, 'the next month');
    // Nothing is asked for the month now shown; only the one after it is prefetched.
    const shownMonth = new Date(`1 ${monthHeading(widget)!.textContent!.trim()} 12:00 UTC`).toISOString().slice(0, 7);
    const asked = calls
      .slice(before)
      .filter((c) => c.url.includes('/widget/'))
      .map((c) => new URL(c.url).searchParams);
    expect(asked.filter((q) => (q.get('startDate') ?? '').startsWith(shownMonth))).to.deep.equal([]);
    expect(asked.every((q) => q.has('endDate'))).to.equal(true);

    // Forward and straight back: only the month asked for last is shown.
    getByRole(widget, 'button', 'Next month').click();
    getByRole(widget, 'button', 'Previous month').click();
    getByRole(widget, 'button', 'Previous month').click();
    await waitFor(() => monthHeading(widget)!.textContent!.trim() === first, 'the first month');
    // Every answer is in, including the superseded months': none of them replaced the month shown.
    await settled();
    expect(monthHeading(widget)!.textContent!.trim()).to.equal(first);
    expect(availableDays(widget).map((d) => d.getAttribute('aria-label'))).to.deep.equal(firstDays);
  });

  it('stops at maxDaysAhead (demo-courts: 60 days)', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts', resourceId: '6001' });
    // Three clay courts: the quantity is still asked for.
    await heading(widget, 'Choose what to book');
    (await findByRole(widget, 'button', 'Continue')).click();
    await waitForTimes(widget);
    const last = addDays(instantToWallClock(Date.parse(services.now), 'Europe/Paris').date, 60);
    for (let i = 0; i < 4 && monthHeading(widget)!.textContent!.trim() !== monthName(last); i++) await moveMonth(widget, 'Next month');
    expect(monthHeading(widget)!.textContent!.trim()).to.equal(monthName(last));
    expect(getByRole(widget, 'button', 'Next month').getAttribute('aria-disabled')).to.equal('true');
    await waitFor(() => availableDays(widget).length, 'days');
    const lastDayNumber = Number(last.slice(8));
    const offered = availableDays(widget).map((d) => Number(d.textContent));
    expect(Math.max(...offered)).to.be.at.most(lastDayNumber);
  });
});

/** A desk with one free hour a day, 09:00–10:00 in Paris. */
async function createOneSlotDesk(services: Services, vacationUntil?: string): Promise<string> {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    hours: [{ start: '09:00', end: '10:00' }],
  }));
  const today = instantToWallClock(Date.parse(services.now), 'Europe/Paris').date;
  await services.post('/api/2.1/scheduling/companies', {
    name: 'One slot desk',
    externalId: 'one-slot',
    timeZone: 'Europe/Paris',
    scheduledItems: 'service',
    workingHours: days,
    ...(vacationUntil && { vacations: [{ startDate: today.replaceAll('-', '/'), endDate: vacationUntil.replaceAll('-', '/') }] }),
  });
  const staff = await services.post<{ id: string }>('/api/2.1/scheduling/companies/one-slot/staff', {
    firstName: 'Solo',
    lastName: 'Desk',
  });
  const service = await services.post<{ id: string }>('/api/2.1/scheduling/companies/one-slot/services', {
    name: 'The hour',
    duration: 60,
    staff: [{ id: staff.body.id }],
  });
  return service.body.id;
}

describe('booking-widget: finding free times', () => {
  beforeEach(() => clearSharedReads());

  it('opens on the first month that has a free time', async () => {
    const services = await startServices({ companies: ['one-slot'] });
    const today = instantToWallClock(Date.parse(services.now), 'Europe/Paris').date;
    const endOfMonth = addDays(`${addDays(`${today.slice(0, 7)}-28`, 5).slice(0, 7)}-01`, -1);
    const serviceId = await createOneSlotDesk(services, endOfMonth);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'one-slot', serviceId });
    await waitForTimes(widget);
    expect(monthHeading(widget)!.textContent!.trim()).to.equal(monthName(addDays(endOfMonth, 1)));
    expect(selectedDay(widget)?.textContent?.trim()).to.equal('1');
  });

  it('offers the next free time when the chosen day has none left', async () => {
    const services = await startServices({ companies: ['one-slot'] });
    const serviceId = await createOneSlotDesk(services);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'one-slot', serviceId });
    const [first, second] = await deskHours(services, serviceId, 2);
    const day = await loseTheFirstHour(widget, services, serviceId);
    const next = await findByRole(widget, 'button', /^Next available: /);
    // The desk's next hour is the next day's: on the last day of a month, the rest of the month is empty too.
    const monthEmpty = first!.day.slice(0, 7) !== second!.day.slice(0, 7);
    expect(deepText(widget)).to.contain(
      monthEmpty ? 'No free times on this day or any other day this month.' : 'No free times on this day.',
    );
    next.click();
    await waitFor(() => timeButtons(widget).some((b) => b.getAttribute('aria-pressed') === 'true'), 'the next time, chosen');
    expect(selectedDay(widget)!.getAttribute('aria-label')).not.to.equal(day);
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Your details');
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
  });

  it('says so when the chosen day and the rest of its month are both empty, whatever the day', async () => {
    const services = await startServices({ companies: ['one-slot'] });
    const serviceId = await createOneSlotDesk(services);
    const [first] = await deskHours(services, serviceId, 1);
    // Away from the day after the first free hour for 40 days: whichever day of a month that hour falls on, the rest of its month is empty.
    const away = { startDate: addDays(first!.day, 1), endDate: addDays(first!.day, 40) };
    const closed = await services.put('/api/2.1/scheduling/companies/one-slot', {
      vacations: [{ startDate: away.startDate.replaceAll('-', '/'), endDate: away.endDate.replaceAll('-', '/') }],
    });
    expect(closed.status).to.be.below(300);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'one-slot', serviceId });
    await loseTheFirstHour(widget, services, serviceId);
    const next = await findByRole(widget, 'button', /^Next available: /);
    expect(deepText(widget)).to.contain('No free times on this day or any other day this month.');
    expect(deepText(widget)).not.to.contain('No free times on this day.');
    next.click();
    await waitFor(() => timeButtons(widget).some((b) => b.getAttribute('aria-pressed') === 'true'), 'the next time, chosen');
    expect(monthHeading(widget)!.textContent!.trim()).to.equal(monthName(addDays(away.endDate, 1)));
  });
});

/** The desk's first `count` days with a free hour, from the sandbox's today (Paris). */
async function deskHours(services: Services, serviceId: string, count: number) {
  const today = instantToWallClock(Date.parse(services.now), 'Europe/Paris').date;
  const { items } = await services.inspect<{ items: { day: string; slots: string[] }[] }>(
    `/api/2.0/scheduling/companies/one-slot/widget/nextSlots?serviceId=${serviceId}&startDate=${today}&number=${count}`,
  );
  return items;
}

/**
 * The visitor takes the first free hour and fills in the details; someone else books that
 * hour first, and the visitor goes back to the time step from the times offered. Answers the day's label.
 */
async function loseTheFirstHour(widget: BookingWidget, services: Services, serviceId: string): Promise<string | null> {
  await waitForTimes(widget);
  const day = selectedDay(widget)!.getAttribute('aria-label');
  await pickTime(widget);
  fillDetails(widget);
  const other = await services.post<{ id: string }>('/api/2.0/clients', { firstName: 'Grace', lastName: 'Hopper' });
  const [first] = await deskHours(services, serviceId, 1);
  const slot = first!.slots[0]!;
  const taken = await services.post('/api/2.1/scheduling/companies/one-slot/appointments', {
    client: { id: other.body.id },
    service: { id: serviceId },
    start: { dateTime: slot, timeZone: 'Europe/Paris' },
    end: { dateTime: slot.replace('T09:', 'T10:'), timeZone: 'Europe/Paris' },
  });
  expect(taken.status).to.be.below(300);
  bookButton(widget).click();
  // Offered the nearest free times on the details, the visitor goes back to the time step instead.
  const offer = await findByRole(widget, 'group', /that time was just taken/);
  (await findByRole(offer, 'button', 'Choose another time')).click();
  await heading(widget, 'Choose a time');
  return day;
}

describe('booking-widget: several on one page', () => {
  beforeEach(() => clearSharedReads());

  it('work independently and share the company request', async () => {
    const services = await startServices();
    const first = timedFetch();
    const second = timedFetch();
    const container = await fixture<HTMLElement>(
      html`<div>
        <booking-widget company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW} .fetch=${first.fetch}></booking-widget>
        <booking-widget company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW} .fetch=${second.fetch}></booking-widget>
      </div>`,
    );
    const [one, two] = [...container.querySelectorAll<BookingWidget>('booking-widget')] as [BookingWidget, BookingWidget];
    await heading(one, 'Choose a service');
    await heading(two, 'Choose a service');
    const companyCalls = [...first.calls, ...second.calls].filter((c) => /companies\/demo-salon$/.test(c.url));
    expect(companyCalls).to.have.length(1);

    await choose(one, "Men's cut");
    await heading(one, 'Choose who');
    expect(queryAllByRole(two, 'heading', 'Choose a service')).to.have.length(1);
    expect(pressed(two)).to.deep.equal([]);
  });
});
