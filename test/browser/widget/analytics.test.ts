import { expect, fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import type { BookedEvent, BookingWidget } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { deepText, findByRole, queryAllByRole, type, waitFor } from '../support/dom.js';
import { joinSalonLine } from '../support/queue-view.js';
import { bookThroughProxy, freeStarts, linkValue } from '../support/manage.js';
import { TEST_NOW } from '../support/now.js';
import { type Services, startServices } from '../support/services.js';
import {
  type Details,
  analyticsListening,
  bookButton,
  choose,
  dropsFirstBookingAnswer,
  fillDetails,
  heading,
  mountWidget,
  nextEvent,
  pickTime,
  waitForTimes,
} from '../support/widget.js';

type Pushed = { event?: string; ecommerce?: Record<string, unknown> | null };
type Page = { dataLayer?: Pushed[]; gtag?: (...args: unknown[]) => void };
const page = window as unknown as Page;

/** Every value a visitor types, marked, so that a scan of what was pushed finds any of them. */
const MARKED: Details = { firstName: 'Markfirst', lastName: 'Marklast', email: 'mark.mail@marked.example', phone: '+1 617 555 0199' };
const MARKS = [/mark/i, /555\s?0199/];

interface AnalyticsMount {
  apiBase: string;
  companyId?: string;
  analytics?: string;
  consent?: string;
  fetch?: typeof fetch;
  token?: string;
}

function mount(options: AnalyticsMount): Promise<BookingWidget> {
  return fixture<BookingWidget>(
    html`<booking-widget
      company-id=${options.companyId ?? 'demo-salon'}
      api-base=${options.apiBase}
      locale="en-US"
      now=${TEST_NOW}
      analytics=${options.analytics ?? 'datalayer'}
      analytics-consent=${options.consent ?? 'granted'}
      booking-token=${options.token ?? nothing}
      .fetch=${options.fetch}
    ></booking-widget>`,
  );
}

/** The GA4 events pushed to the page's dataLayer, in order, without GTM's `{ ecommerce: null }` resets. */
const events = () => (page.dataLayer ?? []).filter((entry) => entry.event);
const names = () => events().map((entry) => entry.event);
const purchases = () => events().filter((entry) => entry.event === 'purchase');

/** Types the marked details, a marked value into every other free-text field of the step (notes, answers), and ticks every box. */
function fillMarked(widget: BookingWidget) {
  fillDetails(widget, MARKED);
  queryAllByRole(widget, 'textbox')
    .filter((field) => ['text', 'textarea'].includes((field as HTMLInputElement).type) && !(field as HTMLInputElement).value)
    // A number question takes a marked number.
    .forEach((field, index) => type(field, field.getAttribute('inputmode') === 'decimal' ? '3' : `Marked answer ${index}`));
  for (const box of queryAllByRole(widget, 'checkbox') as HTMLInputElement[]) if (!box.checked) box.click();
}

function expectNothingPersonal() {
  const pushed = JSON.stringify(page.dataLayer ?? []);
  for (const mark of MARKS) expect(pushed).not.to.match(mark);
}

async function bookMensCut(widget: BookingWidget) {
  await choose(widget, "Men's cut");
  await choose(widget, 'Maya Chen');
  await heading(widget, 'Choose a time');
  await pickTime(widget);
  fillMarked(widget);
  const booked = nextEvent(widget, 'bw-booked');
  bookButton(widget).click();
  await heading(widget, 'Booking confirmed');
  return ((await booked) as BookedEvent).detail.appointment;
}

describe('booking-widget: analytics events', () => {
  beforeEach(() => {
    page.dataLayer = [];
    delete page.gtag;
  });

  // First in the file: the analytics chunk is not yet in the page, as on a visitor's first load (later tests find it there).
  it('opening on the times, a time chosen before the analytics and the lists arrive still begins the checkout, once', async () => {
    const services = await startServices();
    // The company's lists, which follow the first times, are held until the time is chosen: begin_checkout names the service.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetcher: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (/\/(services|staff)$/.test(new URL(request.url).pathname)) await released;
      return window.fetch(request);
    };
    const widget = await mountWidget({
      apiBase: services.apiBase,
      serviceId: '2002',
      staffId: '3001',
      analytics: 'datalayer',
      fetch: fetcher,
    });
    // The analytics are on the widget once they listen for its bookings (as they connect); their first update follows.
    const listening = analyticsListening(widget);
    // Chosen as soon as the times show: the analytics come after them, at the first idle moment.
    (await waitForTimes(widget))[0]!.click();
    // They meet the time chosen while the lists that name its service are still held.
    await listening;
    await widget.updateComplete;
    release();
    await waitFor(() => names().includes('begin_checkout'), 'begin_checkout');
    expect(names().filter((name) => name === 'begin_checkout')).to.have.length(1);
    const [checkout] = events().filter((entry) => entry.event === 'begin_checkout');
    expect((checkout!.ecommerce!.items as { item_name: string }[])[0]!.item_name).to.equal("Men's cut");
  });

  it('is accessible with analytics turned on', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    await expect(widget).to.be.accessible();
  });

  it('pushes nothing while consent is denied, and nothing of the past once it is granted', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, consent: 'denied' });
    await bookMensCut(widget);
    widget.analyticsConsent = 'granted';
    await widget.updateComplete;
    expect(page.dataLayer).to.deep.equal([]);
    // From then on, what the visitor does is counted.
    (await findByRole(widget, 'button', /^Book another/)).click();
    await heading(widget, 'Choose a service');
    await waitFor(() => names().includes('view_item_list'), 'the list, viewed after consent');
    expect(names()).to.deep.equal(['view_item_list']);
  });

  it('pushes nothing with analytics="none", even with consent', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, analytics: 'none' });
    await bookMensCut(widget);
    expect(page.dataLayer).to.deep.equal([]);
  });

  it('takes "dataLayer" as Google Tag Manager spells it, and says once what it does not know rather than send nothing in silence', async () => {
    const services = await startServices();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      await heading(await mount({ apiBase: services.apiBase, analytics: 'dataLayer' }), 'Choose a service');
      await waitFor(() => names().includes('view_item_list'), 'the services, pushed');
      page.dataLayer = [];
      const typo = await mount({ apiBase: services.apiBase, analytics: 'gtm' });
      await choose(typo, "Men's cut");
      await heading(typo, 'Choose who');
      await waitFor(() => warnings.some((line) => line.includes('analytics="gtm" is not one of none, datalayer, gtag')), 'the warning');
      const loose = await mount({ apiBase: services.apiBase, consent: 'yes' });
      await choose(loose, "Men's cut");
      await waitFor(() => warnings.some((line) => line.includes('analytics-consent="yes" is neither')), 'the consent warning');
    } finally {
      console.warn = warn;
    }
    expect(names()).to.deep.equal([]);
    expect(warnings.filter((line) => line.includes('"gtm"'))).to.have.length(1);
  });

  it('service-staff: lists, choices, a time, then one purchase with the reference, price and currency; nothing personal', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase });
    const appointment = await bookMensCut(widget);
    await waitFor(() => purchases().length, 'the purchase');
    expect(names()).to.deep.equal(['view_item_list', 'select_item', 'view_item_list', 'select_item', 'begin_checkout', 'purchase']);
    const [services_, service, staff, maya, checkout, purchase] = events().map((entry) => entry.ecommerce!);
    expect(services_!.item_list_id).to.equal('service');
    expect((services_!.items as { item_name: string }[]).map((item) => item.item_name)).to.include("Men's cut");
    expect(service!.items).to.deep.equal([{ item_id: '2002', item_name: "Men's cut", item_category: 'service', price: 35 }]);
    expect(staff!.item_list_id).to.equal('staff');
    expect(maya!.items).to.deep.equal([{ item_id: '3001', item_name: 'Maya Chen', item_category: 'staff' }]);
    expect(checkout).to.deep.include({ value: 35, currency: 'USD' });
    expect(purchase).to.deep.equal({
      transaction_id: appointment.reference,
      value: 35,
      currency: 'USD',
      items: [{ item_id: '2002', item_name: "Men's cut", item_category: 'service', price: 35, quantity: 1, item_variant: 'Maya Chen' }],
    });
    // GTM keeps what was pushed before: each event is preceded by a reset of `ecommerce`.
    expect(page.dataLayer!.filter((entry) => entry.ecommerce === null)).to.have.length(6);
    expectNothingPersonal();
  });

  it('staff-service, through gtag: the practitioner first, then the service; one purchase', async () => {
    const services = await startServices();
    const calls: unknown[][] = [];
    page.gtag = (...args: unknown[]) => calls.push(args);
    const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-clinic', analytics: 'gtag' });
    await choose(widget, 'Tom Fischer');
    await heading(widget, 'Choose a service');
    await choose(widget, 'Sports massage');
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    fillMarked(widget);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    const { appointment } = ((await booked) as BookedEvent).detail;
    await waitFor(() => calls.some((call) => call[1] === 'purchase'), 'the purchase');
    expect(calls.map((call) => `${call[0]} ${call[1]}`)).to.deep.equal([
      'event view_item_list',
      'event select_item',
      'event view_item_list',
      'event select_item',
      'event begin_checkout',
      'event purchase',
    ]);
    const purchase = calls.at(-1)![2] as Record<string, unknown>;
    expect(purchase).to.deep.include({ transaction_id: appointment.reference, value: 90 });
    expect(JSON.stringify(calls)).not.to.match(MARKS[0]!).and.not.to.match(MARKS[1]!);
    // What the visitor is shown in staff-service mode: only Tom's services.
    expect((calls[2]![2] as { items: { item_name: string }[] }).items.map((item) => item.item_name)).to.deep.equal([
      'Sports massage',
      'Remedial massage',
    ]);
  });

  it('resource mode: the value is the price × the units booked', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-courts' });
    await choose(widget, /^Padel court/);
    const quantity = await findByRole(widget, 'spinbutton', 'How many');
    (quantity as HTMLInputElement).value = '2';
    quantity.dispatchEvent(new Event('change'));
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    fillMarked(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    await waitFor(() => purchases().length, 'the purchase');
    expect(purchases()).to.have.length(1);
    const purchase = purchases()[0]!.ecommerce!;
    expect(purchase).to.deep.include({ value: 64, currency: 'EUR' });
    expect(purchase.items).to.deep.equal([
      { item_id: '6003', item_name: 'Padel court', item_category: 'resource', price: 32, quantity: 2 },
    ]);
    expectNothingPersonal();
  });

  it('several locations: the locations are a list, the one chosen a choice', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west' });
    await heading(widget, 'Choose a location');
    await waitFor(() => names().includes('view_item_list'), 'the locations, viewed');
    const locations = events()[0]!.ecommerce!;
    expect(locations.item_list_id).to.equal('location');
    expect((locations.items as { item_id: string }[]).map((item) => item.item_id)).to.deep.equal(['demo-salon', 'demo-salon-west']);
    await choose(widget, /^Maple Street Hair Studio Mission/);
    await heading(widget, 'Choose a service');
    await waitFor(() => names().length >= 3, 'the choice and the services');
    expect(names().slice(0, 3)).to.deep.equal(['view_item_list', 'select_item', 'view_item_list']);
    expect(events()[1]!.ecommerce!.items).to.deep.equal([
      { item_id: 'demo-salon-west', item_name: 'Maple Street Hair Studio Mission', item_category: 'location' },
    ]);
  });

  it('a time taken meanwhile, then another booked: one purchase, for the booking made', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    const selected = nextEvent(widget, 'bw-slot-select');
    await pickTime(widget);
    const slot = (await selected).detail;
    fillMarked(widget);
    await takeSlot(services, slot.startInCompanyZone, slot.start);
    bookButton(widget).click();
    // The visitor stays on the details, offered the nearest free times; the first books at once.
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    const [first] = await waitFor(() => queryAllByRole(offer, 'button').length > 1 && queryAllByRole(offer, 'button'), 'the times offered');
    expect(purchases()).to.have.length(0);
    const booked = nextEvent(widget, 'bw-booked');
    first!.click();
    const { appointment } = ((await booked) as BookedEvent).detail;
    await waitFor(() => purchases().length, 'the purchase');
    expect(purchases().map((entry) => entry.ecommerce!.transaction_id)).to.deep.equal([appointment.reference]);
    expect(names().filter((name) => name === 'begin_checkout')).to.have.length(2, 'one per time the visitor went to book');
    expectNothingPersonal();
  });

  it('a booking retried after 5xx answers, and one whose answer was lost: one purchase each', async () => {
    const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 503, times: 3 }] });
    const widget = await mount({ apiBase: services.apiBase });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    fillMarked(widget);
    const failed = nextEvent(widget, 'bw-error');
    bookButton(widget).click();
    await failed;
    await waitFor(() => /could not confirm your booking/.test(deepText(widget)), 'the retry message');
    expect(purchases()).to.have.length(0);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    await waitFor(() => purchases().length, 'the purchase');

    // The connection drops after the service booked: the retry gets the same appointment back.
    const other = await startServices();
    const dropping = dropsFirstBookingAnswer();
    const second = await mount({ apiBase: other.apiBase, fetch: dropping.fetch });
    await bookMensCut(second);
    expect(dropping.dropped()).to.equal(true);
    await waitFor(() => purchases().length === 2, 'the second purchase');
    await second.updateComplete;
    expect(purchases()).to.have.length(2);
    expect(new Set(purchases().map((entry) => entry.ecommerce!.transaction_id)).size).to.equal(2);
  });

  it('a cancellation in manage mode is one refund of the booking, and the steps it never showed are not reported', async () => {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const steps: string[] = [];
    const onStep = (event: Event) => steps.push((event as CustomEvent<{ step: string }>).detail.step);
    document.addEventListener('bw-step-change', onStep);
    const widget = await mount({ apiBase: services.apiBase, token: linkValue(appointment) });
    (await findByRole(widget, 'button', 'Cancel booking')).click();
    const cancelled = nextEvent(widget, 'bw-cancelled');
    (await findByRole(widget, 'button', 'Yes, cancel it')).click();
    await cancelled;
    await heading(widget, 'Your booking has been cancelled.');
    await waitFor(() => names().includes('refund'), 'the refund');
    expect(names().filter((name) => name === 'refund')).to.have.length(1);
    expect(events().find((entry) => entry.event === 'refund')!.ecommerce).to.deep.include({
      transaction_id: appointment.reference,
      value: 35,
      currency: 'USD',
    });
    expectNothingPersonal();
    // Only "Your booking" showed: no list viewed, no step entered (the booking's own steps stayed hidden).
    expect(names()).to.deep.equal(['refund']);
    document.removeEventListener('bw-step-change', onStep);
    expect(steps).to.deep.equal([]);
    // A new booking after it is reported from its first step on.
    (await findByRole(widget, 'button', 'Book another appointment')).click();
    await heading(widget, 'Choose a service');
    await waitFor(() => names().includes('view_item_list'), 'the services, viewed');
  });
});

