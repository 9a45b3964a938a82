/**
 * ManageController (#23) without a browser: a host that does what Lit does around a
 * render, and a `fetch` that answers as the proxy would, with answers the test holds
 * back or gives. What is checked is what the visitor and the page notice: the
 * requests sent, the state shown, focus moving, and the events fired.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { FakeHost } from './support/fake-host.js';
import type { SchedulingClient } from '../../src/api/client.js';
import { SchedulingError } from '../../src/api/errors.js';
import type { Catalog } from '../../src/booking/catalog.js';
import type { ManageLink } from '../../src/booking/manage-link.js';
import { Lock, ManageFailure, ManagePhase } from '../../src/booking/manage-flow.js';
import { loadProblem } from '../../src/booking/problems.js';
import { ManageController } from '../../src/components/booking-widget/manage-controller.js';
import { waitMessage } from '../../src/components/manage/manage-notes.js';
import type { CancelledEvent } from '../../src/components/events/cancelled-event.js';
import type { BookingErrorEvent } from '../../src/components/events/error-event.js';
import { ManageIntentEvent } from '../../src/components/events/manage-intent-event.js';
import { TimeController, type TimeDependencies } from '../../src/components/booking-widget/time-controller.js';
import type { ManageIntent } from '../../src/booking/manage-flow.js';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import type { RescheduledEvent } from '../../src/components/events/rescheduled-event.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { fr } from '../../src/i18n/catalogs/fr.js';
import { createLocalizer } from '../../src/i18n/localizer.js';
import { BOOKED_CUT, catalogOf } from './booking-support.js';
import { until } from './support/until.js';
import { locationOf } from '../../src/booking/summary.js';
import { appointmentUid, renderCalendarLinks } from '../../src/components/calendar/calendar-links.js';

/** Wednesday 4 March 2026, 10:00 in Boston. */
const NOW = Date.parse('2026-03-04T15:00:00Z');
/** Saturday 7 March, 09:00 in Boston. */
const LATER = Date.parse('2026-03-07T14:00:00Z');
const API = 'https://salon.example/booking-api';

const BOOKING = BOOKED_CUT;

/** The widget as manage mode reads it: its company and display zone. */
class ManageHost extends FakeHost {
  locationId = '1';
  displayTimeZone = 'company';
}

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A `fetch` whose answers the test gives one by one, in the order the requests arrive. */
function fakeProxy() {
  const sent: Sent[] = [];
  const waiting: { request: Sent; answer: (response: Response | Error) => void }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input));
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/booking-api', ''),
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    return new Promise((resolve, reject) =>
      waiting.push({ request, answer: (response) => (response instanceof Error ? reject(response) : resolve(response)) }),
    );
  };
  /** The next request, once it has gone out (the client authenticates first). */
  const next = async (): Promise<Sent> => {
    const count = sent.length;
    await until(() => sent.length > count, 'a request');
    return sent.at(-1)!;
  };
  /** Answers the oldest request waiting, once it has arrived. */
  const answer = async (response: Response | Error) => {
    await until(() => waiting.length > 0, 'a request');
    waiting.shift()!.answer(response);
  };
  return { sent, fetch, next, answer };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, errorCode: string, field?: string) =>
  json(status, { error: { code: status, errorCode, message: 'The proxy said no.', ...(field && { field }) } });

