/**
 * The visitor's link in the page's address (issue 29, points 5 and 10; issue 31, point 4):
 * in the fragment, read and then removed from the address bar; from a widget with
 * several locations, opening the booking at its own location, without the location step.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { deepText, queryAllByRole } from '../support/dom.js';
import { bookThroughProxy, freeStarts, linkValue } from '../support/manage.js';
import { startServices } from '../support/services.js';
import { bookButton, choose, fillDetails, heading, mountWidget, nextEvent, pickTime } from '../support/widget.js';

const BOTH = 'demo-salon demo-salon-west';

/** Runs `test` on a page whose address is `href` and whose router keeps `state`; the address is put back afterwards. */
async function onPage(href: string, state: object, test: () => Promise<void>): Promise<void> {
  const before = location.href;
  history.replaceState(state, '', href);
  try {
    await test();
  } finally {
    history.replaceState(null, '', before);
  }
}

describe('booking-widget: the manage link in the address', () => {
  it('a link from a widget with several locations opens the booking at its location, from the fragment, and leaves the address clean', async () => {
    const services = await startServices({ manage: true });
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: BOTH });
    await choose(widget, /^Maple Street Hair Studio Mission/);
    await choose(widget, /^Beard trim/);
    await choose(widget, /^Diego Alvarez/);
    await pickTime(widget);
    fillDetails(widget);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    const { detail } = await booked;
    const link = new URL(detail.manageUrl!);
    // In the fragment, which no server or analytics receives; the booking's own location with it.
    expect(link.searchParams.has('booking')).to.equal(false);
    const { id, manageToken } = detail.appointment;
    expect(new URLSearchParams(link.hash.slice(1)).get('booking')).to.equal(`${id}:${manageToken}:demo-salon-west`);

    const paths: string[] = [];
    const recording: typeof fetch = (input, init) => {
      paths.push(decodeURIComponent(new URL(input instanceof Request ? input.url : String(input)).pathname));
      return fetch(input, init);
    };
    // The visitor follows the link: a page whose address holds it, and whose router keeps a state of its own.
    await onPage(`${link.pathname}?utm_source=mail${link.hash}&tab=2`, { route: 'booking' }, async () => {
      const managing = await mountWidget({ apiBase: services.apiBase, companyId: BOTH, fetch: recording });
      await heading(managing, 'Your booking');
      expect(deepText(managing)).to.include('Beard trim');
      expect(queryAllByRole(managing, 'heading', 'Choose a location')).to.have.length(0);
      expect(paths.some((path) => path.endsWith(`/companies/demo-salon-west/appointments/${id}`))).to.equal(true);
      expect(
        paths.filter((path) => path.includes(' ')),
        'no path with the whole company-id in one segment',
      ).to.deep.equal([]);
      // Gone from the address bar; the rest of the address and the router's state as they were.
      expect(location.search).to.equal('?utm_source=mail');
      expect(location.hash).to.equal('#tab=2');
      expect(history.state).to.deep.equal({ route: 'booking' });
    });
  });

  it('a link already sent in the query form still opens the booking, and leaves the address too', async () => {
    const services = await startServices({ manage: true });
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await pickTime(widget);
    fillDetails(widget);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    const { appointment } = (await booked).detail;
    await onPage(`${location.pathname}?booking=${appointment.id}:${appointment.manageToken}&lang=en`, {}, async () => {
      const managing = await mountWidget({ apiBase: services.apiBase });
      await heading(managing, 'Your booking');
      expect(deepText(managing)).to.include(appointment.reference!);
      expect(location.search).to.equal('?lang=en');
    });
  });

  it('a link to a widget far down the page brings the booking into view as it shows, and leaves focus with the page', async () => {
    const services = await startServices({ manage: true });
    const appointment = await bookThroughProxy(services, (await freeStarts(services))[0]!);
    const page = await fixture<HTMLElement>(
      html`<div>
        <div style="block-size: 300vh">The merchant's page, above the widget.</div>
        <booking-widget
          company-id="demo-salon"
          api-base=${services.apiBase}
          booking-token=${linkValue(appointment)}
          locale="en-US"
          now=${services.now}
        ></booking-widget>
      </div>`,
    );
    scrollTo(0, 0);
    const widget = page.querySelector<BookingWidget>('booking-widget')!;
    expect(widget.getBoundingClientRect().top, 'below the fold').to.be.greaterThan(innerHeight);
    await heading(widget, 'Your booking');
    await widget.updateComplete;
    const title = queryAllByRole(widget, 'heading').find((element) => element.textContent?.trim() === 'Your booking')!;
    expect(title.getBoundingClientRect().top, 'its heading in view').to.be.within(0, innerHeight - 1);
    expect(document.activeElement).to.equal(document.body);
    scrollTo(0, 0);
  });
});
