/**
 * The calendar's keys inside the real <booking-widget>, where the month a key asks for
 * arrives a render later (the time step passes it down after the picker asked): every key
 * lands focus on the day it names, that day holds the tab stop, and nothing moves outside
 * the bookable range without saying so.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  type CalendarDate,
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  instantToWallClock,
  startOfMonth,
  weekDayIndex,
} from '../../../src/api/index.js';
import type { BookingWidget } from '../../../src/index.js';
import { deepActiveElement, findByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { announced, dayButtons, monthHeading, mountWidget, waitForTimes } from '../support/widget.js';

const utc = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);
const dayLabel = (locale: string, date: CalendarDate) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(utc(date));
const monthLabel = (locale: string, date: CalendarDate) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utc(date));
/** A day's button is named by its date, then ", no free times" when it has none (in Arabic after "،"). */
const names = (label: string | null | undefined, locale: string, date: CalendarDate) =>
  label === dayLabel(locale, date) || Boolean(label?.startsWith(`${dayLabel(locale, date)}${locale.startsWith('ar') ? '،' : ','} `));

const saidPolitely = (widget: Element) => announced(widget, 'polite');

interface Calendar {
  widget: BookingWidget;
  locale: string;
  /** The sandbox's and the widget's now. */
  now: string;
  /** The day that has DOM focus, read off the screen: the month heading and the button's name. */
  focusedDay(): CalendarDate | undefined;
}

async function openCalendar(options: {
  companyId?: string;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  locale?: string;
  now?: string;
}) {
  const locale = options.locale ?? 'en-US';
  const services = await startServices(options.now ? { now: options.now } : {});
  const widget = await mountWidget({ apiBase: services.apiBase, ...options, locale, now: services.now });
  if (options.resourceId) (await findByRole(widget, 'button', 'Continue')).click(); // past the quantity
  await waitForTimes(widget);
  const around = instantToWallClock(Date.parse(services.now), 'UTC').date;
  const calendar: Calendar = {
    widget,
    locale,
    now: services.now,
    focusedDay() {
      const active = deepActiveElement();
      if (!active || !dayButtons(widget).includes(active as HTMLElement)) return undefined;
      const heading = monthHeading(widget)?.textContent?.trim();
      // Months within two years either side of today: the heading names one, the button a day of it.
      for (let offset = -24; offset <= 24; offset++) {
        const month = startOfMonth(addMonths(around, offset));
        if (monthLabel(locale, month) !== heading) continue;
        for (let day = month; day <= endOfMonth(month); day = addDays(day, 1)) {
          if (names(active.getAttribute('aria-label'), locale, day)) return day;
        }
      }
      return undefined;
    },
  };
  dayButtons(widget)
    .find((button) => button.tabIndex === 0)!
    .focus();
  return calendar;
}

/** Presses `key` and waits until focus is on `expected`, shown in its month, holding the only tab stop. */
async function press(calendar: Calendar, key: string, expected: CalendarDate) {
  await sendKeys({ press: key });
  await waitFor(
    () => {
      if (calendar.focusedDay() !== expected) return false;
      const stops = dayButtons(calendar.widget).filter((button) => button.tabIndex === 0);
      return stops.length === 1 && stops[0] === deepActiveElement();
    },
    () =>
      `focus on ${expected} after ${key} (it is on ${calendar.focusedDay() ?? deepActiveElement()?.getAttribute('aria-label') ?? 'nothing'})`,
  );
}

const startOfWeek = (date: CalendarDate) => addDays(date, -weekDayIndex(date)); // en-US weeks start on Sunday