function setUp(options: { rules?: Record<string, unknown>; locale?: string } = {}) {
  const host = new ManageHost();
  const proxy = fakeProxy();
  const catalog: Catalog = catalogOf('service', { ...options.rules });
  const slotsAsked: unknown[] = [];
  const api = {
    // The new time's slot store asks through the widget's client: what it asks for is what the booking holds.
    getFreeSlots: async (...args: unknown[]) => (slotsAsked.push(args), { items: [] }),
  } as unknown as SchedulingClient;
  let link: ManageLink | undefined = { appointmentId: 'a1', token: 'signed-token' };
  let bookedAgain = 0;
  const said: string[] = [];
  const localizer = options.locale === 'fr' ? createLocalizer('fr', fr) : createLocalizer('en-US', en);
  // The real time step controller, whose dependencies the test keeps: what the time step would call.
  let time: TimeDependencies | undefined;
  class RecordedTime extends TimeController {
    constructor(...args: ConstructorParameters<typeof TimeController>) {
      super(...args);
      time = args[1];
    }
  }
  const controller = new ManageController(host, {
    link: () => link,
    catalog: {
      value: catalog,
      api,
      clientOptions: () => ({ apiBase: API, fetch: proxy.fetch, retry: { retries: 0 } }),
    },
    locale: { localizer },
    announcer: { say: (text) => said.push(text) },
    clock: () => () => NOW,
    problemOf: (error, phase) => loadProblem(error, phase, { companyId: host.locationId, apiBase: API }, en),
    TimeController: RecordedTime,
    // The confirmation's calendar code, as the booking chunk hands it over.
    laterSteps: async () => ({ calendarTools: { appointmentUid, locationOf, renderCalendarLinks } }),
    // The widget leaves manage mode (its own part: the browser suite's manage.test.ts books anew).
    bookAgain: () => (bookedAgain += 1),
  });
  const errors: BookingErrorEvent['detail'][] = [];
  host.addEventListener('bw-error', (event) => errors.push((event as BookingErrorEvent).detail));
  /** The visitor's intents: those of `<bw-manage>`, and the time step's, as its controller passes them on. */
  const ask = (
    request:
      | ManageIntent
      | { type: 'time'; day: CalendarDate; slot: number }
      | { type: 'zone'; timeZone: string }
      | { type: 'slots-error'; error: unknown },
  ) => {
    if (request.type === 'time') time!.chooseTime(request.day, request.slot);
    else if (request.type === 'zone') time!.zone(request.timeZone);
    else if (request.type === 'slots-error') time!.failed(request.error);
    else controller.onIntent(new ManageIntentEvent(request));
    host.render();
  };
  /** What the time step is for, while it shows. */
  const timeInputs = () => time!.inputs();
  const phase = () => controller.state?.phase;
  return {
    host,
    proxy,
    controller,
    errors,
    said,
    slotsAsked,
    ask,
    phase,
    timeInputs,
    setLink: (next: ManageLink | undefined) => (link = next),
    /** How often the controller handed the widget back for a new booking. */
    bookedAgain: () => bookedAgain,
    /** Opens the link and answers the read with the booking. */
    async open() {
      host.render();
      await proxy.answer(json(200, BOOKING));
      await until(() => phase() === ManagePhase.View, 'the booking shown');
    },
    /** From the booking to the confirmation of a move to LATER. */
    async toConfirmMove() {
      await this.open();
      ask({ type: 'reschedule' });
      ask({ type: 'time', day: '2026-03-07', slot: LATER });
      ask({ type: 'continue' });
      assert.equal(phase(), ManagePhase.ConfirmMove);
    },
  };
}

let consoleErrors: ReturnType<typeof mock.method>;
beforeEach(() => {
  consoleErrors = mock.method(console, 'error', () => {});
});
afterEach(() => mock.restoreAll());

