/**
 * The times offered when one was just taken (#24), across midnight in the display zone: the
 * company is in Tokyo, the visitor reads New York's clock, and the time taken is the last of
 * the visitor's evening. The nearest free times are the same company day but the visitor's
 * next day: each is labelled with that day and its time in New York, never the taken day's.
 * The pure choice is tested in node (test/node/booking-alternatives.test.ts); this is the
 * browser's proof, through the proxy and the sandbox.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/catalogs/en.js';
import { deepActiveElement, findByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { type Services, startServices } from '../support/services.js';
import { bookButton, fillDetails, heading, mountWidget, nextEvent, pickTime, timeLabels, waitForTimes } from '../support/widget.js';

const DISPLAY = 'America/New_York';
/**
 * 22:30 on Monday 2 November 2026 in New York (EST, UTC−5), 12:30 on Tuesday 3 November in Tokyo
 * (UTC+9, no daylight saving): the desk's Tuesday afternoon is the visitor's late Monday and early Tuesday.
 */
const NOW = '2026-11-03T03:30:00Z';

/** A desk in Tokyo open every afternoon, 13:00–17:00, one-hour sessions on the hour and no notice needed. */
async function createTokyoDesk(services: Services): Promise<string> {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    hours: [{ start: '13:00', end: '17:00' }],
  }));
  const company = await services.post('/api/2.1/scheduling/companies', {
    name: 'Tokyo desk',
    externalId: 'tokyo-desk',
    timeZone: 'Asia/Tokyo',
    scheduledItems: 'service',
    workingHours: days,
    slotInterval: 60,
    minimumNoticeMinutes: 0,
  });
  const staff = await services.post<{ id: string }>('/api/2.1/scheduling/companies/tokyo-desk/staff', {
    firstName: 'Aiko',
    lastName: 'Sato',
  });
  const service = await services.post<{ id: string }>('/api/2.1/scheduling/companies/tokyo-desk/services', {
    name: 'An hour at the desk',
    duration: 60,
    staff: [{ id: staff.body.id }],
  });
  expect([company.status, staff.status, service.status].every((status) => status < 300)).to.equal(true, 'the desk created');
  return service.body.id;
}

const inNewYork = (instant: string | number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY, ...options }).format(new Date(instant));

describe('booking-widget: times offered across midnight in the display zone', () => {
  it('labels each time offered on the visitor’s next day with that day and its New York time', async () => {
    const services = await startServices({
      now: NOW,
      companies: ['tokyo-desk'],
      failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }],
    });
    const serviceId = await createTokyoDesk(services);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'tokyo-desk', serviceId, displayTimeZone: DISPLAY, now: NOW });
    await expect(widget).to.be.accessible();
    // Monday evening in New York has one time left: 11:00 PM, Tuesday 13:00 in Tokyo.
    await waitForTimes(widget);
    expect(timeLabels(widget)).to.deep.equal(['11:00 PM']);
    await pickTime(widget);
    fillDetails(widget);
    const gone = nextEvent(widget, 'bw-slot-gone');
    bookButton(widget).click();
    const { start, alternatives } = (await gone).detail;
    expect(start).to.equal('2026-11-03T04:00:00.000Z');
    // The desk's next sessions that Tuesday: past midnight in New York.
    expect(alternatives).to.deep.equal(['2026-11-03T05:00:00.000Z', '2026-11-03T06:00:00.000Z', '2026-11-03T07:00:00.000Z']);

    await heading(widget, en.steps.details);
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    const buttons = await waitFor(
      () => queryAllByRole(offer, 'button').length === 4 && queryAllByRole(offer, 'button'),
      'the times offered',
    );
    const labels = buttons.slice(0, 3).map((button) => button.textContent!.trim().replace(/^Book /, ''));
    expect(labels).to.deep.equal(alternatives.map((time) => inNewYork(time, { dateStyle: 'full', timeStyle: 'short' })));
    // What they are for, in the zone they are shown in: the taken time's day, New York's.
    expect(nameOf(offer)).to.match(/ \(Eastern Time\)$/);
    // Spelled out: the visitor's Tuesday, from midnight — never Monday, the taken time's day, nor Tokyo's afternoon hours.
    const plain = labels.map((label) => label.replace(/\s+/g, ' '));
    expect(plain.every((label) => label.startsWith('Tuesday, November 3, 2026'))).to.equal(true, plain.join(' | '));
    expect(plain.map((label) => label.match(/\d{1,2}:\d{2} [AP]M$/)?.[0])).to.deep.equal(['12:00 AM', '1:00 AM', '2:00 AM']);
    expect(deepActiveElement()).to.equal(buttons[0]);
  });
});
