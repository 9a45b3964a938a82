import { expect } from '@open-wc/testing';
import { type CalendarDate, addDays, endOfMonth, instantToWallClock, localTimeZone, weekDayIndex } from '../../../src/api/index.js';
import { formatWallClock } from 'booking-widget-shared/zone';
import type { SlotSelectEvent } from '../../../src/index.js';
import { deepText, findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { type Services, startServices } from '../support/services.js';
import {
  announced,
  availableDays,
  choose,
  heading,
  monthHeading,
  mountWidget,
  nextEvent,
  selectedDay,
  timeButtons,
  timeLabels,
  waitForTimes,
} from '../support/widget.js';

const dayLabel = (instant: Date, timeZone: string) =>
  instant.toLocaleDateString('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
const timeLabel = (instant: Date, timeZone: string) =>
  instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

/** A desk open round the clock in Paris, so the hours a DST change skips or repeats are opening hours. */
async function createNightDesk(services: Services): Promise<string> {
  const allDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    hours: [{ start: '00:00', end: '24:00' }],
  }));
  const company = await services.post<{ id: string }>('/api/2.1/scheduling/companies', {
    name: 'Night desk',
    externalId: 'night-desk',
    timeZone: 'Europe/Paris',
    scheduledItems: 'service',
    workingHours: allDay,
    slotInterval: 60,
  });
  const staff = await services.post<{ id: string }>(`/api/2.1/scheduling/companies/night-desk/staff`, {
    firstName: 'Noa',
    lastName: 'Night',
  });
  const service = await services.post<{ id: string }>(`/api/2.1/scheduling/companies/night-desk/services`, {
    name: 'Hour at the desk',
    duration: 60,
    staff: [{ id: staff.body.id }],
  });
  expect([company.status, staff.status, service.status]).to.satisfy((statuses: number[]) => statuses.every((s) => s < 300));
  return service.body.id;
}

async function showMonth(widget: Element, month: string) {
  for (let i = 0; i < 24 && monthHeading(widget)?.textContent?.trim() !== month; i++) {
    const before = monthHeading(widget)?.textContent?.trim();
    getByRole(widget, 'button', 'Next month').click();
    await waitFor(() => monthHeading(widget)?.textContent?.trim() !== before, `the month after ${before}`);
  }
  expect(monthHeading(widget)?.textContent?.trim()).to.equal(month);
}

/** The last Sunday of `month` (1–12) in `year`. */
function lastSunday(year: number, month: number): CalendarDate {
  const last = endOfMonth(`${year}-${String(month).padStart(2, '0')}-01`);
  return addDays(last, -weekDayIndex(last));
}

/** The next day Europe/Paris changes its clocks in `month` (3: spring, 10: autumn), at least two days after `today`. */
function nextParisChange(today: CalendarDate, month: 3 | 10): CalendarDate {
  const year = Number(today.slice(0, 4));
  const thisYear = lastSunday(year, month);
  return thisYear > addDays(today, 1) ? thisYear : lastSunday(year + 1, month);
}

