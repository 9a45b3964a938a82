/**
 * A booking that fails on its way (service errors, a dropped connection, a double click): the
 * visitor keeps everything typed, the intake questions' answers too, is told so accessibly, and
 * the retry books once, with one idempotency key. Once a time is chosen nothing here depends on
 * the date, so this file pins its own instant and runs once, at ORDINARY_TODAY
 * (web-test-runner.config.mjs's UNDATED_FILES); what does (a time taken at Book, the times
 * offered instead, free times that fail to load) stays in failures.test.ts, under every pinned today.
 */
import { expect } from '@open-wc/testing';
import type { BookingErrorEvent } from '../../../src/index.js';
import { allElements, closestAcross, deepText, findByRole, getByRole, queryAllByRole, type, waitFor } from '../support/dom.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { startServices } from '../support/services.js';
import { ORDINARY_TODAY as NOW } from '../../support/test-clock.js';
import {
  ADA,
  type SandboxAppointment,
  bookButton,
  dropsFirstBookingAnswer,
  fillDetails,
  heading,
  mountWidget,
  pickTime,
  nextEvent,
  toDetails,
} from '../support/widget.js';

const SALON_APPOINTMENTS = '/api/2.1/scheduling/companies/demo-salon/appointments';

const control = (widget: Element, role: string, name: RegExp) => getByRole(widget, role, name) as HTMLInputElement;

describe('booking-widget: a booking that fails on its way', () => {
  it('is accessible while it shows a booking error', async () => {
    const services = await startServices({ now: NOW, failures: [{ path: '/appointments', method: 'POST', status: 500 }] });
    const { widget } = await toDetails(services.apiBase, undefined, NOW);
    fillDetails(widget);
    bookButton(widget).click();
    await waitFor(() => /could not confirm/.test(deepText(widget)), 'the booking error');
    await expect(widget).to.be.accessible();
  });
  it('books once when Book is clicked twice', async () => {
    const services = await startServices({ now: NOW, latencyMs: 150 });
    const { widget } = await toDetails(services.apiBase, undefined, NOW);
    fillDetails(widget);
    bookButton(widget).click();
    bookButton(widget).click();
    await waitFor(() => bookButton(widget).getAttribute('aria-disabled') === 'true', 'a busy button');
    expect(bookButton(widget).textContent!.trim()).to.equal('Booking…');
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>(SALON_APPOINTMENTS);
    expect(items.filter((item) => item.client.lastName === 'Lovelace')).to.have.length(1);
  });
  it('offers a retry after repeated 5xx, reusing one idempotency key, and books once', async () => {
    const services = await startServices({ now: NOW, failures: [{ path: '/appointments', method: 'POST', status: 503, times: 3 }] });
    const keys: string[] = [];
    const recording: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/appointments')) keys.push(new Headers(init.headers).get('Idempotency-Key')!);
      return fetch(input, init);
    };
    const { widget } = await toDetails(services.apiBase, recording, NOW);
    fillDetails(widget);
    const failed = nextEvent(widget, 'bw-error');
    bookButton(widget).click();
    const error = (await failed) as BookingErrorEvent;
    expect(error.detail).to.include({ phase: 'booking', status: 503 });
    await waitFor(() => /could not confirm your booking/.test(deepText(widget)), 'the retry message');
    expect((getByRole(widget, 'textbox', /^Last name/) as HTMLInputElement).value).to.equal(ADA.lastName);

    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(keys.length).to.equal(4);
    expect(new Set(keys).size).to.equal(1);
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>(SALON_APPOINTMENTS);
    expect(items.filter((item) => item.client.lastName === 'Lovelace')).to.have.length(1);
  });
  it('books once when the connection drops after the service booked', async () => {
    const services = await startServices({ now: NOW });
    const dropping = dropsFirstBookingAnswer();
    const { widget } = await toDetails(services.apiBase, dropping.fetch, NOW);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(dropping.dropped()).to.equal(true);
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>(SALON_APPOINTMENTS);
    expect(items.filter((item) => item.client.lastName === 'Lovelace')).to.have.length(1);
  });

  it('keeps every answer when the booking fails, and sends them on the retry', async () => {
    const services = await startServices({ now: NOW, failures: [{ path: '/appointments', method: 'POST', status: 503, times: 3 }] });
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon', serviceId: '2002', staffId: '3001', now: NOW });
    await pickTime(widget);
    await waitFor(() => queryAllByRole(widget, 'group', 'Questions').length, 'the salon questions');
    fillDetails(widget);
    type(control(widget, 'textbox', /^Allergies/), 'Ammonia');
    const length = control(widget, 'combobox', /^Hair length/) as unknown as HTMLSelectElement;
    length.value = 'long';
    length.dispatchEvent(new Event('change'));
    control(widget, 'checkbox', /^This is my first visit/).click();
    bookButton(widget).click();
    await waitFor(() => deepText(widget).includes('We could not confirm your booking'), 'the failure');
    expect(control(widget, 'textbox', /^Allergies/).value).to.equal('Ammonia');
    expect(length.value).to.equal('long');
    expect(control(widget, 'checkbox', /^This is my first visit/).checked).to.equal(true);
    bookButton(widget).click();
    await waitFor(() => deepText(widget).includes('Booking confirmed'), 'the confirmation');
    const { items } = await services.inspect<{ items: (SandboxAppointment & { form?: { id: string; value: string }[] })[] }>(
      '/api/2.1/scheduling/companies/demo-salon/appointments',
    );
    const mine = items.find((item) => item.client.lastName === 'Lovelace')!;
    expect(mine.form).to.deep.equal([
      { id: 'allergies', title: 'Allergies or sensitivities', value: 'Ammonia' },
      { id: 'hair-length', title: 'Hair length', value: 'long' },
      { id: 'first-visit', title: 'This is my first visit', value: 'true' },
    ]);
  });
});

