import { expect } from '@open-wc/testing';
import { takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { plural } from '../../../src/i18n/plural.js';
import { findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import {
  announced,
  availableDays,
  bookButton,
  choose,
  fillDetails,
  heading,
  mountWidget,
  pickTime,
  waitForTimes,
} from '../support/widget.js';

const said = announced;

describe('booking-widget: announcements for screen readers', () => {
  it('is accessible with its live regions in place', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    await expect(widget).to.be.accessible();
    expect(queryAllByRole(widget, 'status').length).to.be.at.least(1);
  });

  it('says how many times a day has, politely, when a day is shown or chosen', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    await waitFor(() => /^\d+ times? available on \w+day, \w+ \d+$/.test(said(widget, 'polite')), 'the first day announced');
    const otherDay = () => availableDays(widget).find((day) => day.getAttribute('aria-pressed') !== 'true');
    // On a month's last bookable day, the other days are next month's.
    if (!otherDay()) getByRole(widget, 'button', 'Next month').click();
    const other = await waitFor(otherDay, 'another day with free times');
    other.click();
    await waitFor(() => said(widget, 'polite').endsWith(other.getAttribute('aria-label')!), 'the chosen day announced');
  });

  it('says a time just taken politely, with how many are offered instead, and "Booking confirmed"', async () => {
    const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    await choose(widget, 'Tom Fischer');
    await choose(widget, 'Sports massage');
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    // The times offered, then "Choose another time", once they are found.
    const count = (await waitFor(() => queryAllByRole(offer, 'button').length, 'the times offered')) - 1;
    expect(count).to.be.within(1, 3);
    await waitFor(
      () => said(widget, 'polite') === plural('en-US', takenEn.takenOffer, count),
      'the polite notice with how many are offered',
    );
    expect(said(widget, 'assertive')).to.equal('');
    // One of them, as a visitor would (the proxy answers the same booking sent again as it did the first time).
    queryAllByRole(offer, 'button')[0]!.click();
    await heading(widget, 'Booking confirmed');
    await waitFor(() => said(widget, 'polite') === 'Booking confirmed.', 'the confirmation announced');
  });
});
