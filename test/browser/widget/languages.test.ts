import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { de } from '../../../src/i18n/catalogs/de.js';
import { fr } from '../../../src/i18n/catalogs/fr.js';
import { ja } from '../../../src/i18n/catalogs/ja.js';
import { nl } from '../../../src/i18n/catalogs/nl.js';
import type { BookingWidget } from '../../../src/index.js';
import { deepActiveElement, queryAllByRole, roleOf, waitFor } from '../support/dom.js';
import { type Services, startServices } from '../support/services.js';
import { heading, mountWidget, pickTime, selectedDay, waitForTimes } from '../support/widget.js';

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

  it('takes the language from the attribute, then the company, then the page, then the browser', async () => {
    const services = await startServices({ companies: ['salon-berlin'] });
    await companyWithLocale(services, 'de');
    const container = await fixture<HTMLElement>(html`<div lang="nl">
      <booking-widget company-id="salon-berlin" api-base=${services.apiBase} locale="ja"></booking-widget>
      <booking-widget company-id="salon-berlin" api-base=${services.apiBase}></booking-widget>
      <booking-widget company-id="demo-salon" api-base=${services.apiBase}></booking-widget>
    </div>`);
    const [attribute, company, page] = [...container.querySelectorAll<BookingWidget>('booking-widget')] as [BookingWidget, BookingWidget, BookingWidget];
    await heading(attribute, ja.steps.service);
    await heading(company, de.steps.service);
    await heading(page, nl.steps.service);
  });

  it('puts two widgets in different languages side by side, Arabic right to left', async () => {
    const services = await startServices();
    const container = await fixture<HTMLElement>(html`<div>
      <booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="fr"></booking-widget>
      <booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="ar"></booking-widget>
    </div>`);
    const [french, arabic] = [...container.querySelectorAll<BookingWidget>('booking-widget')] as [BookingWidget, BookingWidget];
    await heading(french, fr.steps.service);
    await heading(arabic, ar.steps.service);
    expect(root(french).getAttribute('dir')).to.equal('ltr');
    expect(root(arabic).getAttribute('dir')).to.equal('rtl');
    expect(root(arabic).getAttribute('lang')).to.equal('ar');
  });

  it('mirrors the calendar keys in Arabic: the right arrow goes to the previous day', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, locale: 'ar', serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    const day = selectedDay(widget)!;
    day.focus();
    const start = day.getAttribute('aria-label');
    const next = queryAllByRole(widget, 'button').filter((b) => b.getAttribute('part')?.startsWith('day'));
    const index = next.indexOf(day);
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => deepActiveElement() !== day, 2000, 'focus to move');
    expect(roleOf(deepActiveElement()!)).to.equal('button');
    expect(deepActiveElement()!.getAttribute('aria-label')).to.equal(next[index - 1]!.getAttribute('aria-label'));
    expect(deepActiveElement()!.getAttribute('aria-label')).not.to.equal(start);
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => deepActiveElement() === day, 2000, 'focus back');
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
