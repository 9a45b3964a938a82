/**
 * Manage mode (#13): a visitor opens their link, sees their booking, moves it or
 * cancels it; the widget → proxy → sandbox chain runs for real.
 */
import { expect } from '@open-wc/testing';
import { wallClockToInstant } from 'booking-widget-shared/zone';
import type { Appointment } from 'booking-widget-shared/types';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import {
  allElements,
  deepActiveElement,
  deepText,
  findByRole,
  getByRole,
  nameOf,
  queryAllByRole,
  roleOf,
  waitFor,
} from '../support/dom.js';
import {
  SALON,
  bookThroughProxy,
  freeStarts,
  linkValue,
  mountBehindProxyNotice,
  mountManage,
  setSelfServiceRules,
} from '../support/manage.js';
import { startServices } from '../support/services.js';
import { ADA, bookButton, choose, fillDetails, heading, mountWidget, nextEvent, pickTime, waitForTimes } from '../support/widget.js';

describe('booking-widget: manage mode', () => {
  it('the confirmation links to manage the booking; the link is in bw-booked, the .ics file and Google Calendar', async () => {
    const services = await startServices({ manage: true });
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    fillDetails(widget, ADA);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    const { detail } = await booked;
    await heading(widget, 'Booking confirmed');
    const link = (await findByRole(widget, 'link', 'Reschedule or cancel')) as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.origin + url.pathname).to.equal(location.origin + location.pathname);
    expect(new URLSearchParams(url.hash.slice(1)).get('booking')).to.equal(`${detail.appointment.id}:${detail.appointment.manageToken}`);
    expect(detail.manageUrl).to.equal(link.href);
    // In the accent's link colour, as the confirmation's other links, not the browser's default blue.
    const calendarLink = getByRole(widget, 'link', 'Download .ics file');
    expect(getComputedStyle(link).color).to.equal(getComputedStyle(calendarLink).color);
    expect(getComputedStyle(link).color).not.to.equal('rgb(0, 0, 238)');
    const ics = decodeURIComponent((getByRole(widget, 'link', 'Download .ics file') as HTMLAnchorElement).href);
    expect(ics.replace(/\r\n /g, '')).to.include(`Reschedule or cancel: ${link.href.replace(/,/g, '\\,').replace(/;/g, '\\;')}`);
    const google = new URL(
      (queryAllByRole(widget, 'link').find((a) => (a as HTMLAnchorElement).href.includes('calendar.google.com')) as HTMLAnchorElement).href,
    );
    expect(google.searchParams.get('details')).to.include(link.href);
  });

  it('without manage links on the proxy, the confirmation offers none', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await pickTime(widget);
    fillDetails(widget, ADA);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    expect((await booked).detail.manageUrl).to.equal(undefined);
    await heading(widget, 'Booking confirmed');
    expect(queryAllByRole(widget, 'link', 'Reschedule or cancel')).to.have.length(0);
  });

  it('shows the booking: what, with whom, when, the reference; no steps of a new booking', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    await heading(widget, 'Your booking');
    const text = deepText(widget);
    expect(text).to.include("Men's cut");
    expect(text).to.include('Maya Chen');
    expect(text).to.include(appointment.reference);
    expect(text).to.match(/\(Eastern/);
    expect(queryAllByRole(widget, 'navigation')).to.have.length(0);
    getByRole(widget, 'button', 'Reschedule');
    getByRole(widget, 'button', 'Cancel booking');
  });

  it('reads the link from the page URL parameter, whose name can be changed', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const before = location.href;
    history.replaceState(null, '', `?visit=${encodeURIComponent(linkValue(appointment))}`);
    try {
      const widget = await mountManage({ apiBase: services.apiBase });
      await heading(widget, 'Choose a service');
      widget.setAttribute('manage-param', 'visit');
      await heading(widget, 'Your booking');
      expect(deepText(widget)).to.include(appointment.reference);
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('reschedules: a new time from the time step, a confirmation, then the sandbox has it moved and the old time free', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    await heading(widget, 'Your booking');
    (await findByRole(widget, 'button', 'Reschedule')).click();
    await heading(widget, 'Choose a new time');
    const times = await waitForTimes(widget);
    times[0]!.click();
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Confirm the new time');
    expect(deepText(widget)).to.include('Current time');
    const moved = nextEvent(widget, 'bw-rescheduled');
    (await findByRole(widget, 'button', 'Move booking')).click();
    const { detail } = await moved;
    await heading(widget, 'Your booking has been moved.');
    const stored = await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`);
    expect(stored.start.dateTime).to.equal(detail.appointment.start.dateTime);
    expect(stored.start.dateTime).not.to.equal(start);
    expect(detail.previousStart).to.equal(wallClockToInstant(start!.slice(0, 10), start!.slice(11), 'US/Eastern')!.toISOString());
    expect(await freeStarts(services)).to.include(start);
    // The calendar entry made at booking says the old time: the same event (its UID) again, at the new one.
    const ics = decodeURIComponent(((await findByRole(widget, 'link', 'Download .ics file')) as HTMLAnchorElement).href).replace(
      /\r\n /g,
      '',
    );
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const { dateTime, timeZone } = detail.appointment.start;
    const newStart = wallClockToInstant(dateTime.slice(0, 10), dateTime.slice(11), timeZone)!;
    expect(ics).to.include(`UID:${appointment.id}@booking-widget`);
    expect(ics).to.include(`DTSTART:${stamp(newStart.toISOString())}`);
    expect(ics).to.include(`SUMMARY:${appointment.service!.name} — Maple Street`);
    const google = new URL(getByRole(widget, 'link', /^Google Calendar/).getAttribute('href')!);
    expect(google.searchParams.get('dates')!.split('/')[0]).to.equal(stamp(newStart.toISOString()));
  });

  it('a time taken meanwhile keeps the visitor in the time step, with a notice, and the booking unchanged', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    // Someone else books the very time the visitor confirms, just before the widget's request arrives.
    const racing: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Pick<Appointment, 'start' | 'end'>;
        await services.post(`${SALON}/appointments`, {
          client: { id: '5002' },
          service: { id: '2002' },
          staff: { id: '3001' },
          start: body.start,
          end: body.end,
        });
      }
      return fetch(input, init);
    };
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), fetch: racing });
    (await findByRole(widget, 'button', 'Reschedule')).click();
    (await waitForTimes(widget))[0]!.click();
    (await findByRole(widget, 'button', 'Continue')).click();
    (await findByRole(widget, 'button', 'Move booking')).click();
    await heading(widget, 'Choose a new time');
    await waitFor(() => deepText(widget).includes('Sorry, that time was just taken'), 'the notice');
    expect((await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`)).start.dateTime).to.equal(start);
  });

  it('cancels after a confirmation: the sandbox no longer has it', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    (await findByRole(widget, 'button', 'Cancel booking')).click();
    await heading(widget, 'Cancel this booking?');
    (await findByRole(widget, 'button', 'Keep booking')).click();
    await heading(widget, 'Your booking');
    (await findByRole(widget, 'button', 'Cancel booking')).click();
    const cancelled = nextEvent(widget, 'bw-cancelled');
    (await findByRole(widget, 'button', 'Yes, cancel it')).click();
    expect((await cancelled).detail.appointment.id).to.equal(appointment.id);
    await heading(widget, 'Your booking has been cancelled.');
    const gone = await services.inspect<{ error: { code: number } }>(`${SALON}/appointments/${appointment.id}`);
    expect(gone.error.code).to.equal(404);

    // Not a dead end: a new booking starts here, focus on its first step, the old link forgotten.
    (await findByRole(widget, 'button', en.bookAnother)).click();
    const first = await heading(widget, 'Choose a service');
    await waitFor(() => deepActiveElement() === first, 'focus on the first step');
    expect(deepText(widget)).not.to.include('Your booking has been cancelled.');
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await pickTime(widget);
    fillDetails(widget);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    expect((await booked).detail.appointment.id).not.to.equal(appointment.id);
    await heading(widget, 'Booking confirmed');
  });

  it('a cancellation the service is slow to answer says it is taking longer than usual, under the buttons', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Every change waits; reads go through.
    const slow: typeof fetch = async (input, init) =>
      (init?.method ?? 'GET') === 'GET' ? fetch(input, init) : answered.then(() => fetch(input, init));
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), fetch: slow });
    (await findByRole(widget, 'button', 'Cancel booking')).click();
    document.body.style.setProperty('--bw-slow-after', '0s');
    try {
      (await findByRole(widget, 'button', 'Yes, cancel it')).click();
      const notice = await waitFor(
        () =>
          allElements(widget).find(
            (element) => element.textContent === en.slowAnswer && element.checkVisibility({ visibilityProperty: true }),
          ),
        'the notice',
      );
      expect(roleOf(notice)).to.equal('status');
      answer();
      await heading(widget, 'Your booking has been cancelled.');
      expect(deepText(widget)).not.to.include(en.slowAnswer);
    } finally {
      document.body.style.removeProperty('--bw-slow-after');
    }
  });

  it('inside the notice window: says why it cannot be moved, offers what is still allowed, and how to reach the company', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    await setSelfServiceRules(services, { rescheduleNoticeMinutes: 60 * 24 * 30, allowCancel: false });
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    await heading(widget, 'Your booking');
    const text = deepText(widget);
    expect(text).to.match(/Bookings can be moved online up to .+ before they start\./);
    expect(text).to.include('This booking cannot be cancelled online.');
    expect(queryAllByRole(widget, 'button', 'Reschedule')).to.have.length(0);
    expect(queryAllByRole(widget, 'button', 'Cancel booking')).to.have.length(0);
    expect((getByRole(widget, 'link', '+1 617 555 0100') as HTMLAnchorElement).href).to.equal('tel:+16175550100');
    expect((getByRole(widget, 'link', 'hello@maplestreet.example.com') as HTMLAnchorElement).href).to.equal(
      'mailto:hello@maplestreet.example.com',
    );
  });

  it('offers new times only beyond the reschedule notice, so the move the visitor confirms goes through', async () => {
    const services = await startServices({ manage: true });
    const notice = 3 * 24 * 60;
    const far = Date.parse(services.now) + (notice + 24 * 60) * 60_000;
    const start = (await freeStarts(services)).find((s) => wallClockToInstant(s.slice(0, 10), s.slice(11), 'US/Eastern')!.getTime() >= far);
    const appointment = await bookThroughProxy(services, start!);
    await setSelfServiceRules(services, { rescheduleNoticeMinutes: notice });
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    (await findByRole(widget, 'button', 'Reschedule')).click();
    (await waitForTimes(widget))[0]!.click();
    (await findByRole(widget, 'button', 'Continue')).click();
    (await findByRole(widget, 'button', 'Move booking')).click();
    await heading(widget, 'Your booking has been moved.');
    const moved = await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`);
    const movedAt = wallClockToInstant(moved.start.dateTime.slice(0, 10), moved.start.dateTime.slice(11), 'US/Eastern')!.getTime();
    expect(movedAt - Date.parse(services.now)).to.be.at.least(notice * 60_000);
  });

  it('a booking cancelled meanwhile (by the merchant, say): the move fails and the screen says the booking no longer exists', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
    (await findByRole(widget, 'button', 'Reschedule')).click();
    (await waitForTimes(widget))[0]!.click();
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Confirm the new time');
    await services.remove(`${SALON}/appointments/${appointment.id}`);
    (await findByRole(widget, 'button', 'Move booking')).click();
    await waitFor(() => deepText(widget).includes('This booking no longer exists.'), 'the booking gone');
    expect(deepText(widget)).to.include('Your booking could not be changed.');
    expect(queryAllByRole(widget, 'button', 'Move booking')).to.have.length(0);
    // The company's phone, once, to ask about it.
    expect(queryAllByRole(widget, 'link', /^\+1 617 555 0100/)).to.have.length(1);
  });

  const LANGUAGES: [string, Messages & ManageMessages][] = [
    ['en-US', { ...en, ...manageEn }],
    ['ar', { ...ar, ...manageAr }],
  ];
  for (const [locale, m] of LANGUAGES) {
    it(`a move the proxy refuses because the notice window started on its clock, not yet on the page's: too late to change online, the company's phone and e-mail, focus on the heading, said once (${locale})`, async () => {
      const services = await startServices({ manage: true });
      // The page's clock ten minutes behind the proxy's: it offers the move (its first time is after the booking's), the proxy refuses it.
      const { widget, appointment, start } = await mountBehindProxyNotice(services, { locale });
      (await findByRole(widget, 'button', m.reschedule)).click();
      (await waitForTimes(widget))[0]!.click();
      (await findByRole(widget, 'button', m.continue)).click();
      (await findByRole(widget, 'button', m.moveBooking)).click();

      await waitFor(() => {
        const focused = deepActiveElement();
        return focused && roleOf(focused) === 'heading' && nameOf(focused) === m.yourBooking;
      }, 'focus on the booking heading');
      const text = deepText(widget);
      expect(text).to.include(m.notChanged);
      expect(text).to.include(m.tooLate);
      expect(text).not.to.include(m.changeFailed, 'trying again cannot help');
      expect(text).to.include(m.contactUs);
      expect((getByRole(widget, 'link', '+1 617 555 0100') as HTMLAnchorElement).href).to.equal('tel:+16175550100');
      expect((getByRole(widget, 'link', 'hello@maplestreet.example.com') as HTMLAnchorElement).href).to.equal(
        'mailto:hello@maplestreet.example.com',
      );
      expect(queryAllByRole(widget, 'button', m.reschedule)).to.have.length(0);
      getByRole(widget, 'button', m.cancelBooking);
      // One voice says it: the alert that shows it, not the widget's live regions as well.
      const voices = allElements(widget).filter((e) => ['alert', 'status'].includes(roleOf(e) ?? '') || e.hasAttribute('aria-live'));
      expect(voices.filter((voice) => voice.textContent?.includes(m.tooLate))).to.have.length(1);
      expect((await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`)).start.dateTime).to.equal(start);
    });
  }

  it('a forged or expired link says so, and offers nothing to change', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: `${appointment.id}:${appointment.manageToken.slice(0, -3)}xyz` });
    await waitFor(() => deepText(widget).includes('This link is not valid or has expired.'), 'the refusal');
    expect(queryAllByRole(widget, 'button', 'Reschedule')).to.have.length(0);
    // Not a dead end: the company's phone and e-mail, to ask them instead.
    expect(getByRole(widget, 'link', /^\+1 617 555 0100/).getAttribute('href')).to.equal('tel:+16175550100');
    expect(getByRole(widget, 'link', /^hello@maplestreet/).getAttribute('href')).to.equal('mailto:hello@maplestreet.example.com');
  });

  it('with an access token (the merchant signed in, no proxy) the appointment id alone opens it', async () => {
    const services = await startServices({ proxy: false });
    const widget = await mountManage({ apiBase: services.apiBase, token: '4004', accessToken: services.accessToken! });
    await heading(widget, 'Your booking');
    await waitFor(() => deepText(widget).includes('SBX-SAL004'), 'the seeded booking');
  });
});
