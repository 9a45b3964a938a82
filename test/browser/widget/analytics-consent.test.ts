/**
 * What happened before the visitor consented is never sent later: a time chosen while consent was denied, before the
 * analytics chunk arrived, does not begin a checkout once consent is granted. A file of its own: the chunk must not be
 * in the page yet, as on a visitor's first load (analytics.test.ts's first test needs the same).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { TEST_NOW } from '../support/now.js';
import { analyticsListening, timesOfADayWith } from '../support/widget.js';

type Pushed = { event?: string };
const page = window as unknown as { dataLayer?: Pushed[] };
const checkouts = () => (page.dataLayer ?? []).filter((entry) => entry.event === 'begin_checkout').length;

describe('booking-widget: analytics consent given after a choice', () => {
  it('a time chosen while consent was denied begins no checkout later; the next one, under consent, does', async () => {
    page.dataLayer = [];
    const services = await startServices();
    const widget = await fixture<BookingWidget>(
      html`<booking-widget
        company-id="demo-salon"
        api-base=${services.apiBase}
        locale="en-US"
        now=${TEST_NOW}
        service-id="2002"
        staff-id="3001"
        analytics="datalayer"
        analytics-consent="denied"
      ></booking-widget>`,
    );
    // The analytics listen once they are on the widget: their chunk follows the first times, at an idle moment.
    const listening = analyticsListening(widget);
    const [first, second] = await timesOfADayWith(widget, 2);
    first!.click();
    // Consent comes after the choice, before the chunk is in.
    widget.setAttribute('analytics-consent', 'granted');
    await listening;
    await widget.updateComplete;
    await widget.updateComplete;
    second!.click();
    await waitFor(() => checkouts() > 0, 'the checkout of the time chosen under consent');
    await widget.updateComplete;
    expect(checkouts()).to.equal(1);
  });
});
