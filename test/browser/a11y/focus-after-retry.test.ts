/**
 * Issue #31, "focus asserted after every retry": every "Try again" the widget shows beside
 * the locations' and the questions' (focus-and-errors.test.ts) — the company that did not
 * load, the time step's free times, manage mode's booking and its new time's free times,
 * the walk-in line — pressed with the keyboard while the service is busy (503s the client
 * gives up on after its own retries). Focus is asserted after the press, while the answer
 * is held back, and once it is in; it is sampled on every frame in between and never falls
 * to the page. English and Arabic.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import { queueAr } from '../../../src/i18n/catalogs/queue/ar.js';
import { type QueueMessages, queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { deepText, findByRole, nameOf, roleOf, waitFor } from '../support/dom.js';
import { json } from '../support/fake-fetch.js';
import { describeFocus, focusIs, focused, watchFocus } from '../support/focus.js';
import { bookThroughProxy, freeStarts, linkValue, mountManage } from '../support/manage.js';
import { startServices } from '../support/services.js';
import { choices, choose, heading, mountWidget, waitForTimes } from '../support/widget.js';

type AllMessages = Messages & ManageMessages & QueueMessages;

/**
 * A `fetch` through to the test's services, except that requests whose URL matches `hold`
 * wait until `release()`, which lets every one of them go on, and those matching `refuse`
 * get a 503 (the service busy: the visitor is offered "Try again").
 */
function gate() {
  const waiting: (() => void)[] = [];
  const gated = {
    refuse: undefined as RegExp | undefined,
    hold: undefined as RegExp | undefined,
    /** How many requests wait for `release()`. */
    get held() {
      return waiting.length;
    },
    release() {
      gated.hold = undefined;
      for (const resume of waiting.splice(0)) resume();
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (gated.hold?.test(url)) await new Promise<void>((resume) => waiting.push(resume));
      // Read after the hold: a request held back can still be refused when it is let through.
      if (gated.refuse?.test(url))
        return json({ error: { code: 503, errorCode: 'SERVICE_UNAVAILABLE', message: 'Busy, says the test.' } }, 503);
      return fetch(input, init);
    }) as typeof fetch,
  };
  return gated;
}

/** Presses "Try again" with the keyboard once what it asks for is held back; answers the focus sampler. */
async function pressTryAgain(widget: Element, m: Messages, gated: ReturnType<typeof gate>, requests: RegExp) {
  const retry = await findByRole(widget, 'button', m.tryAgain);
  gated.refuse = undefined;
  gated.hold = requests;
  retry.focus();
  const watch = watchFocus();
  await sendKeys({ press: 'Enter' });
  return watch;
}

/** The time step's times heading, whatever day it names: "Choose a day", or "Times on …". */
function timesHeading(m: Messages): (name: string) => boolean {
  const [before, after] = m.timesLabel('\u0000').split('\u0000') as [string, string];
  return (name) => name === m.chooseDay || (name.startsWith(before) && name.endsWith(after));
}

async function focusOnHeading(matches: (name: string) => boolean, what: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const element = focused();
      return element && roleOf(element) === 'heading' && matches(nameOf(element)) && element;
    },
    () => `focus on the heading ${what} (it is on ${describeFocus()})`,
  );
}

const FREE_SLOTS = /\/freeSlots\b/;