describe('booking-widget: why a booking failed', () => {
  for (const { what, fetchFor, failures, said } of [
    {
      what: 'the connection is lost at Book: check the connection',
      // The page goes offline as Book is pressed: the request never reaches the service.
      fetchFor: (): typeof fetch => (input, init) =>
        init?.method === 'POST' && String(input).endsWith('/appointments')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : fetch(input, init),
      failures: [] as { path: string; status: number; method?: string; times?: number }[],
      said: en.offline,
    },
    {
      what: 'too many attempts: wait a moment',
      fetchFor: () => undefined,
      failures: [{ path: '/appointments', method: 'POST', status: 429, times: 5 }],
      said: en.rateLimited,
    },
  ])
    it(`says why when ${what}, with everything typed kept`, async () => {
      const services = await startServices({ now: NOW, failures });
      const widget = await mountWidget({
        apiBase: services.apiBase,
        companyId: 'demo-salon',
        serviceId: '2002',
        staffId: '3001',
        now: NOW,
        fetch: fetchFor(),
      });
      await pickTime(widget);
      fillDetails(widget);
      bookButton(widget).click();
      await findByRole(widget, 'alert', said);
      expect(deepText(widget)).not.to.include(en.bookingFailed);
      expect((control(widget, 'textbox', /^First name/) as HTMLInputElement).value).to.equal(ADA.firstName);
    });
});

describe('booking-widget: a slow service', () => {
  afterEach(() => document.body.style.removeProperty('--bw-slow-after'));

  /** "Taking longer than usual" where the visitor sees it: shown, and inside a live region that reads it. */
  const slowNotice = (widget: Element) =>
    allElements(widget).find(
      (element) =>
        element.textContent === en.slowAnswer &&
        element.checkVisibility({ visibilityProperty: true }) &&
        !!closestAcross(element, '[role="status"]'),
    );
  /** A fetch whose requests for `pattern` wait until `answer()`. */
  const held = (pattern: RegExp, method = 'GET') => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetching: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === method && pattern.test(new URL(String(input)).pathname)) await answered;
      return fetch(input, init);
    };
    return { fetch: fetching, answer };
  };

  it('says a load is taking longer than usual once it has lasted --bw-slow-after, and not before', async () => {
    const services = await startServices({ now: NOW });
    const first = held(/\/companies\/demo-salon$/);
    const prompt = await mountWidget({ apiBase: services.apiBase, fetch: first.fetch, now: NOW });
    await waitFor(() => deepText(prompt).includes(en.loading), 'loading');
    expect(slowNotice(prompt), 'not within the first 10 s').to.equal(undefined);
    first.answer();

    document.body.style.setProperty('--bw-slow-after', '0s');
    const later = held(/\/companies\/demo-salon$/);
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: later.fetch, now: NOW });
    await waitFor(() => slowNotice(widget), 'the notice, in the loading status');
    later.answer();
    await heading(widget, 'Choose a service');
    expect(slowNotice(widget)).to.equal(undefined);
  });

  it('says a booking is taking longer than usual under the busy Book button, and books once', async () => {
    const services = await startServices({ now: NOW });
    const booking = held(/\/appointments$/, 'POST');
    const { widget } = await toDetails(services.apiBase, booking.fetch, NOW);
    fillDetails(widget);
    document.body.style.setProperty('--bw-slow-after', '0s');
    bookButton(widget).click();
    await waitFor(() => slowNotice(widget), 'the notice, under Book');
    expect(bookButton(widget).getAttribute('aria-disabled')).to.equal('true');
    booking.answer();
    await heading(widget, 'Booking confirmed');
    expect(slowNotice(widget)).to.equal(undefined);
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>(SALON_APPOINTMENTS);
    expect(items.filter((item) => item.client.lastName === ADA.lastName)).to.have.length(1);
  });
});
