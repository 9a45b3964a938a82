/**
 * Manage mode (#13) with the keyboard alone: focus asserted after every key, landing on each
 * new screen's heading, and never on the page in between (issue #31). English and Arabic:
 * right to left, the calendar's arrows flip (← is the next day), as day-picker.test.ts and
 * calendar-keys.test.ts check them for the booking flow.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Appointment } from 'booking-widget-shared/types';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import { nameOf, roleOf, waitFor } from '../support/dom.js';
import { describeFocus, focusIs, focused, watchFocus } from '../support/focus.js';
import { SALON, bookThroughProxy, freeStarts, linkValue, mountManage } from '../support/manage.js';
import { hostZoneApartFrom } from '../support/host-zone.js';
import { startServices } from '../support/services.js';
import { dayButtons, heading, monthHeading, waitForTimes } from '../support/widget.js';

type AllMessages = Messages & ManageMessages;

const tab = () => sendKeys({ press: 'Tab' });
const press = (key: string) => sendKeys({ press: key });

/** Focus on a button whose name `test` accepts. */
async function focusOnButton(test: (name: string) => boolean, what: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const element = focused();
      return element && roleOf(element) === 'button' && test(nameOf(element)) && element;
    },
    () => `focus on ${what} (it is on ${describeFocus()})`,
  );
}

const hasPart = (token: string) => (element: Element | null | undefined) =>
  (element?.getAttribute('part') ?? '').split(/\s+/).includes(token);

for (const [locale, m] of [
  ['en-US', { ...en, ...manageEn }],
  ['ar', { ...ar, ...manageAr }],
] as [string, AllMessages][]) {
  const rtl = locale === 'ar';
  const nextDayKey = rtl ? 'ArrowLeft' : 'ArrowRight';
  const previousDayKey = rtl ? 'ArrowRight' : 'ArrowLeft';
  /** "Show in Pacific Time (your time)", in the page's language. */
  const [zoneBefore, zoneAfter] = m.showInZone('\u0000').split('\u0000') as [string, string];
  const isZoneSwitch = (name: string) => name.startsWith(zoneBefore) && name.endsWith(`(${m.yourTime})${zoneAfter}`);

  async function openBooking() {
    const services = await startServices({ manage: true });
    const [start] = await freeStarts(services);
    const appointment = await bookThroughProxy(services, start!);
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale });
    await heading(widget, m.yourBooking);
    // Opening the link never steals focus from the page.
    expect(focused()).to.equal(document.body);
    await tab();
    await focusIs('link', 'booking policies');
    // From the first Tab on, focus is never on the page between two keys (issue #31).
    const watch = watchFocus();
    return { services, appointment, start: start!, widget, watch };
  }

  describe(`booking-widget manage mode: the keyboard alone (${locale})`, () => {
    // The Tab path goes through the zone switch, which is there only when the visitor's clock is not the salon's.
    before(() => hostZoneApartFrom('US/Eastern'));

    it('reschedules: Reschedule, a day (arrows both ways) and a time, Continue, Move booking', async () => {
      const { services, appointment, start, widget, watch } = await openBooking();
      await tab();
      await focusIs('button', m.reschedule);
      await press('Enter');

      await focusIs('heading', m.chooseNewTime);
      await waitForTimes(widget);
      await tab();
      await focusOnButton(isZoneSwitch, 'the zone switch');
      await tab();
      await focusIs('button', m.previousMonth);
      await tab();
      await focusIs('button', m.nextMonth);
      await tab();
      const chosen = await waitFor(
        () => hasPart('day')(focused()) && focused()!.getAttribute('aria-pressed') === 'true' && focused()!,
        () => `focus on the chosen day (it is on ${describeFocus()})`,
      );
      const chosenLabel = chosen.getAttribute('aria-label')!;
      // The next day, by the key that points to it (← right to left): the following cell, or the next month's first day.
      const days = dayButtons(widget);
      const following = days[days.indexOf(chosen) + 1]?.getAttribute('aria-label');
      const month = monthHeading(widget)!.textContent;
      await press(nextDayKey);
      await waitFor(
        () => {
          const label = hasPart('day')(focused()) && focused()!.getAttribute('aria-label');
          return label && label !== chosenLabel && (following ? label === following : monthHeading(widget)!.textContent !== month);
        },
        () => `focus on the day after ${chosenLabel} (it is on ${describeFocus()})`,
      );
      await press(previousDayKey);
      const day = await waitFor(
        () => hasPart('day')(focused()) && focused()!.getAttribute('aria-label') === chosenLabel && focused()!,
        () => `focus back on ${chosenLabel} (it is on ${describeFocus()})`,
      );
      await press('Enter');
      await waitFor(() => focused() === day && day.getAttribute('aria-pressed') === 'true', 'focus kept on the day chosen');
      await tab();
      const time = await waitFor(
        () => hasPart('slot')(focused()) && focused()!,
        () => `focus on a time (it is on ${describeFocus()})`,
      );
      await press('Enter');
      await waitFor(() => focused() === time && time.getAttribute('aria-pressed') === 'true', 'the time, pressed');
      await tab();
      await focusIs('button', m.continue);
      await press('Enter');

      await focusIs('heading', m.confirmNewTime);
      await tab();
      await focusIs('button', m.moveBooking);
      await press('Enter');

      await focusIs('heading', m.moved);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
      const stored = await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`);
      expect(stored.start.dateTime).not.to.equal(start);
    });

    it('cancels: Cancel booking, then Yes, cancel it; Back and Keep booking return focus to the heading', async () => {
      const { services, appointment, watch } = await openBooking();
      await tab();
      await focusIs('button', m.reschedule);
      await tab();
      await focusIs('button', m.cancelBooking);
      await press('Enter');

      await focusIs('heading', m.cancelQuestion);
      await tab();
      await focusIs('button', m.confirmCancel);
      await tab();
      await focusIs('button', m.keepBooking);
      await press('Enter');
      await focusIs('heading', m.yourBooking);
      await tab();
      await focusIs('button', m.reschedule);
      await tab();
      await focusIs('button', m.cancelBooking);
      await press('Enter');
      await focusIs('heading', m.cancelQuestion);
      await tab();
      await focusIs('button', m.confirmCancel);
      await press('Enter');

      await focusIs('heading', m.cancelled);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
      const gone = await services.inspect<{ error?: { code: number } }>(`${SALON}/appointments/${appointment.id}`);
      expect(gone.error?.code).to.equal(404);
    });
  });
}
