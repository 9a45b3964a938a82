import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FreeSlotsQuery, NextSlotsQuery, SchedulingClient } from '../../src/api/client.js';
import { SchedulingError, TransportErrorCode } from '../../src/api/errors.js';
import { type CalendarDate, addDays, eachDay } from 'booking-widget-shared/calendar-date';
import type { SlotsResponse } from 'booking-widget-shared/types';
import { SlotStore } from '../../src/booking/slot-store.js';
import { type TimeInputs, TimeBrowser, TimesStatus } from '../../src/booking/time-browser.js';

/** Wednesday 4 March 2026, 10:00 in New York, the company's zone. */
const NOW = Date.parse('2026-03-04T15:00:00Z');
const COMPANY = 'America/New_York';

/**
 * A service whose free times are at 09:00 and 14:00 (company zone) on the days in `free`.
 * Free-slot requests wait for `answer()` (or `fail()`), so each test says when they arrive.
 */
function fakeService(free: CalendarDate[]) {
  const asked: [CalendarDate, CalendarDate][] = [];
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const items = (from: CalendarDate, to: CalendarDate) =>
    eachDay(from, to)
      .filter((day) => free.includes(day))
      .map((day) => ({ day, slots: [`${day}T09:00:00`, `${day}T14:00:00`] }));
  const api = {
    getFreeSlots(_company: string, { startDate, endDate }: FreeSlotsQuery): Promise<SlotsResponse> {
      asked.push([startDate, endDate]);
      return new Promise((resolve, reject) => pending.push({ resolve: () => resolve({ items: items(startDate, endDate) }), reject }));
    },
    async getNextSlots(_company: string, { startDate, number }: NextSlotsQuery): Promise<SlotsResponse> {
      const found = items(startDate, addDays(startDate, 400)).flatMap(({ day, slots }) => slots.map((slot) => ({ day, slots: [slot] })));
      return { items: found.slice(0, number ?? 1) };
    },
  } as unknown as SchedulingClient;
  return {
    store: new SlotStore(api, 'c', { kind: 'service', serviceId: 's1' }, COMPANY, () => NOW),
    asked,
    answer: () => pending.splice(0).forEach(({ resolve }) => resolve()),
    fail: (error: unknown) => pending.splice(0).forEach(({ reject }) => reject(error)),
  };
}

/** A browser with its events recorded, and a way to wait for what it says next. */
function browse() {
  const said: string[] = [];
  const failures: unknown[] = [];
  let changed: () => void = () => {};
  const browser = new TimeBrowser({
    changed: () => changed(),
    failed: (error) => failures.push(error),
    opened: (day, times) => said.push(`${times} on ${day}`),
  });
  /** Resolves once the browser says something changed and `check` holds. */
  const settled = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      changed = () => check() && resolve();
      if (check()) resolve();
    });
  return { browser, said, failures, settled };
}

function inputsFor(store: SlotStore, more: Partial<TimeInputs> = {}): TimeInputs {
  return {
    store,
    clock: () => NOW,
    companyTimeZone: COMPANY,
    displayTimeZone: COMPANY,
    visitorTimeZone: COMPANY,
    earliest: NOW,
    lastDay: undefined,
    day: undefined,
    slot: undefined,
    ...more,
  };
}

