import { expect, fixture, html } from '@open-wc/testing';
import type { BookedEvent, BookingWidget } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { findByRole, getByRole, waitFor } from '../support/dom.js';
import { TEST_NOW } from '../support/now.js';
import { startServices } from '../support/services.js';
import { bookButton, choices, choose, fillDetails, heading, nextEvent, pickTime, selectedDay } from '../support/widget.js';

const SALON_APPOINTMENTS = '/api/2.1/scheduling/companies/demo-salon/appointments';

/** Runs `test` with the page opened on `search`, as a visitor following a link would land. */
async function onPage<T>(search: string, test: () => Promise<T>): Promise<T> {
  const before = location.href;
  history.replaceState(null, '', `${location.pathname}${search}`);
  try {
    return await test();
  } finally {
    history.replaceState(null, '', before);
  }
}

/** Collects console.warn lines while `run` goes on. */
async function warnings(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return lines;
}

function mount(apiBase: string, prefillFromUrl = true, companyId = 'demo-salon'): Promise<BookingWidget> {
  return fixture<BookingWidget>(
    html`<booking-widget
      company-id=${companyId}
      api-base=${apiBase}
      locale="en-US"
      now=${TEST_NOW}
      ?prefill-from-url=${prefillFromUrl}
    ></booking-widget>`,
  );
}

/**
 * A weekday a week or so after "now", in the salon's zone: a day Maya Chen (3001, weekdays only) works,
 * whatever day of the week the suite's clock is pinned to.
 */
const aWeekOn = () => {
  for (let days = 7; ; days++) {
    const date = new Date(Date.parse(TEST_NOW) + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'US/Eastern' });
    if (![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) return date;
  }
};
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

describe('booking-widget: prefilled links and where the visitor came from', () => {
  it('is accessible on the step a prefilled link opens', async () => {
    const services = await startServices();
    await onPage('?bw_service=2002&bw_staff=3001', async () => {
      const widget = await mount(services.apiBase);
      await heading(widget, 'Choose a time');
      await expect(widget).to.be.accessible();
    });
  });

  it('with prefill-from-url: the service and staff preselected, the time step on bw_date, the details prefilled', async () => {
    const services = await startServices();
    const day = aWeekOn();
    await onPage(
      `?bw_service=2002&bw_staff=3001&bw_date=${day}&bw_first_name=Ada&bw_last_name=Lovelace&bw_email=ada%40example.com`,
      async () => {
        const widget = await mount(services.apiBase);
        await heading(widget, 'Choose a time');
        await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === dayLabel(day), `${dayLabel(day)}, shown`);
        await pickTime(widget);
        expect((getByRole(widget, 'textbox', /^First name/) as HTMLInputElement).value).to.equal('Ada');
        expect((getByRole(widget, 'textbox', /^Last name/) as HTMLInputElement).value).to.equal('Lovelace');
        expect((getByRole(widget, 'textbox', /^Email/) as HTMLInputElement).value).to.equal('ada@example.com');
        // Read once, the visitor's own details leave the address; the choices stay.
        expect(location.search).to.equal(`?bw_service=2002&bw_staff=3001&bw_date=${day}`);
      },
    );
  });

  it('without prefill-from-url, the same link preselects and prefills nothing', async () => {
    const services = await startServices();
    await onPage('?bw_service=2002&bw_first_name=Ada', async () => {
      const widget = await mount(services.apiBase, false);
      await heading(widget, 'Choose a service');
      expect(choices(widget).length).to.be.greaterThan(1);
    });
  });

  it('drops what the catalog does not hold, naming the parameter in a warning; the visitor chooses', async () => {
    const services = await startServices();
    const lines = await warnings(() =>
      onPage('?bw_service=9999&bw_date=tomorrow&bw_location=elsewhere', async () => {
        const widget = await mount(services.apiBase);
        await heading(widget, 'Choose a service');
        await waitFor(() => choices(widget).length > 1, 'the services');
      }),
    );
    const said = lines.join('\n');
    expect(said).to.match(/bw_service "9999" is not offered here/);
    expect(said).to.match(/bw_date "tomorrow" is not offered here/);
    expect(said).to.match(/bw_location "elsewhere" is not offered here/);
  });

  it('bw_location picks one of several locations: its services come first, and the visitor may still choose the other', async () => {
    const services = await startServices();
    await onPage('?bw_location=demo-salon-west', async () => {
      const widget = await mount(services.apiBase, true, 'demo-salon demo-salon-west');
      await heading(widget, 'Choose a service');
      expect(widget.locationId).to.equal('demo-salon-west');
      // The page's own setting stays as it wrote it (audit 10, A3): the link chose among its locations, it did not remove them.
      expect(widget.companyId).to.equal('demo-salon demo-salon-west');
      (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
      await heading(widget, 'Choose a location');
      await choose(widget, 'Maple Street Hair Studio');
      await heading(widget, 'Choose a service');
      expect(widget.locationId).to.equal('demo-salon');
    });
  });

  it('sends the campaign with the booking: the sandbox holds it, bw-booked carries it, nothing personal in it, no ad click id without consent', async () => {
    const services = await startServices();
    await onPage('?utm_source=news&utm_campaign=spring&gclid=x&bw_service=2002&bw_staff=3001&bw_first_name=Ada', async () => {
      const widget = await mount(services.apiBase);
      await heading(widget, 'Choose a time');
      await pickTime(widget);
      fillDetails(widget);
      const booked = nextEvent(widget, 'bw-booked');
      bookButton(widget).click();
      const { detail } = (await booked) as BookedEvent;
      const expected = {
        utm_source: 'news',
        utm_campaign: 'spring',
        landingPage: `${location.origin}${location.pathname}`,
      };
      expect(detail.attribution).to.deep.include(expected);
      expect(JSON.stringify(detail.attribution)).not.to.match(/Ada|bw_/);
      // The ad click's id needs the visitor's consent, which this page never gave (e2e campaign.test gives it).
      expect(detail.attribution).not.to.have.property('gclid');
      // The browser's answer never had it: only the event, from what the widget sent.
      expect(JSON.stringify(detail.appointment)).not.to.match(/spring/);
      const { items } = await services.inspect<{
        items: { reference: string; extendedProperties?: { private?: { attribution?: object } } }[];
      }>(SALON_APPOINTMENTS);
      const mine = items.find((item) => item.reference === detail.appointment.reference)!;
      expect(mine.extendedProperties?.private?.attribution).to.deep.include(expected);
    });
  });
});