describe('booking-widget: analytics and step changes while the walk-in line shows', () => {
  const NOW = '2026-03-04T15:00:00Z'; // a Wednesday, 10:00 in Boston: the salon's line is open

  beforeEach(() => {
    page.dataLayer = [];
  });

  it('a page reopened from a place’s link shows the line: the booking steps it never showed are not reported (audit 10, A1)', async () => {
    const services = await startServices({ queues: true, now: NOW });
    const joining = await fixture<BookingWidget>(
      html`<booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="en-US" queue="only" now=${NOW}></booking-widget>`,
    );
    const joined = nextEvent(joining, 'bw-queue-joined');
    await joinSalonLine(joining, { ...en, ...queueEn }, 'Ana');
    const placeUrl = (await joined).detail.placeUrl!;
    const steps: string[] = [];
    const onStep = (event: Event) => steps.push((event as CustomEvent<{ step: string }>).detail.step);
    document.addEventListener('bw-step-change', onStep);
    history.replaceState(null, '', new URL(placeUrl).hash);
    try {
      // No `queue` attribute: the link alone makes this widget the line.
      const reopened = await fixture<BookingWidget>(
        html`<booking-widget
          company-id="demo-salon"
          api-base=${services.apiBase}
          locale="en-US"
          now=${NOW}
          analytics="datalayer"
          analytics-consent="granted"
        ></booking-widget>`,
      );
      await heading(reopened, queueEn.yourPlace);
      await reopened.updateComplete;
      expect(steps).to.deep.equal([]);
      expect(names()).not.to.include('view_item_list');
    } finally {
      document.removeEventListener('bw-step-change', onStep);
      history.replaceState(null, '', location.pathname);
    }
  });
});

/** Another visitor books the same time with Maya first (30 minutes, salon time). */
async function takeSlot(services: Services, start: { dateTime: string; timeZone: string }, startIso: string) {
  const other = await services.post<{ id: string }>('/api/2.0/clients', { firstName: 'Grace', lastName: 'Hopper' });
  const end = new Date(Date.parse(startIso) + 30 * 60_000).toLocaleString('sv-SE', { timeZone: 'US/Eastern' }).replace(' ', 'T');
  const taken = await services.post('/api/2.1/scheduling/companies/demo-salon/appointments', {
    client: { id: other.body.id },
    service: { id: '2002' },
    staff: { id: '3001' },
    start,
    end: { dateTime: end, timeZone: 'US/Eastern' },
  });
  expect(taken.status).to.be.within(200, 201);
}
