/**
 * Holds the proxy granted but answered late (a busy proxy; docs/proxy.md, "Held times"): the
 * booking waits for the hold's answer instead of booking without it, and a hold the visitor left
 * before its answer came is given back once it comes. The answers come seconds late, so this file
 * pins its own instant (an ordinary Tuesday morning at demo-salon) and is listed in
 * web-test-runner.config.mjs's UNDATED_FILES: the pinned todays would only repeat its waits.
 * The rest of the held times' flow, under every pinned today, is held-times.test.ts.
 */
import { expect } from '@open-wc/testing';
import type { SlotSelectEvent } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { findByRole, waitFor } from '../support/dom.js';
import { holdAsAnother, lateHoldAnswers, lateReleases, offered } from '../support/holds.js';
import { ORDINARY_TODAY as NOW } from '../../support/test-clock.js';
import { startServices } from '../support/services.js';
import {
  bookButton,
  choose,
  fillDetails,
  heading,
  mountWidget,
  nextEvent,
  pickTime,
  recordEventSources,
  timeButtons,
  toDetails,
} from '../support/widget.js';

describe('booking-widget: a hold answered late', () => {
  it('books a time whose hold the proxy granted but answered late (a busy proxy): the booking waits for the hold', async () => {
    const services = await startServices({ now: NOW });
    // The proxy holds the time at once; its answer reaches the page 11 s later (beyond the 10 s the widget once waited).
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: lateHoldAnswers(11_000), now: NOW });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
  });

  it('gives back a hold the proxy granted but had not answered when the visitor went back, once the answer comes', async () => {
    const services = await startServices({ now: NOW });
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: lateHoldAnswers(3000), now: NOW });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    const selected = nextEvent(widget, 'bw-slot-select');
    await pickTime(widget);
    const slot = ((await selected) as SlotSelectEvent).detail;
    // The proxy holds the time; the page has not heard so yet when the visitor goes back.
    await waitFor(async () => !(await offered(services.apiBase, slot)), 'the time held on the proxy');
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, 'Choose a time');
    // Not held until it lapses (minutes): the hold is given back as its answer comes.
    await waitFor(() => offered(services.apiBase, slot), 'the time offered again');
  });

  it('moves a hold not answered yet to the next time the visitor chooses, rather than holding both', async () => {
    const services = await startServices({ now: NOW });
    const asked: { token?: string }[] = [];
    const late = lateHoldAnswers(3000);
    const recording: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && new URL(String(input)).pathname.endsWith('/holds')) asked.push(JSON.parse(String(init.body)));
      return late(input, init);
    };
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: recording, now: NOW });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    const chosen = async (index: number) => {
      const selected = nextEvent(widget, 'bw-slot-select');
      await pickTime(widget, index);
      return ((await selected) as SlotSelectEvent).detail;
    };
    const first = await chosen(0);
    await waitFor(async () => !(await offered(services.apiBase, first)), 'the first time held on the proxy');
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, 'Choose a time');
    // A time that does not overlap the first (times every 15 minutes, the cut lasts 30).
    const second = await chosen(4);
    await waitFor(async () => !(await offered(services.apiBase, second)), 'the second time held');
    await waitFor(() => offered(services.apiBase, first), 'the first time offered again');
    // The second hold waited for the first one's answer and carried its token: the proxy moved that hold.
    expect(asked.map((body) => typeof body.token)).to.deep.equal(['undefined', 'string']);
  });

  it('books the time chosen after a hold refused while Book waited for it, and never sends the refused one', async () => {
    const services = await startServices({ now: NOW });
    // The widget's first hold leaves the page only once another visitor holds the same time; every booking sent is
    // recorded, and the first one's answer is kept from the page until the visitor has pressed Book a second time.
    let otherHolds!: () => void;
    const heldByOther = new Promise<void>((resolve) => (otherHolds = resolve));
    let bookedAgain!: () => void;
    const secondBook = new Promise<void>((resolve) => (bookedAgain = resolve));
    const sent: string[] = [];
    let holds = 0;
    const fetcher: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (init?.method === 'POST' && path.endsWith('/holds') && holds++ === 0) await heldByOther;
      if (init?.method !== 'POST' || !path.endsWith('/appointments')) return fetch(input, init);
      sent.push((JSON.parse(String(init.body)) as { start: { dateTime: string } }).start.dateTime);
      const answer = await fetch(input, init);
      if (sent.length === 1) await secondBook;
      return answer;
    };
    const { widget, slot } = await toDetails(services.apiBase, fetcher, NOW);
    const first = slot.detail;
    fillDetails(widget);
    // Book waits for the hold's answer, which is "taken": another visitor held the time a moment before.
    bookButton(widget).click();
    expect((await holdAsAnother(services.apiBase, first, 30)).status).to.equal(201);
    otherHolds();
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    (await findByRole(offer, 'button', 'Choose another time')).click();
    await heading(widget, 'Choose a time');
    const again = nextEvent(widget, 'bw-slot-select');
    await pickTime(widget, 4);
    const second = ((await again) as SlotSelectEvent).detail;
    bookButton(widget).click();
    bookedAgain();
    await heading(widget, 'Booking confirmed');
    expect(sent).to.deep.equal([second.startInCompanyZone.dateTime]);
    expect(second.start).not.to.equal(first.start);
  });

  it('keeps the time on screen after Back while its release is on its way, and the time step reads it back only once given back', async () => {
    const services = await startServices({ now: NOW });
    const streams = recordEventSources();
    // The release reaches the proxy 1.5 s after Back: meanwhile the proxy still hides the time from every read.
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: lateReleases(1500), now: NOW });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    const selected = nextEvent(widget, 'bw-slot-select');
    const held = nextEvent(widget, 'bw-slot-held');
    const label = await pickTime(widget);
    const slot = ((await selected) as SlotSelectEvent).detail;
    await held;
    const shown = () => timeButtons(widget).some((button) => button.textContent!.trim() === label);
    const released = nextEvent(widget, 'bw-slot-released');
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, 'Choose a time');
    // Every frame from Back until the proxy offers the time again, and a second after: the time never leaves the list.
    let missing = 0;
    let done = false;
    const watch = () => {
      if (!shown()) missing++;
      if (!done) requestAnimationFrame(watch);
    };
    watch();
    await released;
    await waitFor(() => offered(services.apiBase, slot), 'the time offered again');
    await waitFor(() => streams.open(), 'the live channel open again');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    done = true;
    streams.restore();
    expect(missing, `frames without ${label}`).to.equal(0);
    expect(shown()).to.equal(true);
  });
});