describe('time browser: the calendar of free times, without the DOM', () => {
  it('opens on this month, shows its first day with free times and says so, and fetches the next month ahead', async () => {
    const service = fakeService(['2026-03-12', '2026-03-20', '2026-04-02']);
    const { browser, said, settled } = browse();
    browser.update(inputsFor(service.store));
    assert.equal(browser.view!.month, '2026-03-01');
    assert.equal(browser.view!.status, TimesStatus.Loading);
    assert.equal(browser.view!.today, '2026-03-04');
    // From today: the days before it cannot be booked.
    assert.deepEqual(service.asked, [['2026-03-04', '2026-03-31']]);
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.view!.day, '2026-03-12');
    assert.deepEqual([...browser.view!.available], ['2026-03-12', '2026-03-20']);
    assert.deepEqual(said, ['2 on 2026-03-12']);
    assert.deepEqual(service.asked.at(-1), ['2026-04-01', '2026-04-30']);
  });

  it('asks again for the month shown when the visitor comes back to the tab, without a loading state in between', async () => {
    const free = ['2026-03-12', '2026-03-20'];
    const service = fakeService(free);
    const { browser, settled } = browse();
    browser.update(inputsFor(service.store));
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    service.answer();
    // Meanwhile the 12th was booked by phone and a time on the 25th was cancelled.
    free.splice(0, 1, '2026-03-25');
    const asked = service.asked.length;
    browser.refresh();
    assert.deepEqual(service.asked.slice(asked), [['2026-03-04', '2026-03-31']]);
    assert.equal(browser.view!.status, TimesStatus.Ready, 'the times stay on screen while they are asked again');
    assert.deepEqual([...browser.view!.available], ['2026-03-12', '2026-03-20']);
    service.answer();
    await settled(() => !browser.view!.available.has('2026-03-12'));
    assert.deepEqual([...browser.view!.available], ['2026-03-20', '2026-03-25']);
  });

  it('opens on the first month with a free time when this one has none', async () => {
    const service = fakeService(['2026-05-06']);
    const { browser, said, settled } = browse();
    browser.update(inputsFor(service.store));
    service.answer();
    await settled(() => browser.view!.month === '2026-05-01');
    assert.deepEqual(service.asked.at(-1), ['2026-05-01', '2026-05-31']);
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.view!.day, '2026-05-06');
    assert.deepEqual(said, ['2 on 2026-05-06']);
  });

  it('says it is still opening while it looks for that month, and not once it shows it or finds none', async () => {
    const service = fakeService(['2026-05-06']);
    const { browser, settled } = browse();
    browser.update(inputsFor(service.store));
    assert.equal(browser.opening, false);
    service.answer();
    // March is in, empty: the step looks for the first month with a free time; what follows the times waits.
    await settled(() => browser.view!.status === TimesStatus.Ready && browser.view!.month === '2026-03-01');
    assert.equal(browser.opening, true, 'opening while March, empty, is about to give way');
    await settled(() => browser.view!.month === '2026-05-01');
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.opening, false);
    // Nothing free ahead: the empty month stays, and the step is done opening.
    const none = fakeService([]);
    const empty = browse();
    empty.browser.update(inputsFor(none.store));
    none.answer();
    await empty.settled(() => empty.browser.view!.status === TimesStatus.Ready && !empty.browser.opening);
    assert.equal(empty.browser.view!.month, '2026-03-01');
  });

  it('opens on the chosen day’s month, which stays the day shown; another zone shows that day’s month there', async () => {
    const service = fakeService(['2026-03-12', '2026-04-30']);
    const { browser, said, settled } = browse();
    const chosen = Date.parse('2026-04-30T18:00:00Z'); // 14:00 in New York, already 1 May in Auckland
    browser.update(inputsFor(service.store, { day: '2026-04-30', slot: chosen }));
    assert.equal(browser.view!.month, '2026-04-01');
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.view!.day, '2026-04-30');
    assert.equal(browser.view!.slot, chosen);
    assert.deepEqual(said, [], 'the visitor chose it: nothing to announce');
    // The owner reads the chosen day again in the new zone and hands both back.
    browser.update(inputsFor(service.store, { day: '2026-05-01', slot: chosen, displayTimeZone: 'Pacific/Auckland' }));
    assert.equal(browser.view!.month, '2026-05-01');
    assert.equal(browser.view!.displayTimeZone, 'Pacific/Auckland');
  });

  it('shown in another zone before a day is chosen, opens on that zone’s first free day (audit 9, #6)', { timeout: 5000 }, async () => {
    const service = fakeService(['2026-03-12', '2026-03-20']);
    const { browser, said, settled } = browse();
    browser.update(inputsFor(service.store));
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.view!.day, '2026-03-12');
    // 09:00 and 14:00 on 12 March in New York are already the 13th in Auckland.
    browser.update(inputsFor(service.store, { displayTimeZone: 'Pacific/Auckland', visitorTimeZone: 'Pacific/Auckland' }));
    await settled(() => {
      service.answer();
      return browser.view!.status === TimesStatus.Ready && browser.view!.day !== '2026-03-12';
    });
    assert.equal(browser.view!.day, '2026-03-13');
    assert.deepEqual(said.at(-1), '2 on 2026-03-13');
  });

  it('moves to the month of the day the keyboard moves to, and keeps that day until another is shown', async () => {
    const service = fakeService(['2026-03-12', '2026-04-14']);
    const { browser, settled } = browse();
    const inputs = inputsFor(service.store);
    browser.update(inputs);
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    service.answer(); // April, fetched ahead
    await service.store.ensure('2026-04-01', '2026-04-30');
    const before = browser.view;
    const requests = service.asked.length;
    browser.focus('2026-04-14');
    browser.update(inputs);
    assert.notEqual(browser.view, before, 'a new view for the host to render');
    assert.equal(browser.view!.month, '2026-04-01');
    assert.equal(browser.view!.focused, '2026-04-14');
    // The month was fetched ahead: its days are in without another request.
    await settled(() => browser.view!.status === TimesStatus.Ready && browser.view!.available.has('2026-04-14'));
    assert.deepEqual(service.asked.slice(requests), [['2026-05-01', '2026-05-31']], 'only May, fetched ahead in turn');
    assert.equal(browser.view!.day, '2026-03-12', 'the day shown is still the one the step opened on');
    // A day chosen (here the one the keys reached) takes the tab stop back: the calendar puts it on the day shown.
    browser.update({ ...inputs, day: '2026-04-14' });
    assert.equal(browser.view!.day, '2026-04-14');
    assert.equal(browser.view!.focused, undefined);
  });

  it('offers the next free time after an empty month, and takes it: its month, its day and its time', async () => {
    const service = fakeService(['2026-03-12', '2026-07-08']);
    const { browser, settled } = browse();
    const inputs = inputsFor(service.store);
    browser.update(inputs);
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    browser.showMonth('2026-05-01');
    assert.equal(browser.view!.next, undefined);
    service.answer();
    await settled(() => browser.view!.next instanceof Date);
    assert.equal(browser.view!.next!.toISOString(), '2026-07-08T13:00:00.000Z');
    assert.deepEqual(browser.takeNext(), { day: '2026-07-08', slot: Date.parse('2026-07-08T13:00:00Z') });
    assert.equal(browser.view!.month, '2026-07-01');
    // With nothing left at all, there is no shortcut: `null`.
    const none = fakeService([]);
    const empty = browse();
    empty.browser.update(inputsFor(none.store, { day: '2026-03-10' }));
    none.answer();
    await empty.settled(() => empty.browser.view!.next === null);
    assert.equal(empty.browser.view!.days!.size, 0);
  });

  it('says a month failed, loads it again on retry, and takes neither a month left before its answer nor a load given up for a failure', async () => {
    const service = fakeService(['2026-03-12']);
    const { browser, failures, settled } = browse();
    const inputs = inputsFor(service.store);
    browser.update(inputs);
    service.fail(new SchedulingError({ status: 503, errorCode: 'UNAVAILABLE', message: 'down', retryable: true }));
    await settled(() => browser.view!.status === TimesStatus.Failed);
    assert.equal(failures.length, 1);
    browser.retry();
    assert.equal(browser.view!.status, TimesStatus.Loading);
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    assert.equal(browser.view!.day, '2026-03-12');
    // Another month asked for while one loads: the first no longer matters. Both fail; only July, on screen, says so.
    browser.showMonth('2026-06-01');
    browser.showMonth('2026-07-01');
    service.fail(new SchedulingError({ status: 503, errorCode: 'UNAVAILABLE', message: 'down', retryable: true }));
    await settled(() => browser.view!.status === TimesStatus.Failed);
    assert.equal(browser.view!.month, '2026-07-01');
    assert.equal(failures.length, 2);
    // A load the store gave up itself (the widget let it go) shows, but is nothing to tell the page.
    browser.retry();
    service.fail(new SchedulingError({ status: 0, errorCode: TransportErrorCode.Aborted, message: 'aborted', retryable: false }));
    await settled(() => browser.view!.status === TimesStatus.Failed);
    assert.equal(failures.length, 2);
  });

  it('stops while no time step shows, and opens afresh on the chosen day’s month when one shows again', async () => {
    const service = fakeService(['2026-03-12', '2026-04-16']);
    const { browser, settled } = browse();
    browser.update(inputsFor(service.store));
    service.answer();
    await settled(() => browser.view!.status === TimesStatus.Ready);
    browser.focus('2026-03-20');
    browser.update(undefined);
    assert.equal(browser.view, undefined);
    browser.update(inputsFor(service.store, { day: '2026-04-16', slot: Date.parse('2026-04-16T13:00:00Z') }));
    assert.equal(browser.view!.month, '2026-04-01');
    assert.equal(browser.view!.focused, undefined, 'the keyboard starts over');
  });
});
