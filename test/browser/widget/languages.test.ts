import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { de } from '../../../src/i18n/catalogs/de.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { fr } from '../../../src/i18n/catalogs/fr.js';
import { ja } from '../../../src/i18n/catalogs/ja.js';
import { nl } from '../../../src/i18n/catalogs/nl.js';
import type { BookingWidget } from '../../../src/index.js';
import { deepActiveElement, deepText, queryAllByRole, roleOf, waitFor } from '../support/dom.js';
import { TEST_NOW } from '../support/now.js';
import { type Services, startServices } from '../support/services.js';
import { dayButtons, heading, mountWidget, pickTime, selectedDay, waitForTimes } from '../support/widget.js';

const root = (widget: Element) => widget.shadowRoot!.querySelector('[part="base"]')!;

async function companyWithLocale(services: Services, locale: string) {
  await services.post('/api/2.1/scheduling/companies', {
    name: 'Salon Berlin',
    externalId: 'salon-berlin',
    timeZone: 'Europe/Berlin',
    scheduledItems: 'service',
    extendedProperties: { public: { bookingWidget: { locale } } },
  });
}

describe('booking-widget: languages', () => {
  it('speaks the locale attribute’s language, formatting for its region (fr-CA)', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, locale: 'fr-CA', serviceId: '2002', staffId: '3001' });
    await heading(widget, fr.steps.time);
    expect(root(widget).getAttribute('lang')).to.equal('fr-CA');
    expect(root(widget).getAttribute('dir')).to.equal('ltr');
    const times = await waitForTimes(widget);
    // Canadian French writes 24-hour times with an "h".
    expect(times[0]!.textContent!.trim()).to.match(/^\d{1,2} h \d{2}$/);
  });

  it('never says "Loading…" in English to a visitor of another language while their catalog loads: the spinner alone', async () => {
    const services = await startServices();
    // Swedish: nothing in this page imports it before (a catalog already loaded is used from the first render).
    const widget = await mountWidget({ apiBase: services.apiBase, locale: 'sv' });
    const said: string[] = [deepText(widget)];
    let sampling = true;
    const sample = () => {
      said.push(deepText(widget));
      if (sampling) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    await waitFor(() => root(widget).getAttribute('lang') === 'sv' && queryAllByRole(widget, 'heading').length, 'the Swedish steps');
    sampling = false;
    expect(said.filter((text) => text.includes(en.loading))).to.deep.equal([]);
  });

  it('takes the language from the attribute, then the company, then the page, then the browser', async () => {
    const services = await startServices({ companies: ['salon-berlin'] });
    await companyWithLocale(services, 'de');
    const container = await fixture<HTMLElement>(
      html`<div lang="nl">
        <booking-widget company-id="salon-berlin" api-base=${services.apiBase} now=${TEST_NOW} locale="ja"></booking-widget>
        <booking-widget company-id="salon-berlin" api-base=${services.apiBase} now=${TEST_NOW}></booking-widget>
        <booking-widget company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW}></booking-widget>
      </div>`,
    );
    const [attribute, company, page] = [...container.querySelectorAll<BookingWidget>('booking-widget')] as [
      BookingWidget,
      BookingWidget,
      BookingWidget,
    ];
    await heading(attribute, ja.steps.service);
    await heading(company, de.steps.service);
    await heading(page, nl.steps.service);
  });

  it('puts two widgets in different languages side by side, Arabic right to left', async () => {
    const services = await startServices();
    const container = await fixture<HTMLElement>(
      html`<div>
        <booking-widget company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW} locale="fr"></booking-widget>
        <booking-widget company-id="demo-salon" api-base=${services.apiBase} now=${TEST_NOW} locale="ar"></booking-widget>
      </div>`,
    );
    const [french, arabic] = [...container.querySelectorAll<BookingWidget>('booking-widget')] as [BookingWidget, BookingWidget];
    await heading(french, fr.steps.service);
    await heading(arabic, ar.steps.service);
    expect(root(french).getAttribute('dir')).to.equal('ltr');
    expect(root(arabic).getAttribute('dir')).to.equal('rtl');
    expect(root(arabic).getAttribute('lang')).to.equal('ar');
  });

  it('mirrors the calendar keys in Arabic: the left arrow goes to the next day, the right arrow back', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, locale: 'ar', serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    const day = selectedDay(widget)!;
    const start = day.getAttribute('aria-label')!;
    const labels = dayButtons(widget).map((b) => b.getAttribute('aria-label'));
    const index = labels.indexOf(start);
    day.focus();
    // Forward is always in range (the salon books without a limit), even from a month's last day.
    await sendKeys({ press: 'ArrowLeft' });
    const moved = await waitFor(() => {
      const active = deepActiveElement();
      return active && active.getAttribute('aria-label') !== start && active;
    }, 'focus to move');
    expect(roleOf(moved)).to.equal('button');
    expect(moved.getAttribute('tabindex')).to.equal('0');
    // The next day: beside it in the grid, or the first day of the next month.
    const expected = index + 1 < labels.length ? labels[index + 1] : dayButtons(widget)[0]!.getAttribute('aria-label');
    expect(moved.getAttribute('aria-label')).to.equal(expected);
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => deepActiveElement()?.getAttribute('aria-label') === start, 'focus back');
  });

  it('asks Japanese visitors for the family name first', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, locale: 'ja', serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    await pickTime(widget, 0, ja);
    const textboxes = queryAllByRole(widget, 'textbox').map((box) => box.getAttribute('name'));
    expect(textboxes.slice(0, 2)).to.deep.equal(['lastName', 'firstName']);
  });
});
