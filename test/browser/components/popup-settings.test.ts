/**
 * The popups pass the widget every setting the page changes while they are open, as an inline placeholder does:
 * consent withdrawn in the page's banner stops the events at once, not at the next opening.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { type BookingButton, openPopup } from '../../../src/embed/index.js';
import { waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { TEST_NOW } from '../support/now.js';

describe('popups: settings changed while open', () => {
  it('<booking-button> passes on a widget attribute it does not declare itself (analytics-consent)', async () => {
    const services = await startServices();
    const button = await fixture<BookingButton>(
      html`<booking-button
        company-id="demo-salon"
        api-base=${services.apiBase}
        now=${TEST_NOW}
        analytics="datalayer"
        analytics-consent="granted"
      ></booking-button>`,
    );
    await button.show();
    const widget = button.shadowRoot!.querySelector('booking-dialog')!.widget;
    expect(widget.getAttribute('analytics-consent')).to.equal('granted');
    button.setAttribute('analytics-consent', 'denied');
    expect(widget.getAttribute('analytics-consent'), 'at once').to.equal('denied');
    button.close();
  });

  it('<booking-button> passes on the prefill and attribution properties, before it opens and while it is open', async () => {
    const services = await startServices();
    const button = await fixture<BookingButton>(
      html`<booking-button company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW}></booking-button>`,
    );
    button.prefill = { firstName: 'Ada' };
    button.attribution = { utm_source: 'newsletter' };
    await button.show();
    const widget = button.shadowRoot!.querySelector('booking-dialog')!.widget;
    expect(widget.prefill).to.deep.equal({ firstName: 'Ada' });
    expect(widget.attribution).to.deep.equal({ utm_source: 'newsletter' });
    button.prefill = { firstName: 'Grace' };
    await button.updateComplete;
    expect(widget.prefill).to.deep.equal({ firstName: 'Grace' });
    button.close();
  });

  it('a data-booking-popup link passes on its data- settings changed while its dialog is open', async () => {
    const services = await startServices();
    const link = await fixture<HTMLAnchorElement>(
      html`<a
        href="/book"
        data-booking-popup
        data-company-id="demo-salon"
        data-api-base=${services.apiBase}
        data-now=${TEST_NOW}
        data-analytics-consent="granted"
        >Book</a
      >`,
    );
    const dialog = openPopup(link);
    await waitFor(() => dialog.open, 'the dialog open');
    expect(dialog.widget.getAttribute('analytics-consent')).to.equal('granted');
    link.setAttribute('data-analytics-consent', 'denied');
    await waitFor(() => dialog.widget.getAttribute('analytics-consent') === 'denied', 'the new consent in the widget');
    dialog.close();
    dialog.remove();
  });
});
