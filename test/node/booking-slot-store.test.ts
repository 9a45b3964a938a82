import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FreeSlotsQuery, NextSlotsQuery, SchedulingClient } from '../../src/api/client.js';
import { addDays, eachDay } from 'booking-widget-shared/calendar-date';
import type { SlotsResponse } from 'booking-widget-shared/types';
import { SlotStore } from '../../src/booking/slot-store.js';

const ZONE = 'Europe/Paris';
const SUBJECT = { kind: 'service', serviceId: 's1' } as const;

/** A service with one free slot at 09:00 and one at 14:00 every day; each request waits for `answer()`. */
function fakeService() {
  const freeSlots: FreeSlotsQuery[] = [];
  const nextSlots: NextSlotsQuery[] = [];
  const pending: (() => void)[] = [];
  const day = (date: string) => ({ day: date, slots: [`${date}T09:00:00`, `${date}T14:00:00`] });
  const api = {
    getFreeSlots(_company: string, query: FreeSlotsQuery): Promise<SlotsResponse> {
      freeSlots.push(query);
      return new Promise((resolve) => pending.push(() => resolve({ items: eachDay(query.startDate, query.endDate).map(day) })));
    },
    async getNextSlots(_company: string, query: NextSlotsQuery): Promise<SlotsResponse> {
      nextSlots.push(query);
      const days = eachDay(query.startDate, addDays(query.startDate, 9)).map(day);
      return { items: days.slice(0, Math.ceil((query.number ?? 1) / 2)) };
    },
  } as unknown as SchedulingClient;
  const answerAll = () => pending.splice(0).forEach((answer) => answer());
  return { api, freeSlots, nextSlots, answerAll };
}

describe('slot store: the free slots of one subject, by company day', () => {
  it('asks again for days dropped while a request for them was on its way, and keeps the newer answer whichever lands last', async () => {
    const answers: ((response: SlotsResponse) => void)[] = [];
    const api = {
      getFreeSlots: () => new Promise<SlotsResponse>((resolve) => answers.push(resolve)),
    } as unknown as SchedulingClient;
    const store = new SlotStore(api, 'c', SUBJECT, ZONE, () => 0);
    const before = store.ensure('2026-03-05', '2026-03-05');
    // A time was taken while the first answer was on its way: the day is dropped and asked again.
    store.invalidate('2026-03-05', '2026-03-05');
    const after = store.ensure('2026-03-05', '2026-03-05');
    assert.equal(answers.length, 2, 'asked again, not joined to the request sent before the change');
    answers[1]!({ items: [{ day: '2026-03-05', slots: ['2026-03-05T14:00:00'] }] });
    await after;
    // The answer sent before the change lands last, with the time that was taken.
    answers[0]!({ items: [{ day: '2026-03-05', slots: ['2026-03-05T09:00:00', '2026-03-05T14:00:00'] }] });
    await before;
    assert.equal(store.slots('2026-03-05', '2026-03-05').length, 1, 'the newer answer stays');
  });

  it('reads each day of an answer as the whole answer reads: full and bare times, a skipped hour, repeats, another zone', () => {
    const iso = (slots: Date[]) => slots.map((slot) => slot.toISOString());
    const store = (response: SlotsResponse) => {
      const kept = new SlotStore({} as SchedulingClient, 'c', SUBJECT, ZONE, () => 0);
      kept.ingest('2026-03-28', '2026-03-30', response);
      return kept;
    };
    // Paris skips 02:00-03:00 on 29 March 2026; an item may list a later day's full date-time, or repeat a time.
    const answer: SlotsResponse = {
      items: [
        { day: '2026-03-28', slots: ['09:00', '2026-03-29T10:00:00', 'nonsense', '23:30'] },
        { day: '2026-03-29', slots: ['02:30', '10:00:00', '2026-03-29T09:00'] },
        { day: '2026-03-30', slots: [] },
      ],
    };
    const paris = store(answer);
    assert.deepEqual(iso(paris.slots('2026-03-29', '2026-03-29')), ['2026-03-29T07:00:00.000Z', '2026-03-29T08:00:00.000Z']);
    assert.deepEqual(iso(paris.slots('2026-03-28', '2026-03-30')), [
      '2026-03-28T08:00:00.000Z',
      '2026-03-28T22:30:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
    // An item in another zone: its times are read in it, and fall on the company's days they fall on.
    const london = store({ items: [{ day: '2026-03-28', timeZone: 'Europe/London', slots: ['23:30'] }] });
    assert.deepEqual(iso(london.slots('2026-03-28', '2026-03-28')), []);
    assert.deepEqual(iso(london.slots('2026-03-29', '2026-03-29')), ['2026-03-28T23:30:00.000Z']);
  });

  it('asks only for days it does not hold, in requests of at most 62 days, shared by callers that need the same days', async () => {
    const service = fakeService();
    const store = new SlotStore(service.api, 'c', SUBJECT, ZONE, () => 0);
    const first = store.ensure('2026-03-01', '2026-05-15');
    const second = store.ensure('2026-03-10', '2026-03-20');
    assert.deepEqual(
      service.freeSlots.map((q) => [q.startDate, q.endDate]),
      [
        ['2026-03-01', '2026-05-01'],
        ['2026-05-02', '2026-05-15'],
      ],
    );
    assert.equal(service.freeSlots[0]!.kind, 'service');
    service.answerAll();
    await Promise.all([first, second]);
    assert.equal(store.slots('2026-03-04', '2026-03-04').length, 2);
    await store.ensure('2026-03-01', '2026-03-31');
    assert.equal(service.freeSlots.length, 2, 'nothing asked again');
  });

  it('asks again for days older than five minutes on its clock, and for days dropped on purpose', async () => {
    const service = fakeService();
    let now = 0;
    const store = new SlotStore(service.api, 'c', SUBJECT, ZONE, () => now);
    const loaded = store.ensure('2026-03-01', '2026-03-02');
    service.answerAll();
    await loaded;
    now = 4 * 60_000;
    void store.ensure('2026-03-01', '2026-03-02');
    assert.equal(service.freeSlots.length, 1);
    now = 6 * 60_000;
    const again = store.ensure('2026-03-01', '2026-03-02');
    assert.equal(service.freeSlots.length, 2);
    service.answerAll();
    await again;
    store.invalidate('2026-03-02', '2026-03-02');
    void store.ensure('2026-03-01', '2026-03-02');
    assert.deepEqual(service.freeSlots.at(-1)!.startDate, '2026-03-02');
  });

  it('finds the next free time no earlier than the minimum notice, through nextSlots', async () => {
    const service = fakeService();
    const store = new SlotStore(service.api, 'c', SUBJECT, ZONE, () => 0);
    const nineOnFourth = Date.parse('2026-03-04T08:00:00Z');
    const next = await store.nextFree('2026-03-04', nineOnFourth + 1, Infinity);
    assert.equal(next?.toISOString(), '2026-03-04T13:00:00.000Z');
    assert.equal(await store.nextFree('2026-03-04', nineOnFourth, nineOnFourth), null, 'nothing before the last bookable instant');
  });
});