describe('ManageController: reading the booking', () => {
  it('reads the booking the link names once, with the link’s token in its own header, and shows it without taking focus', async () => {
    const { host, proxy, controller, open } = setUp();
    await open();
    assert.deepEqual(
      proxy.sent.map((r) => [r.method, r.path]),
      [['GET', '/api/2.1/scheduling/companies/1/appointments/a1']],
    );
    assert.equal(proxy.sent[0]!.headers.get('Manage-Token'), 'signed-token');
    const view = controller.view!;
    assert.equal(view.state.appointment?.reference, 'R-1');
    assert.equal(view.messages.yourBooking, 'Your booking');
    assert.equal(view.focus, 0, 'opening the page never takes focus from it');
    host.render();
    host.render();
    assert.equal(proxy.sent.length, 1, 'another render reads nothing again');
  });

  it('another link, or another API, reads again', async () => {
    const { host, proxy, setLink, open } = setUp();
    await open();
    setLink({ appointmentId: 'a2', token: 'other' });
    let request = proxy.next();
    host.render();
    assert.equal((await request).path, '/api/2.1/scheduling/companies/1/appointments/a2');
    host.locationId = '2';
    request = proxy.next();
    host.render();
    assert.equal((await request).path, '/api/2.1/scheduling/companies/2/appointments/a2');
  });

  it('waits for the link and the company; without a link it reads nothing', () => {
    const { host, proxy, setLink, controller } = setUp();
    setLink(undefined);
    host.render();
    assert.equal(proxy.sent.length, 0);
    assert.equal(controller.view, undefined);
  });

  it('a refused link: the screen says so, the page hears bw-error (phase manage) with the proxy’s words, the console nothing', async () => {
    const { host, proxy, controller, errors } = setUp();
    host.render();
    await proxy.answer(refusal(403, 'FORBIDDEN', 'Manage-Token'));
    await until(() => controller.state?.phase === ManagePhase.Failed, 'the failure');
    assert.deepEqual(controller.state?.failure, { kind: ManageFailure.LinkInvalid });
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.phase, 'manage');
    assert.equal(errors[0]!.status, 403);
    assert.match(errors[0]!.message, /The proxy said no\./);
    assert.equal(consoleErrors.mock.callCount(), 0);
  });

  it('a read that failed for want of an answer: Try again reads again, and focus goes to what it found', async () => {
    const { host, proxy, controller, ask, errors } = setUp();
    host.render();
    await proxy.answer(new TypeError('Failed to fetch'));
    await until(() => controller.state?.phase === ManagePhase.Failed, 'the failure');
    assert.deepEqual(controller.state?.failure, { kind: ManageFailure.Retry });
    assert.equal(errors[0]!.errorCode, 'NETWORK_ERROR');
    ask({ type: 'retry' });
    assert.equal(controller.state?.phase, ManagePhase.Loading);
    await proxy.answer(json(200, BOOKING));
    await until(() => controller.state?.phase === ManagePhase.View, 'the booking');
    assert.ok(controller.view!.focus > 0, 'a visitor who retried hears the outcome');
  });

  it('a rate-limited read (429 with Retry-After): the visitor is asked to wait that many seconds, and may try again', async () => {
    const { host, proxy, controller, ask } = setUp();
    host.render();
    await proxy.answer(
      new Response(JSON.stringify({ error: { code: 429, errorCode: 'RATE_LIMITED', message: 'Too many requests.' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
      }),
    );
    await until(() => controller.state?.phase === ManagePhase.Failed, 'the failure');
    assert.deepEqual(controller.state?.failure, { kind: ManageFailure.Retry, waitSeconds: 42 });
    assert.equal(waitMessage(controller.view!), 'Too many requests from this connection. Please wait 42 seconds, then try again.');
    ask({ type: 'retry' });
    await proxy.answer(json(200, BOOKING));
    await until(() => controller.state?.phase === ManagePhase.View, 'the booking');
    assert.equal(controller.state?.failure, undefined);
  });

  it('shows nothing until manage mode’s messages have arrived in the visitor’s language', async () => {
    const { host, proxy, controller } = setUp({ locale: 'fr' });
    host.render();
    await proxy.answer(json(200, BOOKING));
    await until(() => controller.state?.phase === ManagePhase.View, 'the booking');
    await until(() => {
      host.render();
      return controller.view !== undefined;
    }, 'the French messages');
    assert.equal(controller.view!.messages.yourBooking, 'Votre réservation');
  });
});

describe('ManageController: moving the booking', () => {
  it('offers the free times of exactly what the booking holds; focus goes to each new screen', async () => {
    const { controller, ask, open, timeInputs } = setUp();
    await open();
    const before = controller.view!.focus;
    assert.equal(timeInputs(), undefined, 'no time step before Reschedule');
    ask({ type: 'reschedule' });
    const { focus } = controller.view!;
    assert.deepEqual(timeInputs()?.store.subject, { kind: 'service', serviceId: 's1', staffId: 'm1' });
    assert.ok(focus > before);
  });

  it('moves: start and end only, with an idempotency key; then bw-rescheduled with the previous start', async () => {
    const setup = setUp();
    const { host, proxy, controller, ask } = setup;
    await setup.toConfirmMove();
    const rescheduled = new Promise<RescheduledEvent>((resolve) =>
      host.addEventListener('bw-rescheduled', (e) => resolve(e as RescheduledEvent)),
    );
    const sending = proxy.next();
    ask({ type: 'confirm' });
    const put = await sending;
    assert.equal(put.method, 'PUT');
    assert.deepEqual(put.body, {
      start: { dateTime: '2026-03-07T09:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-07T09:30:00', timeZone: 'America/New_York' },
    });
    assert.ok(put.headers.get('Idempotency-Key'));
    assert.equal(controller.state?.busy, true);
    await proxy.answer(json(200, { ...BOOKING, ...(put.body as object) }));
    const { detail } = await rescheduled;
    assert.equal(controller.state?.phase, ManagePhase.Moved);
    assert.equal(detail.previousStart, '2026-03-06T16:00:00.000Z');
    assert.equal(detail.appointment.start.dateTime, '2026-03-07T09:00:00');
  });

  it('sends once however fast the visitor clicks', async () => {
    const setup = setUp();
    await setup.toConfirmMove();
    const sending = setup.proxy.next();
    setup.ask({ type: 'confirm' });
    setup.ask({ type: 'confirm' });
    setup.ask({ type: 'confirm' });
    await sending;
    // The answer comes only after every click: none of them sent a second request.
    await setup.proxy.answer(json(200, BOOKING));
    await until(() => setup.phase() === ManagePhase.Moved, 'the move');
    assert.equal(setup.proxy.sent.filter((r) => r.method === 'PUT').length, 1);
  });

  it('a move that got no answer: the same button tries again with the same key, so it can never move twice', async () => {
    const setup = setUp();
    const { proxy, controller, ask, errors } = setup;
    await setup.toConfirmMove();
    ask({ type: 'confirm' });
    await proxy.answer(refusal(503, 'UNAVAILABLE'));
    await until(() => controller.state?.busy === false, 'the failure');
    assert.equal(controller.state?.phase, ManagePhase.ConfirmMove);
    assert.deepEqual(controller.state?.failure, { kind: ManageFailure.Retry, change: 'reschedule' });
    assert.equal(errors.at(-1)?.phase, 'manage');
    assert.equal(consoleErrors.mock.callCount(), 0, 'retrying may help: nothing for the merchant to fix');
    let sending = proxy.next();
    ask({ type: 'confirm' });
    await sending;
    const [first, second] = proxy.sent.filter((r) => r.method === 'PUT');
    assert.equal(second!.headers.get('Idempotency-Key'), first!.headers.get('Idempotency-Key'));
    // A cancellation is another change: another key.
    await proxy.answer(refusal(503, 'UNAVAILABLE'));
    await until(() => controller.state?.busy === false, 'the second failure');
    ask({ type: 'back' });
    ask({ type: 'back' });
    ask({ type: 'ask-cancel' });
    sending = proxy.next();
    ask({ type: 'confirm' });
    const cancel = await sending;
    assert.equal(cancel.method, 'DELETE');
    assert.notEqual(cancel.headers.get('Idempotency-Key'), first!.headers.get('Idempotency-Key'));
  });

  it('a time taken meanwhile: back to the times, its day asked for again', async () => {
    const setup = setUp();
    const { proxy, controller, ask, slotsAsked } = setup;
    await setup.toConfirmMove();
    ask({ type: 'back' });
    const store = setup.timeInputs()!.store;
    ask({ type: 'continue' });
    await store.ensure('2026-03-07', '2026-03-07');
    const asked = slotsAsked.length;
    ask({ type: 'confirm' });
    await proxy.answer(refusal(409, 'DATE_NOT_AVAILABLE'));
    await until(() => controller.state?.phase === ManagePhase.Time, 'the times');
    assert.equal(controller.state?.slotTaken, true);
    await store.ensure('2026-03-07', '2026-03-07');
    assert.equal(slotsAsked.length, asked + 1, 'the day of the time taken is asked for again');
  });

  it('refused by the notice on the proxy’s clock: the booking, too late to move online, focus on its heading; bw-error, no console', async () => {
    const setup = setUp();
    const { proxy, controller, ask, errors } = setup;
    await setup.toConfirmMove();
    ask({ type: 'confirm' });
    const focus = controller.view!.focus;
    await proxy.answer(refusal(403, 'FORBIDDEN', 'start.dateTime'));
    await until(() => controller.state?.phase === ManagePhase.View, 'the booking');
    assert.equal(controller.state?.locks.reschedule, Lock.TooLate);
    assert.deepEqual(controller.state?.failure, { kind: ManageFailure.TooLate, change: 'reschedule' });
    assert.ok(controller.view!.focus > focus);
    assert.deepEqual(
      errors.map((e) => [e.phase, e.status, e.errorCode]),
      [['manage', 403, 'FORBIDDEN']],
    );
    assert.equal(consoleErrors.mock.callCount(), 0);
  });

  it('a refusal the merchant must look into (the proxy rejects what the widget sent) goes to the console too', async () => {
    const setup = setUp();
    await setup.toConfirmMove();
    setup.ask({ type: 'confirm' });
    await setup.proxy.answer(refusal(400, 'INVALID_PARAMETER', 'end.dateTime'));
    await until(() => setup.controller.state?.phase === ManagePhase.View, 'the booking');
    assert.equal(consoleErrors.mock.callCount(), 1);
    assert.equal(setup.errors.at(-1)?.status, 400);
  });

  it('switching zones says which zone the times are shown in now', async () => {
    const { said, ask, open, controller, host } = setUp();
    await open();
    ask({ type: 'reschedule' });
    // The time step's own intent, as `<bw-manage>` hands it to the time controller.
    controller.view!.timeIntents!.handleEvent(Object.assign(new Event('zone-change'), { timeZone: 'Europe/Paris' }));
    host.render();
    assert.equal(controller.view!.displayZone, 'Europe/Paris');
    assert.match(said.at(-1)!, /^Times are shown in .*(Central European|Paris)/);
  });

  it('the time step’s failure to load free times reaches the page as bw-error, phase slots; the console only when a retry cannot help', async () => {
    const { ask, open, errors } = setUp();
    await open();
    ask({ type: 'slots-error', error: new SchedulingError({ status: 503, errorCode: 'UNAVAILABLE', message: 'Busy.' }) });
    assert.deepEqual(
      errors.map((e) => [e.phase, e.status]),
      [['slots', 503]],
    );
    assert.equal(consoleErrors.mock.callCount(), 0);
    ask({ type: 'slots-error', error: new SchedulingError({ status: 400, errorCode: 'INVALID_PARAMETER', message: 'No such staff.' }) });
    assert.equal(errors.at(-1)?.status, 400);
    assert.equal(consoleErrors.mock.callCount(), 1);
  });
});

describe('ManageController: cancelling the booking', () => {
  it('cancels after the question, with an idempotency key; then bw-cancelled with the booking', async () => {
    const { host, proxy, controller, ask, open } = setUp();
    await open();
    const cancelled = new Promise<CancelledEvent>((resolve) => host.addEventListener('bw-cancelled', (e) => resolve(e as CancelledEvent)));
    ask({ type: 'ask-cancel' });
    assert.equal(controller.state?.phase, ManagePhase.ConfirmCancel);
    const sending = proxy.next();
    ask({ type: 'confirm' });
    const request = await sending;
    assert.equal(request.method, 'DELETE');
    assert.ok(request.headers.get('Idempotency-Key'));
    await proxy.answer(new Response(null, { status: 204 }));
    assert.equal((await cancelled).detail.appointment.id, 'a1');
    assert.equal(controller.state?.phase, ManagePhase.Cancelled);
  });

  it('after a cancellation, a new booking hands the widget back once, and the controller reads no link any more', async () => {
    const { proxy, ask, open, setLink, bookedAgain, host, phase } = setUp();
    await open();
    ask({ type: 'ask-cancel' });
    ask({ type: 'confirm' });
    await proxy.answer(new Response(null, { status: 204 }));
    await until(() => phase() === ManagePhase.Cancelled, 'the cancellation');
    ask({ type: 'book-again' });
    assert.equal(bookedAgain(), 1);
    // Another link after that is the widget's to open: this controller has left it, and starts no read of its own
    // (a controller still on the host starts one as it updates, its phase back to loading).
    const asked = proxy.sent.length;
    setLink({ appointmentId: 'a2', token: 'other-token' });
    host.render();
    assert.equal(phase(), ManagePhase.Cancelled);
    assert.equal(proxy.sent.length, asked);
  });

  it('the merchant switched cancelling off meanwhile: the booking says it cannot be cancelled online', async () => {
    const { proxy, controller, ask, open } = setUp();
    await open();
    ask({ type: 'ask-cancel' });
    ask({ type: 'confirm' });
    await proxy.answer(refusal(403, 'FORBIDDEN'));
    await until(() => controller.state?.phase === ManagePhase.View, 'the booking');
    assert.equal(controller.state?.locks.cancel, Lock.NotAllowed);
  });
});
