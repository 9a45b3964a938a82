/**
 * The held and taken states of #24 with the keyboard alone (issue 24 point 6): a time chosen
 * through the proxy is held (the status line says so, politely), Back gives it back, another
 * is chosen and booked; and a time just taken offers the nearest free ones, focus on the first,
 * Enter books it — in English and in Arabic (right to left).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { takenAr } from '../../../src/i18n/catalogs/taken/ar.js';
import { type TakenMessages, takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { plural } from '../../../src/i18n/plural.js';
import { deepActiveElement, findByRole, getByRole, nameOf, queryAllByRole, roleOf, waitFor } from '../support/dom.js';
import { describeFocus, focusIs, focused } from '../support/focus.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, announced, mountWidget, nextEvent, timesOfADayWith, waitForTimes } from '../support/widget.js';

const isTime = (element: HTMLElement) => roleOf(element) === 'button' && /\bslot\b/.test(element.getAttribute('part') ?? '');
const isButton = (name: string | RegExp) => (element: HTMLElement) =>
  roleOf(element) === 'button' && (typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element)));

/** Presses Tab (Shift+Tab backwards) until focus is on what `wanted` accepts: the way a keyboard user gets there. */
async function tabTo(wanted: (element: HTMLElement) => boolean, what: string, backwards = false): Promise<HTMLElement> {
  for (let presses = 0; presses < 40; presses++) {
    const element = focused();
    if (element && element !== document.body && wanted(element)) return element;
    await sendKeys({ press: backwards ? 'Shift+Tab' : 'Tab' });
  }
  throw new Error(`${what} not reached with ${backwards ? 'Shift+Tab' : 'Tab'} (focus on ${describeFocus()})`);
}

/** Tabs through the details form to Book, typing into each empty field and accepting the privacy policy on the way. */
async function fillByKeyboard(widget: Element, m: Messages): Promise<HTMLElement> {
  const values: [string, string][] = [
    [m.firstName, 'Ada'],
    [m.lastName, 'Lovelace'],
    [m.email, 'ada@example.com'],
    [m.phone, '+1 617 555 0100'],
  ];
  // The form's code loads separately: a visitor waits for its fields as the test does.
  await waitFor(() => queryAllByRole(widget, 'textbox').length, 'the details form');
  for (let presses = 0; presses < 40; presses++) {
    await sendKeys({ press: 'Tab' });
    const element = focused();
    if (!element) continue;
    if (isButton(m.book)(element)) return element;
    const name = nameOf(element);
    if (roleOf(element) === 'textbox' && !(element as HTMLInputElement).value)
      await sendKeys({ type: values.find(([label]) => name.startsWith(label))?.[1] ?? 'None' });
    if (roleOf(element) === 'checkbox' && name.includes(m.privacyPolicy) && !(element as HTMLInputElement).checked)
      await sendKeys({ press: 'Space' });
  }
  throw new Error(`${m.book} not reached with Tab (focus on ${describeFocus()})`);
}

/** The visitor's booking in the sandbox: there is exactly one. */
async function booked(services: Awaited<ReturnType<typeof startServices>>, companyId: string) {
  const { items } = await services.inspect<{ items: SandboxAppointment[] }>(`/api/2.1/scheduling/companies/${companyId}/appointments`);
  const mine = items.filter((item) => item.client.lastName === 'Lovelace');
  expect(mine).to.have.length(1);
  return mine[0]!;
}

