/**
 * Every part the manifest promises on <booking-widget> can be styled from the page
 * with ::part(), in the state that shows it; and the manifest names every part the
 * elements declare. (`npm run test:browser` writes dist/custom-elements.json first.)
 */
import { expect } from '@open-wc/testing';
import { addDays, endOfMonth, instantToWallClock } from '../../../src/api/index.js';
import { BOOKING_WIDGET_PARTS } from '../../../src/components/booking-widget/booking-widget.parts.js';
import type { BookingWidget } from '../../../src/index.js';
import { allElements, findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { mountManage } from '../support/manage.js';
import { type Services, startServices } from '../support/services.js';
import { bookButton, choose, fillDetails, heading, mountWidget, pickTime, waitForTimes } from '../support/widget.js';

/** Tokens that only qualify another part (`::part(day selected)`); the manifest describes them under it. */
const STATE_TOKENS = ['available', 'selected', 'today'];

async function manifestParts(): Promise<string[]> {
  const manifest = (await (await fetch('/dist/custom-elements.json')).json()) as {
    modules: { declarations?: { tagName?: string; cssParts?: { name: string }[] }[] }[];
  };
  const widget = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'booking-widget')!;
  return widget.cssParts!.map((part) => part.name);
}

/** The parts of `names` that a page rule styles somewhere inside `widget` right now. */
function styledFromThePage(widget: BookingWidget, names: readonly string[]): string[] {
  const styled: string[] = [];
  for (const name of names) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`booking-widget::part(${name}) { scroll-margin-top: 77px; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    if (allElements(widget).some((element) => getComputedStyle(element).scrollMarginTop === '77px')) styled.push(name);
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  }
  return styled;
}

/** A desk with one hour a day and a vacation to the end of this month: its first month has no free time. */
async function deskWithEmptyMonth(services: Services): Promise<string> {
  const today = instantToWallClock(Date.parse(services.now), 'Europe/Paris').date;
  const hours = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    hours: [{ start: '09:00', end: '10:00' }],
  }));
  await services.post('/api/2.1/scheduling/companies', {
    name: 'Empty month desk',
    externalId: 'empty-month',
    timeZone: 'Europe/Paris',
    scheduledItems: 'service',
    workingHours: hours,
    vacations: [{ startDate: today.replaceAll('-', '/'), endDate: addDays(endOfMonth(today), 0).replaceAll('-', '/') }],
  });
  const staff = await services.post<{ id: string }>('/api/2.1/scheduling/companies/empty-month/staff', {
    firstName: 'Solo',
    lastName: 'Desk',
  });
  const service = await services.post<{ id: string }>('/api/2.1/scheduling/companies/empty-month/services', {
    name: 'The hour',
    duration: 60,
    staff: [{ id: staff.body.id }],
  });
  return service.body.id;
}

describe('booking-widget: parts', () => {
  it('documents in its manifest every part its elements declare, and no other', async () => {
    const documented = await manifestParts();
    expect([...documented].sort()).to.deep.equal(BOOKING_WIDGET_PARTS.filter((part) => !STATE_TOKENS.includes(part)).sort());
  });

  it('lets the page style every part of the manifest, each in a state that shows it', async () => {
    const wanted = [...(await manifestParts()), ...STATE_TOKENS];
    const seen = new Set<string>();
    const look = (widget: BookingWidget) =>
      styledFromThePage(
        widget,
        wanted.filter((part) => !seen.has(part)),
      ).forEach((part) => seen.add(part));

    // A whole booking, with fields to correct and a time someone else takes first.
    const services = await startServices({ manage: true, failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
    const widget = await mountWidget({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    look(widget);
    await choose(widget, "Men's cut");
    await heading(widget, 'Choose who');
    look(widget);
    await choose(widget, 'Anyone available');
    await waitForTimes(widget);
    look(widget);
    await pickTime(widget);
    bookButton(widget).click();
    await waitFor(() => getByRole(widget, 'textbox', /^First name/).getAttribute('aria-invalid') === 'true', 'field errors');
    look(widget);
    fillDetails(widget);
    bookButton(widget).click();
    // The notice on the details step, with the times offered instead.
    const notice = await waitFor(() => widget.shadowRoot!.querySelector<HTMLElement>('[part="notice"]'), 'the notice');
    const [offered] = await waitFor(
      () => queryAllByRole(notice, 'button').length > 1 && queryAllByRole(notice, 'button'),
      'the times offered',
    );
    look(widget);
    // Another time: the proxy answers the same booking sent again as it did the first time.
    offered!.click();
    await heading(widget, 'Booking confirmed');
    look(widget);

    // The visitor's link opens manage mode, with its own buttons.
    const link = new URL((await findByRole(widget, 'link', 'Reschedule or cancel')).getAttribute('href')!);
    const managing = await mountManage({ apiBase: services.apiBase, token: new URLSearchParams(link.hash.slice(1)).get('booking')! });
    await findByRole(managing, 'button', 'Reschedule');
    look(managing);

    // A month without free times offers the next one.
    const empty = await startServices({ companies: ['empty-month'] });
    const serviceId = await deskWithEmptyMonth(empty);
    const desk = await mountWidget({ apiBase: empty.apiBase, companyId: 'empty-month', serviceId });
    await waitForTimes(desk);
    getByRole(desk, 'button', 'Previous month').click();
    await findByRole(desk, 'button', /^Next available: /);
    look(desk);

    // A widget that cannot load.
    const original = console.error;
    console.error = () => {};
    try {
      const broken = await mountWidget({ apiBase: services.apiBase, companyId: 'not-served' });
      await waitFor(() => broken.shadowRoot!.querySelector('[role="alert"]'), 'the problem');
      look(broken);
    } finally {
      console.error = original;
    }

    expect(wanted.filter((part) => !seen.has(part))).to.deep.equal([]);
  });
});
