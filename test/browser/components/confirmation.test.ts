/**
 * `<bw-confirmation>`: the booking's time, in the zone the times were shown in, and in the other clock the visitor
 * may go by (audit 9, #7): the company's when they chose in their own zone, their own when they chose in the company's.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Appointment } from 'booking-widget-shared/types';
import { localTimeZone } from 'booking-widget-shared/zone';
import '../../../src/components/confirmation/confirmation.js';
import type { Confirmation } from '../../../src/components/confirmation/confirmation.js';
import type { BookingSummary } from '../../../src/booking/summary.js';
import { bookingWhen } from '../../../src/i18n/booking-when.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { deepText } from '../support/dom.js';

const localizer = createLocalizer('en-US', en);
// Chatham Islands: none of the host zones the suite runs this file in (web-test-runner.config.mjs), so the visitor's differs.
const COMPANY = 'Pacific/Chatham';
const start = new Date('2026-03-10T14:00:00Z');
const end = new Date('2026-03-10T14:30:00Z');

const appointment = { id: 'a1', reference: 'R-1', status: 'accepted' } as unknown as Appointment;
const summaryIn = (displayTimeZone: string): BookingSummary => ({
  what: "Men's cut",
  start,
  end,
  displayTimeZone,
  companyTimeZone: COMPANY,
  companyName: 'Salon',
});

const mount = (summary: BookingSummary) =>
  fixture<Confirmation>(html`<bw-confirmation .localizer=${localizer} .appointment=${appointment} .summary=${summary}></bw-confirmation>`);

const when = (zone: string) => bookingWhen(localizer, start, zone, end).replace(/\u00a0/g, ' ');
const text = (element: Element) => deepText(element).replace(/\u00a0/g, ' ');

describe('bw-confirmation: the booking’s time in both clocks', () => {
  it('times shown in the company’s zone: also in the visitor’s own', async () => {
    const shown = text(await mount(summaryIn(COMPANY)));
    expect(shown).to.contain(when(COMPANY));
    expect(shown).to.contain(when(localTimeZone()));
  });

  it('no second line where the other clock reads the same (review)', async function () {
    // A zone of another name that reads as the host's own on 10 March 2026: Phoenix keeps -7, which Los Angeles has
    // from the 8th; Tonga keeps +13, which is Auckland's summer.
    const alike: Record<string, string> = { 'America/Los_Angeles': 'America/Phoenix', 'Pacific/Auckland': 'Pacific/Tongatapu' };
    const company = alike[localTimeZone()];
    if (!company) this.skip();
    const confirmation = await mount({ ...summaryIn(company!), companyTimeZone: company! });
    expect(text(confirmation)).to.contain(when(company!));
    // One line only: the same clock time again, under another zone's name, would tell the visitor nothing.
    expect(text(confirmation)).not.to.contain(when(localTimeZone()));
  });

  it('times shown in the visitor’s zone: also in the company’s', async () => {
    const shown = text(await mount(summaryIn(localTimeZone())));
    expect(shown).to.contain(when(localTimeZone()));
    expect(shown).to.contain(when(COMPANY));
  });
});