describe('calendar keys through <booking-widget>', () => {
  it('Page Down and Page Up keep the day of the month across months', async () => {
    const calendar = await openCalendar({ serviceId: '2002', staffId: '3002' });
    let day = calendar.focusedDay()!;
    // The same day of the month, or the month's last when it is shorter (31 January → 28 February → 28 January).
    await press(calendar, 'PageDown', (day = addMonths(day, 1)));
    await press(calendar, 'PageDown', (day = addMonths(day, 1)));
    await press(calendar, 'PageUp', (day = addMonths(day, -1)));
    await press(calendar, 'Shift+PageDown', (day = addMonths(day, 12)));
    await press(calendar, 'Shift+PageUp', addMonths(day, -12));
  });

  it('arrows move week by week and day by day over month boundaries, and back', async () => {
    const calendar = await openCalendar({ serviceId: '2002', staffId: '3002' });
    const first = calendar.focusedDay()!;
    let day = first;
    // Six weeks down crosses at least one month boundary.
    for (let week = 0; week < 6; week++) await press(calendar, 'ArrowDown', (day = addDays(day, 7)));
    // Day by day to the end of that month and one more: the first of the next.
    const toNextMonth = daysBetween(day, endOfMonth(day)) + 1;
    for (let step = 0; step < toNextMonth; step++) await press(calendar, 'ArrowRight', (day = addDays(day, 1)));
    await press(calendar, 'ArrowLeft', (day = addDays(day, -1)));
    for (let week = 0; week < 6; week++) await press(calendar, 'ArrowUp', (day = addDays(day, -7)));
    await press(calendar, 'End', (day = addDays(startOfWeek(day), 6)));
    await press(calendar, 'Home', startOfWeek(day));
  });

  it('stops at the first bookable day and says so, instead of leaving the range', async () => {
    const calendar = await openCalendar({ serviceId: '2002', staffId: '3002' });
    const first = calendar.focusedDay()!;
    // A month back is before today (in the salon's zone, the one shown): focus stops on today.
    const today = instantToWallClock(Date.parse(calendar.now), 'US/Eastern').date;
    expect(addMonths(first, -1) < today).to.equal(true);
    await press(calendar, 'PageUp', today);
    expect(deepActiveElement()!.getAttribute('aria-current')).to.equal('date');
    await waitFor(
      () => saidPolitely(calendar.widget).includes(`${dayLabel('en-US', today)} is the first day you can book.`),
      'the announcement',
    );
    // And stays there.
    await press(calendar, 'ArrowLeft', today);
  });

  it('stops at the last bookable day (maxDaysAhead) and says so', async () => {
    const calendar = await openCalendar({ companyId: 'demo-courts', resourceId: '6003' });
    const last = addDays(instantToWallClock(Date.parse(calendar.now), 'Europe/Paris').date, 60);
    await press(calendar, 'Shift+PageDown', last);
    await waitFor(
      () => saidPolitely(calendar.widget).includes(`${dayLabel('en-US', last)} is the last day you can book.`),
      'the announcement',
    );
    // Nothing beyond it: another Page Down stays.
    await press(calendar, 'PageDown', last);
  });

  it('mirrors the arrows in Arabic, over a month boundary and back', async () => {
    const calendar = await openCalendar({ serviceId: '2002', staffId: '3002', locale: 'ar' });
    let day = calendar.focusedDay()!;
    // Down to the month's last week, then ArrowLeft (forward in right-to-left) into the next month.
    while (addDays(day, 7) <= endOfMonth(day)) await press(calendar, 'ArrowDown', (day = addDays(day, 7)));
    const month = startOfMonth(day);
    while (startOfMonth(day) === month) await press(calendar, 'ArrowLeft', (day = addDays(day, 1)));
    await press(calendar, 'ArrowRight', (day = addDays(day, -1)));
    await press(calendar, 'PageDown', addMonths(day, 1));
  });

  describe('as reported on 4 March 2026', () => {
    const now = '2026-03-04T15:00:00Z';

    it('salon, Men’s cut with Jordan Brooks: Page Down from Wednesday, March 4 focuses Saturday, April 4', async () => {
      const calendar = await openCalendar({ serviceId: '2002', staffId: '3002', now });
      expect(calendar.focusedDay()).to.equal('2026-03-04');
      await press(calendar, 'PageDown', '2026-04-04');
      // Week by week from March 28 reaches April 4, not April 1.
      await press(calendar, 'PageUp', '2026-03-04');
      for (const day of ['2026-03-11', '2026-03-18', '2026-03-25', '2026-04-01']) await press(calendar, 'ArrowDown', day);
      await press(calendar, 'ArrowLeft', '2026-03-31');
      await press(calendar, 'ArrowLeft', '2026-03-30');
      await press(calendar, 'ArrowLeft', '2026-03-29');
      await press(calendar, 'ArrowLeft', '2026-03-28');
      await press(calendar, 'ArrowDown', '2026-04-04');
    });

    it('clinic: Page Down from Thursday, March 5 lands on Sunday, April 5 (closed), and Page Up back on March 5', async () => {
      const calendar = await openCalendar({ companyId: 'demo-clinic', serviceId: '2102', staffId: '3101', now });
      expect(calendar.focusedDay()).to.equal('2026-03-05');
      await press(calendar, 'PageDown', '2026-04-05');
      expect(deepActiveElement()!.getAttribute('aria-disabled')).to.equal('true');
      await press(calendar, 'PageUp', '2026-03-05');
    });
  });
});
