/** Manage mode (#13) with the keyboard alone: focus lands on each new screen's heading, and nothing needs a mouse. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Appointment } from 'booking-widget-shared/types';
import { deepActiveElement, nameOf, roleOf, waitFor } from '../support/dom.js';
import { watchFocus } from '../support/focus.js';
import { SALON, bookThroughProxy, freeStarts, linkValue, mountManage } from '../support/manage.js';
import { hostZoneApartFrom } from '../support/host-zone.js';
import { startServices } from '../support/services.js';
import { heading, waitForTimes } from '../support/widget.js';

const focused = () => deepActiveElement() as HTMLElement | null;
const describeFocus = () => {
  const element = focused();
  return element ? `${roleOf(element) ?? element.tagName} "${nameOf(element)}"` : 'nothing';
};
const tab = () => sendKeys({ press: 'Tab' });
const enter = () => sendKeys({ press: 'Enter' });

async function focusIs(role: string, name: string | RegExp) {
  await waitFor(
    () => {
      const element = focused();
      if (!element || roleOf(element) !== role) return false;
      return typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element));
    },
    () => `focus on ${role} ${String(name)} (it is on ${describeFocus()})`,
  );
}

async function openBooking() {
  const services = await startServices({ manage: true });
  const [start] = await freeStarts(services);
  const appointment = await bookThroughProxy(services, start!);
  const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment) });
  await heading(widget, 'Your booking');
  // Opening the link never steals focus from the page.
  expect(focused()).to.equal(document.body);
  await tab();
  await focusIs('link', 'booking policies');
  // From the first Tab on, focus is never on the page between two keys (issue #31).
  const watch = watchFocus();
  return { services, appointment, start: start!, widget, watch };
}

describe('booking-widget manage mode: the keyboard alone', () => {
  // The Tab path goes through the zone switch, which is there only when the visitor's clock is not the salon's.
  before(() => hostZoneApartFrom('US/Eastern'));

  it('reschedules: Reschedule, a day and a time, Continue, Move booking', async () => {
    const { services, appointment, start, widget, watch } = await openBooking();
    await tab();
    await focusIs('button', 'Reschedule');
    await enter();

    await focusIs('heading', 'Choose a new time');
    await waitForTimes(widget);
    await tab();
    await focusIs('button', /^Show in .* \(your time\)$/);
    await tab();
    await focusIs('button', 'Previous month');
    await tab();
    await focusIs('button', 'Next month');
    await tab();
    await waitFor(() => focused()?.getAttribute('aria-pressed') === 'true', 'the chosen day');
    const day = focused();
    await enter();
    await waitFor(() => focused() === day && day?.getAttribute('aria-pressed') === 'true', 'focus kept on the day chosen');
    await tab();
    await focusIs('button', /^\d{1,2}:\d{2} [AP]M$/);
    await enter();
    await waitFor(() => focused()?.getAttribute('aria-pressed') === 'true', 'the time, pressed');
    await tab();
    await focusIs('button', 'Continue');
    await enter();

    await focusIs('heading', 'Confirm the new time');
    await tab();
    await focusIs('button', 'Move booking');
    await enter();

    await focusIs('heading', 'Your booking has been moved.');
    expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    const stored = await services.inspect<Appointment>(`${SALON}/appointments/${appointment.id}`);
    expect(stored.start.dateTime).not.to.equal(start);
  });

  it('cancels: Cancel booking, then Yes, cancel it; Back and Keep booking return focus to the heading', async () => {
    const { services, appointment, watch } = await openBooking();
    await tab();
    await focusIs('button', 'Reschedule');
    await tab();
    await focusIs('button', 'Cancel booking');
    await enter();

    await focusIs('heading', 'Cancel this booking?');
    await tab();
    await focusIs('button', 'Yes, cancel it');
    await tab();
    await focusIs('button', 'Keep booking');
    await enter();
    await focusIs('heading', 'Your booking');
    await tab();
    await focusIs('button', 'Reschedule');
    await tab();
    await focusIs('button', 'Cancel booking');
    await enter();
    await focusIs('heading', 'Cancel this booking?');
    await tab();
    await focusIs('button', 'Yes, cancel it');
    await enter();

    await focusIs('heading', 'Your booking has been cancelled.');
    expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    const gone = await services.inspect<{ error?: { code: number } }>(`${SALON}/appointments/${appointment.id}`);
    expect(gone.error?.code).to.equal(404);
  });
});