const labelOf = (date: CalendarDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const monthOf = (date: CalendarDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

async function timesOn(widget: Element, label: string): Promise<string[]> {
  const day = await waitFor(() => availableDays(widget).find((d) => d.getAttribute('aria-label') === label), label);
  day.click();
  await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === label && timeButtons(widget).length, `times of ${label}`);
  return timeLabels(widget);
}

describe('booking-widget: time zones', () => {
  it('is accessible while it shows the times in the visitor’s zone', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic', displayTimeZone: 'local' });
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    await waitForTimes(widget);
    await expect(widget).to.be.accessible();
  });

  it('lets a visitor elsewhere switch demo-clinic (Auckland) to their own zone, regrouping the days', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    await heading(widget, 'Choose a time');
    const times = await waitForTimes(widget);
    const chosen = nextEvent(widget, 'bw-slot-select');
    times[0]!.click();
    const start = new Date(((await chosen) as SlotSelectEvent).detail.start);
    expect(selectedDay(widget)?.getAttribute('aria-label')).to.equal(dayLabel(start, 'Pacific/Auckland'));
    expect(deepText(widget)).to.contain('Times are shown in New Zealand Time.');

    const visitor = localTimeZone();
    const clock = (timeZone: string) => formatWallClock(instantToWallClock(start, timeZone));
    if (clock(visitor) === clock('Pacific/Auckland')) {
      // Auckland's own clock and date (Auckland, McMurdo): nothing to switch. Pago Pago's clock, a day behind, is elsewhere.
      expect(queryAllByRole(widget, 'button', /^Show in/)).to.have.length(0);
      return;
    }
    (await findByRole(widget, 'button', /\(your time\)$/)).click();
    await waitFor(() => !deepText(widget).includes('New Zealand Time.'), 'the switch');
    // Every time on screen changed: a screen-reader user hears in which zone they are now (with the
    // chosen day's count when its times are drawn in the same frame: the announcer says both).
    const sentence = deepText(widget).match(/Times are shown in [^.]+\./)![0];
    await waitFor(
      () => announced(widget, 'polite').includes(sentence),
      () => `"${sentence}" announced (said: "${announced(widget, 'polite')}")`,
    );
    // The chosen time stays chosen; it now sits on its day in the visitor's zone.
    await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === dayLabel(start, visitor), 'the visitor’s day');
    const pressed = await waitFor(() => timeButtons(widget).find((b) => b.getAttribute('aria-pressed') === 'true'), 'the chosen time');
    expect(pressed.textContent?.trim()).to.equal(timeLabel(start, visitor));
    if (visitor === 'America/Los_Angeles') {
      // An Auckland morning is the previous afternoon in Los Angeles.
      const aucklandDay = Number(start.toLocaleDateString('en-US', { timeZone: 'Pacific/Auckland', day: 'numeric' }));
      const losAngelesDay = Number(start.toLocaleDateString('en-US', { timeZone: visitor, day: 'numeric' }));
      expect(losAngelesDay).to.equal(aucklandDay - 1);
      expect(deepText(widget)).to.contain('Times are shown in Pacific Time.');
    }
    // And back.
    (await findByRole(widget, 'button', 'Show in New Zealand Time')).click();
    await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === dayLabel(start, 'Pacific/Auckland'), 'the company day');
  });

  it('skips the hour Paris skips on its spring day, and shows its autumn hour once', async () => {
    const services = await startServices({ companies: ['night-desk'] });
    const serviceId = await createNightDesk(services);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'night-desk', serviceId });
    await heading(widget, 'Choose a time');
    await waitForTimes(widget);

    // The next spring and autumn changes after the sandbox's today, in the order they come.
    const today = instantToWallClock(Date.parse(services.now), 'Europe/Paris').date;
    const spring = nextParisChange(today, 3);
    const autumnDay = nextParisChange(today, 10);
    const checkSpring = async () => {
      await showMonth(widget, monthOf(spring));
      const saturday = await timesOn(widget, labelOf(addDays(spring, -1)));
      expect(saturday).to.have.length(24);
      const times = await timesOn(widget, labelOf(spring));
      expect(times).to.have.length(23);
      expect(times.slice(0, 3)).to.deep.equal(['12:00 AM', '1:00 AM', '3:00 AM']);
    };
    let autumn: string[] = [];
    const checkAutumn = async () => {
      await showMonth(widget, monthOf(autumnDay));
      autumn = await timesOn(widget, labelOf(autumnDay));
      expect(autumn.slice(0, 4)).to.deep.equal(['12:00 AM', '1:00 AM', '2:00 AM', '3:00 AM']);
    };
    if (spring < autumnDay) {
      await checkSpring();
      await checkAutumn();
    } else {
      await checkAutumn();
      await checkSpring();
    }
    expect(new Set(autumn).size).to.equal(autumn.length);
  });
});