describe('booking-widget: held and taken times with the keyboard alone', () => {
  it('holds the time chosen, says so politely, gives it back on Back, and books another', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    // A day with a time after the first: late in the company's day, today may have one left.
    await timesOfADayWith(widget, 2);
    await expect(widget).to.be.accessible();

    const first = await tabTo(isTime, 'a time');
    const firstChosen = nextEvent(widget, 'bw-slot-select');
    await sendKeys({ press: 'Enter' });
    const { start: firstStart } = (await firstChosen).detail;
    await tabTo(isButton(en.continue), en.continue);
    let held = nextEvent(widget, 'bw-slot-held');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', en.steps.details);
    expect((await held).detail.start).to.equal(firstStart);
    // The one line that says so is a status: screen readers say it politely, and nothing is said assertively.
    await findByRole(widget, 'status', en.holdNote);
    expect(announced(widget, 'assertive')).to.equal('');

    const released = nextEvent(widget, 'bw-slot-released');
    await tabTo(isButton(new RegExp(`${en.back}$`)), en.back, true);
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', en.steps.time);
    expect((await released).detail).to.deep.equal({ start: firstStart, reason: 'back' });
    expect(queryAllByRole(widget, 'status', en.holdNote)).to.have.length(0);

    // The tab stop is on the time chosen before, there as soon as the times are: the step reads the day again only
    // once the proxy has the time back (a read before would leave it out). The next one this time.
    await waitForTimes(widget);
    const isFirst = (element: HTMLElement) => isTime(element) && nameOf(element) === nameOf(first);
    expect(queryAllByRole(widget, 'button').find(isFirst)?.tabIndex, `${nameOf(first)}, the tab stop again`).to.equal(0);
    await tabTo(isFirst, nameOf(first));
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => isTime(focused()!) && nameOf(focused()!) !== nameOf(first), 'the next time');
    const secondChosen = nextEvent(widget, 'bw-slot-select');
    await sendKeys({ press: 'Enter' });
    const second = (await secondChosen).detail;
    expect(second.start).not.to.equal(firstStart);
    await tabTo(isButton(en.continue), en.continue);
    held = nextEvent(widget, 'bw-slot-held');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', en.steps.details);
    expect((await held).detail.start).to.equal(second.start);
    await findByRole(widget, 'status', en.holdNote);

    await fillByKeyboard(widget, en);
    const given = nextEvent(widget, 'bw-slot-released');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', en.steps.done);
    expect((await given).detail).to.deep.equal({ start: second.start, reason: 'booked' });
    expect((await booked(services, 'demo-salon')).start.dateTime.slice(0, 16)).to.equal(second.startInCompanyZone.dateTime.slice(0, 16));
  });

  const LANGUAGES: [string, Messages, TakenMessages][] = [
    ['en-US', en, takenEn],
    ['ar', ar, takenAr],
  ];
  for (const [locale, m, taken] of LANGUAGES)
    it(`offers the nearest free times when the time was just taken, focus on the first, and Enter books it (${locale})`, async () => {
      const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic', serviceId: '2103', staffId: '3102', locale });
      await waitForTimes(widget);
      await tabTo(isTime, 'a time');
      await sendKeys({ press: 'Enter' });
      await tabTo(isButton(m.continue), m.continue);
      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.details);
      await fillByKeyboard(widget, m);
      const gone = nextEvent(widget, 'bw-slot-gone');
      await sendKeys({ press: 'Enter' });

      const { alternatives } = (await gone).detail;
      expect(alternatives.length).to.be.within(1, 3);
      // Named by its line, then what the times are for (the service, the staff member, the day, the zone).
      const line = plural(locale, taken.takenOffer, alternatives.length);
      const offer = await findByRole(widget, 'group', new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Sports massage · `));
      const [nearest] = await waitFor(
        () => queryAllByRole(offer, 'button').length > alternatives.length && queryAllByRole(offer, 'button'),
        'the times offered',
      );
      await waitFor(
        () => deepActiveElement() === nearest,
        () => `focus on the first time offered (it is on ${describeFocus()})`,
      );
      expect(getComputedStyle(nearest!).direction).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      await waitFor(
        () => announced(widget, 'polite').includes(plural(locale, taken.takenOffer, alternatives.length)),
        'the offer, said politely',
      );
      await expect(widget).to.be.accessible();

      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.done);
      const start = (await booked(services, 'demo-clinic')).start;
      const offered = new Date(alternatives[0]!).toLocaleString('sv-SE', { timeZone: start.timeZone }).replace(' ', 'T');
      expect(start.dateTime.slice(0, 16)).to.equal(offered.slice(0, 16));
      expect(getByRole(widget, 'heading', m.steps.done)).to.equal(focused());
    });
});
