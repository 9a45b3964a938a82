import { expect } from '@open-wc/testing';
import type { BookingErrorEvent } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, deepText, findByRole, getByRole, nameOf, queryAllByRole, type, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import {
  ADA,
  type SandboxAppointment,
  bookButton,
  choose,
  fillDetails,
  heading,
  mountWidget,
  nextEvent,
  toDetails,
  waitForTimes,
} from '../support/widget.js';

const SALON_APPOINTMENTS = '/api/2.1/scheduling/companies/demo-salon/appointments';

/** Collects console.error lines while `run` goes on. */
async function consoleErrors(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.error = original;
  }
  return lines;
}

describe('booking-widget: when booking goes wrong', () => {
  it('a time taken at Book is no dead end: three free times offered, the details kept, Enter books the first', async () => {
    const services = await startServices();
    const { widget, slot } = await toDetails(services.apiBase);
    fillDetails(widget);
    // Another visitor takes the same time with the same stylist first.
    const other = await services.post<{ id: string }>('/api/2.0/clients', { firstName: 'Grace', lastName: 'Hopper' });
    const start = slot.detail.startInCompanyZone;
    const end = new Date(new Date(slot.detail.start).getTime() + 30 * 60_000);
    const endWall = end.toLocaleString('sv-SE', { timeZone: 'US/Eastern' }).replace(' ', 'T');
    const taken = await services.post(SALON_APPOINTMENTS, {
      client: { id: other.body.id },
      service: { id: '2002' },
      staff: { id: slot.detail.staffId },
      start,
      end: { dateTime: endWall, timeZone: 'US/Eastern' },
    });
    expect(taken.status).to.be.within(200, 201);

    const gone = nextEvent(widget, 'bw-slot-gone');
    bookButton(widget).click();
    const { detail } = await gone;
    expect(detail.start).to.equal(slot.detail.start);
    expect(detail.alternatives).to.have.length(3);
    expect(detail.alternatives).not.to.include(slot.detail.start);
    expect([...detail.alternatives].sort()).to.deep.equal(detail.alternatives, 'in time order');

    // Said where the visitor is, each time in the company's zone (the display zone here), its day named when not the same.
    const offer = await findByRole(widget, 'group', /that time was just taken\. These 3 times are still free:/);
    const day = (instant: string) => new Date(instant).toLocaleDateString('en-CA', { timeZone: 'US/Eastern' });
    const label = (instant: string) =>
      day(instant) === day(slot.detail.start)
        ? new Date(instant).toLocaleTimeString('en-US', { timeZone: 'US/Eastern', hour: 'numeric', minute: '2-digit' })
        : new Date(instant).toLocaleString('en-US', { timeZone: 'US/Eastern', dateStyle: 'full', timeStyle: 'short' });
    const offered = queryAllByRole(offer, 'button');
    // Each says it books, and the line above says what they are for: the service, the stylist, the day and the zone.
    expect(offered.map((button) => button.textContent!.trim())).to.deep.equal([
      ...detail.alternatives.map((start) => `Book ${label(start)}`),
      'Choose another time',
    ]);
    const takenDay = new Date(slot.detail.start).toLocaleDateString('en-US', {
      timeZone: 'US/Eastern',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    expect(nameOf(offer)).to.match(new RegExp(`still free: Men.s cut · .+ · ${takenDay} \\(Eastern Time\\)$`));
    await heading(widget, 'Your details');
    await waitFor(() => deepActiveElement() === offered[0], 'focus on the first time offered');
    expect((getByRole(widget, 'textbox', /^First name/) as HTMLInputElement).value).to.equal(ADA.firstName);
    expect((getByRole(widget, 'textbox', /^Email/) as HTMLInputElement).value).to.equal(ADA.email);
    expect((getByRole(widget, 'checkbox', /privacy policy/) as HTMLInputElement).checked).to.equal(true);

    // One key press: the first time offered is chosen and booked.
    const booked = nextEvent(widget, 'bw-booked');
    const holdNotes: string[] = [];
    const notes = new MutationObserver(() => {
      const note = widget.shadowRoot!.querySelector('.hold-note')?.textContent?.trim();
      if (note && note !== holdNotes.at(-1)) holdNotes.push(note);
    });
    notes.observe(widget.shadowRoot!, { subtree: true, childList: true, characterData: true });
    await sendKeys({ press: 'Enter' });
    const { appointment } = (await booked).detail;
    notes.disconnect();
    // The time is held as it books: "while you fill in your details" is not said to a visitor who has just booked.
    expect(holdNotes, 'the hold note, while the booking was on its way').to.deep.equal([]);
    const wall = new Date(detail.alternatives[0]!).toLocaleString('sv-SE', { timeZone: 'US/Eastern' }).replace(' ', 'T');
    expect(appointment.start.dateTime.slice(0, 16)).to.equal(wall.slice(0, 16));
    await heading(widget, 'Booking confirmed');
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>(SALON_APPOINTMENTS);
    expect(items.filter((item) => item.client.lastName === 'Lovelace')).to.have.length(1);
  });

  it('a time offered with the details not complete is chosen, and the form says what is missing', async () => {
    const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
    const { widget } = await toDetails(services.apiBase);
    fillDetails(widget);
    bookButton(widget).click();
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    const [first] = await waitFor(() => queryAllByRole(offer, 'button').length > 1 && queryAllByRole(offer, 'button'), 'the times offered');
    const email = getByRole(widget, 'textbox', /^Email/) as HTMLInputElement;
    type(email, '');
    const selected = nextEvent(widget, 'bw-slot-select');
    first!.click();
    await selected;
    await waitFor(() => deepActiveElement() === getByRole(widget, 'textbox', /^Email/), 'focus on the field to complete');
    expect(queryAllByRole(widget, 'group', /that time was just taken/)).to.have.length(0);
    // The summary is back, with the time chosen: "Book 9:45 AM" named it.
    expect(deepText(widget)).to.contain(first!.textContent!.trim().replace(/^Book /, ''));
    type(getByRole(widget, 'textbox', /^Email/), ADA.email);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
  });

  it('with no other free time, says so and offers the times', async () => {
    const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
    // Nothing else is free: every free-time answer after the first screen is empty.
    let empty = false;
    const emptying: typeof fetch = async (input, init) => {
      const url = String(input);
      if (empty && /\/widget\/(freeSlots|nextSlots)/.test(url)) return Response.json({ items: [] });
      return fetch(input, init);
    };
    const { widget } = await toDetails(services.apiBase, emptying);
    fillDetails(widget);
    empty = true;
    const gone = nextEvent(widget, 'bw-slot-gone');
    bookButton(widget).click();
    expect((await gone).detail.alternatives).to.deep.equal([]);
    const offer = await findByRole(widget, 'group', /that time was just taken\. Please choose another one\./);
    const another = getByRole(offer, 'button', 'Choose another time');
    await waitFor(() => deepActiveElement() === another, 'focus on the way back to the times');
    another.click();
    await heading(widget, 'Choose a time');
  });
});

describe('booking-widget: when free times cannot be loaded', () => {
  it('tells the page (bw-error, phase slots), shows why with a retry, and shows the times once it works', async () => {
    const services = await startServices({ failures: [{ path: '/widget/freeSlots', status: 400, times: 1 }] });
    const widget = await mountWidget({ apiBase: services.apiBase });
    await choose(widget, "Men's cut");
    const failed = nextEvent(widget, 'bw-error');
    const errors = await consoleErrors(async () => {
      await choose(widget, 'Anyone available');
      const { detail } = (await failed) as BookingErrorEvent;
      expect(detail).to.include({ phase: 'slots', status: 400, errorCode: 'INVALID_PARAMETER' });
    });
    // Not something a retry fixes: the merchant hears of it in the console as well.
    expect(errors.join('\n')).to.contain('400 INVALID_PARAMETER');
    await waitFor(
      () => queryAllByRole(widget, 'alert').some((a) => a.textContent!.includes('Something went wrong while loading')),
      'the alert',
    );
    getByRole(widget, 'button', 'Try again').click();
    await waitForTimes(widget);
  });
});

describe('booking-widget: misconfiguration', () => {
  const problemText = (widget: Element) => queryAllByRole(widget, 'alert')[0]?.textContent?.trim();

  it('explains a missing company-id', async () => {
    const services = await startServices();
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      widget = await mountWidget({ apiBase: services.apiBase, companyId: '' });
      await waitFor(() => problemText(widget), 'a message');
    });
    expect(problemText(widget)).to.equal('Online booking is not available right now.');
    expect(errors.join('\n')).to.contain('the company-id attribute is required');
  });

  it('explains an unknown company', async () => {
    const services = await startServices({ proxy: false });
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      widget = await mountWidget({ apiBase: services.apiBase, companyId: 'no-such-company', accessToken: services.accessToken! });
      await waitFor(() => problemText(widget), 'a message');
    });
    expect(problemText(widget)).to.equal('Online booking is not available right now.');
    expect(errors.join('\n')).to.contain('company "no-such-company" was not found').and.contain('company-id');
  });

  it('warns on the console of an attribute it does not know (a typo TypeScript lets through in React and Solid), and of none it knows', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      const services = await startServices();
      const widget = await mountWidget({ apiBase: services.apiBase });
      await heading(widget, 'Choose a service');
      expect(warnings.filter((line) => line.includes('unknown attribute'))).to.deep.equal([]);
      const typo = document.createElement('booking-widget');
      typo.setAttribute('compnay-id', 'demo-salon');
      typo.setAttribute('data-section', 'booking');
      typo.setAttribute('aria-label', 'Booking');
      document.body.append(typo);
      await waitFor(() => warnings.find((line) => line.includes('"compnay-id"')), 'the warning');
      expect(warnings.filter((line) => line.includes('unknown attribute'))).to.have.length(1);
      expect(warnings.join('\n')).to.contain('company-id');
      typo.remove();
    } finally {
      console.warn = original;
    }
  });

  it('explains an unreachable API and offers to try again', async () => {
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      widget = await mountWidget({ apiBase: 'http://127.0.0.1:9/booking-api' });
      await waitFor(() => problemText(widget), 'a message');
    });
    expect(problemText(widget)).to.contain('cannot be reached');
    expect(getByRole(widget, 'button', 'Try again')).to.be.instanceOf(HTMLButtonElement);
    expect(errors.join('\n')).to.contain('could not be reached').and.contain('api-base');
    // Another origin: a proxy that does not list this page refuses it unreadably, so that is named as the likely cause.
    expect(errors.join('\n')).to.contain(`add ${location.origin} to BOOKING_PROXY_ORIGINS`);
  });

  it('explains a 401 (no credentials) and a 403 (company not served by the proxy)', async () => {
    const direct = await startServices({ proxy: false });
    const proxied = await startServices();
    let unauthorized!: Element;
    let forbidden!: Element;
    const errors = await consoleErrors(async () => {
      unauthorized = await mountWidget({ apiBase: direct.apiBase });
      forbidden = await mountWidget({ apiBase: proxied.apiBase, companyId: 'not-served' });
      await waitFor(() => problemText(unauthorized) && problemText(forbidden), 'messages');
    });
    expect(problemText(unauthorized)).to.equal('Online booking is not available right now.');
    expect(problemText(forbidden)).to.equal('Online booking is not available right now.');
    // By the status in parentheses: a test server's path can hold the same digits (/svc/s403).
    expect(errors.find((line) => line.includes('(401 '))).to.contain('credentials');
    expect(errors.find((line) => line.includes('(403 '))).to.contain('serves company "not-served"');
  });

  it('ignores an unknown service-id or display-time-zone, saying so', async () => {
    const services = await startServices();
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      widget = await mountWidget({ apiBase: services.apiBase, serviceId: 'nope', displayTimeZone: 'Mars/Olympus' });
      await heading(widget, 'Choose a service');
    });
    expect(errors.join('\n')).to.contain('service-id "nope" is not bookable online').and.contain('display-time-zone "Mars/Olympus"');
    await choose(widget, "Men's cut");
    await choose(widget, 'Anyone available');
    await waitFor(() => deepText(widget).includes('Times are shown in Eastern Time.'), 'the company zone');
  });

  it('drops a preselection the company does not offer even when the page opens on the times, once the lists say so', async () => {
    const services = await startServices();
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2006', staffId: '3001' });
      // Bridal trial (2006) is back-office only: the visitor is asked to choose instead.
      await heading(widget, 'Choose a service');
    });
    expect(errors.join('\n')).to.contain('service-id "2006" is not bookable online');
    // Maya Chen (3001) is offered online: she stays chosen, and her times follow the service.
    await choose(widget, "Men's cut");
    await heading(widget, 'Choose a time');
    await waitForTimes(widget);
  });

  it('asks who, rather than show times that can never load, when the preselected staff member does not perform the service', async () => {
    const services = await startServices();
    let widget!: Element;
    const errors = await consoleErrors(async () => {
      // Priya Patel (3003) exists, but does not do a Men's cut (2002): a link older than the salon's new rota.
      widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3003' });
      await heading(widget, 'Choose who');
    });
    expect(errors.join('\n')).to.contain('staff-id "3003" does not perform service-id "2002"');
    expect(deepText(widget)).not.to.include(en.loadFailed);
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    await waitForTimes(widget);
  });
});
