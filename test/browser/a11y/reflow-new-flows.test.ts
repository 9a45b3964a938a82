/**
 * Issue #31, point 3 (WCAG 1.4.4, 1.4.10): every state of the flows added last — several
 * locations, intake questions (the clinic's two-page form), consecutive durations and
 * manage mode — in a 320 px column with text at 200 %, in English and in Arabic (where
 * what sticks out past the left edge is cut off, with no scrolling to reach it). Nothing
 * may leave the widget's box on either side, and the widget never scrolls sideways.
 * (The booking flow's own states: zoom-and-colors.test.ts.)
 */
import { expect } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import { allElements, deepText, findByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { json } from '../support/fake-fetch.js';
import { bookThroughProxy, freeStarts, linkValue, mountBehindProxyNotice, mountManage, setSelfServiceRules } from '../support/manage.js';
import { startServices } from '../support/services.js';
import { bookButton, choices, choose, heading, mountWidget, pickTime, waitForTimes } from '../support/widget.js';
import { intakeWords } from '../../../src/i18n/catalogs/intake-en.js';

const LOCALES: [string, Messages & ManageMessages][] = [
  ['en-US', { ...en, ...manageEn }],
  ['ar', { ...ar, ...manageAr }],
];

/** A phone held upright, with the visitor's text at twice its size. */
function narrowAndLarge(widget: BookingWidget): BookingWidget {
  widget.style.width = '320px';
  widget.style.setProperty('--bw-font-size', '2rem');
  return widget;
}

/** What leaves the widget's box sideways (by how much), and whether the widget itself scrolls sideways. */
function overflow(widget: BookingWidget): string[] {
  const box = widget.getBoundingClientRect();
  const found = allElements(widget).flatMap((element) => {
    const rect = element.getBoundingClientRect();
    const out = Math.max(box.left - rect.left, rect.right - box.right);
    if (!rect.width || out <= 0.5) return [];
    const what = `${element.tagName.toLowerCase()} "${nameOf(element).slice(0, 40)}"`;
    return [`${what}: ${Math.round(rect.width)} px wide, ${Math.round(out)} px past the ${box.left - rect.left > 0.5 ? 'left' : 'right'}`];
  });
  const root = widget.shadowRoot!.querySelector('.root') as HTMLElement;
  if (root.scrollWidth > root.clientWidth + 0.5)
    found.push(`the widget scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
  return found;
}

async function fits(widget: BookingWidget, state: string) {
  await widget.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  expect(overflow(widget), state).to.deep.equal([]);
}

for (const [locale, m] of LOCALES) {
  describe(`reflow at 200 % text in 320 px: the new flows (${locale})`, () => {
    it('several locations: the list, Nearest first refused, a location loading, its first step, and a list that failed', async () => {
      const services = await startServices();
      let hold: RegExp | undefined;
      let release = () => {};
      let refuse = true;
      const gated = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (refuse && /\/companies\/demo-salon-west$/.test(url))
          return json({ error: { code: 400, message: 'Refused by the test.' } }, 400);
        if (hold?.test(url)) await new Promise<void>((resolve) => (release = resolve));
        return fetch(input, init);
      }) as typeof fetch;
      const widget = narrowAndLarge(
        await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale, fetch: gated }),
      );
      const retry = await findByRole(widget, 'button', m.tryAgain);
      await fits(widget, 'the list failed to load');
      refuse = false;
      retry.click();
      await waitFor(() => choices(widget).length === 2, 'the locations');
      await heading(widget, m.steps.location);
      await fits(widget, 'the location step');

      const original = navigator.geolocation.getCurrentPosition;
      navigator.geolocation.getCurrentPosition = (_ok, fail) => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
      try {
        (await findByRole(widget, 'button', m.nearestFirst)).click();
        await waitFor(() => deepText(widget).includes(m.locationRefused), 'the refusal');
        await fits(widget, 'the location step, position refused');
      } finally {
        navigator.geolocation.getCurrentPosition = original;
      }

      hold = /demo-salon-west/;
      await choose(widget, /Mission/);
      await waitFor(() => queryAllByRole(widget, 'status').some((status) => status.textContent!.includes(m.loading)), 'Loading…');
      await fits(widget, 'a location loading');
      hold = undefined;
      release();
      await heading(widget, m.steps.service);
      await waitFor(() => choices(widget).length, 'the services');
      await fits(widget, 'the service step after the location');
    });

    it('intake questions: the two-page form, with its errors, and questions that failed to load', async () => {
      const services = await startServices();
      let refuse = true;
      const gated = (async (input: RequestInfo | URL, init?: RequestInit) =>
        refuse && /\/forms\b/.test(String(input))
          ? json({ error: { code: 400, message: 'Refused by the test.' } }, 400)
          : fetch(input, init)) as typeof fetch;
      const widget = narrowAndLarge(
        await mountWidget({
          apiBase: services.apiBase,
          companyId: 'demo-clinic',
          staffId: '3101',
          serviceId: '2101',
          locale,
          fetch: gated,
        }),
      );
      await pickTime(widget, 0, m);
      const retry = await findByRole(widget, 'button', m.tryAgain);
      await fits(widget, 'the questions failed to load');
      refuse = false;
      retry.click();
      await findByRole(widget, 'group', intakeWords(m).questionsPart(1, 2));
      await heading(widget, 'About your visit');
      await fits(widget, 'the two-page form');
      bookButton(widget, m).click();
      await waitFor(() => queryAllByRole(widget, 'radiogroup').length && deepText(widget).includes(m.required), 'the errors');
      await fits(widget, 'the two-page form, with errors');
    });

    it('consecutive durations: How long?, and the times for two hours', async () => {
      const services = await startServices();
      const widget = narrowAndLarge(await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts', locale }));
      await choose(widget, /^Clay tennis court/);
      const twoHours = await findByRole(widget, 'radio', /^2/);
      await fits(widget, 'How long?');
      twoHours.click();
      (await findByRole(widget, 'button', m.continue)).click();
      await waitForTimes(widget);
      await fits(widget, 'the times for two hours');
    });

    it('manage mode: the booking, a new time, its confirmation, moved', async () => {
      const services = await startServices({ manage: true });
      const [start] = await freeStarts(services);
      const appointment = await bookThroughProxy(services, start!);
      const widget = narrowAndLarge(await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale }));
      await heading(widget, m.yourBooking);
      await findByRole(widget, 'button', m.reschedule);
      await fits(widget, 'the booking');
      (await findByRole(widget, 'button', m.reschedule)).click();
      await heading(widget, m.chooseNewTime);
      (await waitForTimes(widget))[0]!.click();
      await findByRole(widget, 'button', m.continue);
      await fits(widget, 'a new time');
      (await findByRole(widget, 'button', m.continue)).click();
      await heading(widget, m.confirmNewTime);
      await fits(widget, 'the new time to confirm');
      (await findByRole(widget, 'button', m.moveBooking)).click();
      await heading(widget, m.moved);
      await fits(widget, 'moved');
    });

    it('manage mode: the cancel question, cancelled, locked with the contact, refused by the notice, a link not valid', async () => {
      const services = await startServices({ manage: true });
      const [first] = await freeStarts(services);
      const toCancel = await bookThroughProxy(services, first!);
      const widget = narrowAndLarge(await mountManage({ apiBase: services.apiBase, token: linkValue(toCancel), locale }));
      (await findByRole(widget, 'button', m.cancelBooking)).click();
      await heading(widget, m.cancelQuestion);
      await fits(widget, 'the cancel question');
      (await findByRole(widget, 'button', m.confirmCancel)).click();
      await heading(widget, m.cancelled);
      await fits(widget, 'cancelled');
      widget.remove();

      const forged = narrowAndLarge(
        await mountManage({ apiBase: services.apiBase, token: `${toCancel.id}:${toCancel.manageToken}x`, locale }),
      );
      await waitFor(() => deepText(forged).includes(m.linkInvalid), 'the refusal');
      await fits(forged, 'a link that is not valid');
      forged.remove();

      // The proxy keeps the company it read: the rules change on services it has not read them from yet.
      const strict = await startServices({ manage: true });
      const locked = await bookThroughProxy(strict, (await freeStarts(strict))[0]!);
      await setSelfServiceRules(strict, { rescheduleNoticeMinutes: 60 * 24 * 30, cancelNoticeMinutes: 60 * 24 * 30 });
      const lockedWidget = narrowAndLarge(await mountManage({ apiBase: strict.apiBase, token: linkValue(locked), locale }));
      await waitFor(() => deepText(lockedWidget).includes(m.contactUs), 'the contact');
      await fits(lockedWidget, 'a booking that can no longer change');
      lockedWidget.remove();

      const { widget: refused } = await mountBehindProxyNotice(await startServices({ manage: true }), { locale });
      narrowAndLarge(refused);
      (await findByRole(refused, 'button', m.reschedule)).click();
      (await waitForTimes(refused))[0]!.click();
      (await findByRole(refused, 'button', m.continue)).click();
      (await findByRole(refused, 'button', m.moveBooking)).click();
      await waitFor(() => deepText(refused).includes(m.tooLate), 'the refusal');
      await fits(refused, 'a move refused by the notice');
    });
  });
}
