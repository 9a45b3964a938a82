/**
 * Held times (issue 24; docs/proxy.md, "Held times"): the widget asks the proxy to
 * hold the chosen time while the visitor types, says so once and politely, gives
 * it back on Back and books with it; a time another visitor holds first keeps the
 * visitor on their details, told so, with the nearest free times offered and focus on the first.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { BookingDialog } from '../../../src/embed/booking-dialog.js';
import '../../../src/embed/booking-dialog.js';
import type { SlotSelectEvent } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { deepActiveElement, findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { holdAsAnother, offered } from '../support/holds.js';
import { startServices } from '../support/services.js';
import { TEST_NOW } from '../support/now.js';
import {
  toTimes,
  bookButton,
  choose,
  recordEventSources,
  fillDetails,
  heading,
  mountWidget,
  nextEvent,
  pickTime,
  timeLabels,
  waitForTimes,
} from '../support/widget.js';

async function toDetails(apiBase: string) {
  const widget = await toTimes(apiBase);
  const selected = nextEvent(widget, 'bw-slot-select');
  const held = nextEvent(widget, 'bw-slot-held');
  await pickTime(widget);
  return { widget, slot: ((await selected) as SlotSelectEvent).detail, held };
}

/** What the status line under the details form says. */
const holdLine = (widget: Element) => getByRole(widget, 'status' as never, en.holdNote).textContent!.trim();

describe('booking-widget: held times', () => {
  it('holds the chosen time while the visitor types, says so politely, and is accessible', async () => {
    const services = await startServices();
    const { widget, slot, held } = await toDetails(services.apiBase);
    const { detail } = await held;
    expect(detail.start).to.equal(slot.start);
    expect(Date.parse(detail.expiresAt)).to.be.greaterThan(Date.parse(detail.start) - 86_400_000 * 400);
    await waitFor(() => holdLine(widget) === en.holdNote, 'the line that says the time is held');
    expect(await offered(services.apiBase, slot)).to.equal(false, 'another visitor is not offered the held time');
    await expect(widget).to.be.accessible();
  });

  it('gives the time back when the visitor goes back', async () => {
    const services = await startServices();
    const { widget, slot, held } = await toDetails(services.apiBase);
    await held;
    const released = nextEvent(widget, 'bw-slot-released');
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, 'Choose a time');
    expect((await released).detail).to.deep.equal({ start: slot.start, reason: 'back' });
    await waitFor(() => offered(services.apiBase, slot), 'the time offered again');
  });

  it('books the held time, and the proxy gives the hold up with the booking', async () => {
    const services = await startServices();
    const { widget, held } = await toDetails(services.apiBase);
    await held;
    const released = nextEvent(widget, 'bw-slot-released');
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect((await released).detail.reason).to.equal('booked');
  });

  it('takes a time another visitor holds off an open time step, and puts it back when they go back', async () => {
    const services = await startServices();
    const streams = recordEventSources();
    // An api-base written with a trailing slash, as merchants do: its live channel is the proxy's all the same (audit 10, B3).
    const watching = await toTimes(`${services.apiBase}/`);
    const [first] = await waitForTimes(watching);
    const label = first!.textContent!.trim();
    // The page hears of changes made once its live channel is open (it opens after the first times are painted).
    await waitFor(() => streams.open(), 'the watching page’s live channel open');
    streams.restore();
    const { widget: holder, held } = await toDetails(services.apiBase);
    await held;
    await waitFor(() => !timeLabels(watching).includes(label), 'the held time gone from the other page');
    (await findByRole(holder, 'button', new RegExp(`${en.back}$`))).click();
    await waitFor(() => timeLabels(watching).includes(label), 'the time back on the other page');
  });

  it('keeps the visitor on their details, offering the nearest free times, when another visitor holds the time first', async () => {
    const services = await startServices();
    const widget = await toTimes(services.apiBase);
    const [first] = await waitForTimes(widget);
    // Another visitor holds the first time shown, on another page, before this one chooses it.
    const selected = nextEvent(widget, 'bw-slot-select');
    first!.click();
    const { start } = (await selected).detail;
    expect((await holdAsAnother(services.apiBase, (await selected).detail, 30)).status).to.equal(201);
    const gone = nextEvent(widget, 'bw-slot-gone');
    (await findByRole(widget, 'button', en.continue)).click();
    const { detail } = await gone;
    expect(detail.start).to.equal(start);
    expect(detail.alternatives).not.to.include(start);
    await heading(widget, en.steps.details);
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    const [nearest] = queryAllByRole(offer, 'button');
    expect(queryAllByRole(offer, 'button')).to.have.length(detail.alternatives.length + 1);
    await waitFor(() => deepActiveElement() === nearest, 'focus on the first time offered');
    // Choosing one holds it, as any chosen time.
    const held = nextEvent(widget, 'bw-slot-held');
    nearest!.click();
    expect((await held).detail.start).to.equal(detail.alternatives[0]);
  });
});

describe('booking-widget: held times in a popup', () => {
  it('gives the time back when the popup closes on the details step, and holds it again when it opens there', async () => {
    const services = await startServices();
    const dialog = await fixture<BookingDialog>(html`<booking-dialog></booking-dialog>`);
    const settings: Record<string, string> = { 'company-id': 'demo-salon', 'api-base': services.apiBase, locale: 'en-US', now: TEST_NOW };
    await dialog.show((name) => settings[name] ?? null);
    const { widget } = dialog;
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    const selected = nextEvent(widget, 'bw-slot-select');
    const held = nextEvent(widget, 'bw-slot-held');
    await pickTime(widget);
    const slot = ((await selected) as SlotSelectEvent).detail;
    await held;
    expect(await offered(services.apiBase, slot)).to.equal(false, 'held while the popup is open');

    // "Not now": the visitor closes the popup; the page stays open.
    const released = nextEvent(widget, 'bw-slot-released');
    dialog.close();
    expect((await released).detail).to.deep.equal({ start: slot.start, reason: 'left' });
    await waitFor(() => offered(services.apiBase, slot), 'the time offered to others again');

    // Back on the details, everything kept: the time is held again.
    const again = nextEvent(widget, 'bw-slot-held');
    await dialog.show((name) => settings[name] ?? null);
    expect((await again).detail.start).to.equal(slot.start);
    expect(await offered(services.apiBase, slot)).to.equal(false, 'held again');
    await heading(widget, 'Your details');
  });
});

describe('booking-widget: held times when the company changes', () => {
  it('a company-id changed on the details step gives the time back at once and sends no hold of it to the new company', async () => {
    const services = await startServices();
    const holdsAsked: string[] = [];
    // The new company's answers wait until the time is given back: it goes as the company changes, not once the new one is in.
    let given: () => void;
    const givenBack = new Promise<void>((resolve) => (given = resolve));
    const watching: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (init?.method === 'POST' && url.pathname.endsWith('/holds')) holdsAsked.push(url.pathname.replace(/^.*\/proxy\//, '/proxy/'));
      if (url.pathname.includes('/demo-courts')) await givenBack;
      return fetch(input, init);
    };
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: watching });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await heading(widget, 'Choose a time');
    const held = nextEvent(widget, 'bw-slot-held');
    await pickTime(widget);
    await held;
    const released = nextEvent(widget, 'bw-slot-released');
    // The page switches the widget to another company (a select in a React app, say).
    widget.setAttribute('company-id', 'demo-courts');
    await released;
    given!();
    await heading(widget, 'Choose what to book');
    expect(holdsAsked, holdsAsked.join(' ')).to.deep.equal(['/proxy/companies/demo-salon/holds']);
  });
});