for (const [locale, m] of [
  ['en-US', { ...en, ...manageEn, ...queueEn }],
  ['ar', { ...ar, ...manageAr, ...queueAr }],
] as [string, AllMessages][]) {
  describe(`focus after every "Try again" (${locale})`, () => {
    it('the company that did not load: focus on "Loading…", then on the first step’s heading', async () => {
      const services = await startServices();
      const gated = gate();
      const company = /\/companies\/demo-salon$/;
      gated.refuse = company;
      const widget = await mountWidget({ apiBase: services.apiBase, locale, fetch: gated.fetch });
      const watch = await pressTryAgain(widget, m, gated, company);
      const loading = await waitFor(
        () => gated.held > 0 && roleOf(focused()!) === 'status' && focused()!.textContent!.includes(m.loading) && focused(),
        () => `focus on "${m.loading}" while the company is held back (it is on ${describeFocus()})`,
      );
      expect(loading.getRootNode()).to.equal(widget.shadowRoot);
      gated.release();
      await focusIs('heading', m.steps.service);
      await waitFor(() => choices(widget).length, 'the services');
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('the company that failed again: focus goes from "Loading…" to the next "Try again"', async () => {
      const services = await startServices();
      const gated = gate();
      const company = /\/companies\/demo-salon$/;
      gated.refuse = company;
      const widget = await mountWidget({ apiBase: services.apiBase, locale, fetch: gated.fetch });
      const watch = await pressTryAgain(widget, m, gated, company);
      await waitFor(
        () => gated.held && roleOf(focused()!) === 'status',
        () => `focus on "${m.loading}" (it is on ${describeFocus()})`,
      );
      gated.refuse = company;
      gated.release();
      await focusIs('button', m.tryAgain);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('the company that did not load in manage mode: focus on "Loading…", then on the company’s name above the booking', async () => {
      const services = await startServices({ manage: true });
      const [start] = await freeStarts(services);
      const appointment = await bookThroughProxy(services, start!);
      const gated = gate();
      const company = /\/companies\/demo-salon$/;
      gated.refuse = company;
      const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale, fetch: gated.fetch });
      const watch = await pressTryAgain(widget, m, gated, company);
      await waitFor(
        () => gated.held && roleOf(focused()!) === 'status',
        () => `focus on "${m.loading}" (it is on ${describeFocus()})`,
      );
      gated.release();
      await findByRole(widget, 'button', m.reschedule);
      await focusIs('heading', 'Maple Street Hair Studio');
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('the time step’s free times: focus on the times’ heading above "Loading…", kept as the times arrive', async () => {
      const services = await startServices();
      const gated = gate();
      const widget = await mountWidget({ apiBase: services.apiBase, locale, fetch: gated.fetch });
      await heading(widget, m.steps.service);
      gated.refuse = FREE_SLOTS;
      await choose(widget, /Men/);
      await heading(widget, m.steps.staff);
      (await waitFor(() => choices(widget)[0], 'anyone')).click();
      await heading(widget, m.steps.time);
      const watch = await pressTryAgain(widget, m, gated, FREE_SLOTS);
      const timesHeadingFocused = await focusOnHeading(timesHeading(m), 'of the times');
      await waitFor(() => gated.held && deepText(widget).includes(m.loading), '"Loading…" while the times are held back');
      gated.release();
      await waitForTimes(widget);
      expect(focused(), `focus kept on the times’ heading (it is on ${describeFocus()})`).to.equal(timesHeadingFocused);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('manage mode’s booking: focus on its heading above "Loading…", kept as the booking arrives', async () => {
      const services = await startServices({ manage: true });
      const [start] = await freeStarts(services);
      const appointment = await bookThroughProxy(services, start!);
      const gated = gate();
      const booking = new RegExp(`/appointments/${appointment.id}\\b`);
      gated.refuse = booking;
      const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale, fetch: gated.fetch });
      await heading(widget, m.yourBooking);
      const watch = await pressTryAgain(widget, m, gated, booking);
      const bookingHeading = await focusIs('heading', m.yourBooking);
      await waitFor(() => gated.held && deepText(widget).includes(m.loading), '"Loading…" while the booking is held back');
      expect(focused()).to.equal(bookingHeading);
      gated.release();
      await findByRole(widget, 'button', m.reschedule);
      await focusIs('heading', m.yourBooking);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('manage mode’s new time: focus on the times’ heading above "Loading…", kept as the times arrive', async () => {
      const services = await startServices({ manage: true });
      const [start] = await freeStarts(services);
      const appointment = await bookThroughProxy(services, start!);
      const gated = gate();
      const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale, fetch: gated.fetch });
      gated.refuse = FREE_SLOTS;
      (await findByRole(widget, 'button', m.reschedule)).click();
      await heading(widget, m.chooseNewTime);
      const watch = await pressTryAgain(widget, m, gated, FREE_SLOTS);
      const timesHeadingFocused = await focusOnHeading(timesHeading(m), 'of the times');
      await waitFor(() => gated.held && deepText(widget).includes(m.loading), '"Loading…" while the times are held back');
      gated.release();
      await waitForTimes(widget);
      expect(focused(), `focus kept on the times’ heading (it is on ${describeFocus()})`).to.equal(timesHeadingFocused);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('the walk-in line: focus on its heading above "Loading…", then on the line’s own heading', async () => {
      // A Wednesday 10:00 in Boston, when the salon's line is open.
      const NOW = '2026-03-04T15:00:00Z';
      const services = await startServices({ queues: true, now: NOW });
      const gated = gate();
      const queues = /\/api\/2\.0\/queues\b/;
      gated.refuse = queues;
      const widget = await fixture<BookingWidget>(
        html`<booking-widget
          company-id="demo-salon"
          api-base=${services.apiBase}
          locale=${locale}
          queue="only"
          now=${NOW}
          .fetch=${gated.fetch}
        ></booking-widget>`,
      );
      await heading(widget, m.yourPlace);
      const watch = await pressTryAgain(widget, m, gated, queues);
      const placeHeading = await focusIs('heading', m.yourPlace);
      await waitFor(() => gated.held && deepText(widget).includes(m.loading), '"Loading…" while the line is held back');
      expect(focused()).to.equal(placeHeading);
      gated.release();
      await focusIs('heading', 'Walk-in cuts');
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });
  });
}
