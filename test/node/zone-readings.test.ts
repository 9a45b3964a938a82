import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instantToWallClock, wallClockConverter, wallClockToInstant } from 'booking-widget-shared/zone';
import { isRepeatedReading } from '../../src/i18n/repeated-reading.js';
import { addDays } from 'booking-widget-shared/calendar-date';
import { instantOf } from 'booking-widget-shared/wire-time';
import { bookedLength } from '../../packages/proxy/src/rules/appointment-subject.js';
import type { CatalogCache } from '../../packages/proxy/src/upstream/catalog.js';

const references = new Map<string, Intl.DateTimeFormat>();

/** Intl's own reading, the reference the arithmetic must agree with. */
function intlReading(instant: number, timeZone: string): string {
  let format = references.get(timeZone);
  if (!format)
    references.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })),
    );
  const parts = format.formatToParts(instant);
  const field = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${field('year')}-${field('month')}-${field('day')} ${field('hour')}:${field('minute')}:${field('second')}`;
}

describe('wall-clock readings', () => {
  // Daylight saving both ways in each hemisphere, a 30-minute change (Lord Howe), 45-minute offsets
  // (Kathmandu, Chatham), midnight changes (Santiago), and legacy links (US/Eastern).
  const zones = [
    'US/Eastern',
    'Europe/Paris',
    'Pacific/Auckland',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/Santiago',
    'UTC',
  ];

  for (const timeZone of zones) {
    it(`read a day's slots as each reading alone would, in ${timeZone}, every day of two years`, () => {
      // Days read one after another share their midnights' offsets (zone.ts): the skipped and repeated hours too.
      for (let date = '2025-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
        const convert = wallClockConverter(date, timeZone);
        for (const time of ['00:00', '00:30', '01:30', '02:00', '02:30', '03:00', '12:00', '12:30:45', '23:59']) {
          assert.equal(convert(time)?.getTime(), wallClockToInstant(date, time, timeZone)?.getTime(), `${date} ${time}`);
        }
        assert.throws(() => convert('24:00'), RangeError);
      }
    });

    it(`agree with Intl in ${timeZone}, every 37 minutes and 13 seconds over two years`, () => {
      const from = Date.UTC(2025, 0, 1);
      const to = Date.UTC(2027, 0, 1);
      for (let instant = from; instant < to; instant += 37 * 60_000 + 13_000) {
        const { date, time } = instantToWallClock(instant, timeZone);
        assert.equal(`${date} ${time}`, intlReading(instant, timeZone), new Date(instant).toISOString());
      }
    });
  }

  it('agree with Intl around every daylight-saving change of US/Eastern and Lord Howe, second by second', () => {
    for (const [timeZone, change] of [
      ['US/Eastern', Date.UTC(2026, 2, 8, 7)],
      ['US/Eastern', Date.UTC(2026, 10, 1, 6)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30)],
    ] as const) {
      for (let instant = change - 120_000; instant < change + 120_000; instant += 1000) {
        const { date, time } = instantToWallClock(instant + 0.5, timeZone);
        assert.equal(`${date} ${time}`, intlReading(instant, timeZone), `${timeZone} ${new Date(instant).toISOString()}`);
      }
    }
  });
});

describe("an appointment's end read after its start (audit 9, #1)", () => {
  // 2026-11-01, New York: clocks go back from 02:00 EDT to 01:00 EST, so 01:00–01:59 happen twice.
  const ZONE = 'America/New_York';
  const start = instantOf({ dateTime: '2026-11-01T01:30:00' }, ZONE)!;

  it('reads an end in the repeated hour as the instant after the start: a 60-minute booking from 01:30 EDT ends at 01:30 EST', () => {
    assert.equal(new Date(start).toISOString(), '2026-11-01T05:30:00.000Z');
    const end = instantOf({ dateTime: '2026-11-01T01:30:00' }, ZONE, start)!;
    assert.equal(end - start, 60 * 60_000);
    // A 30-minute one ends at 01:00 EST, half an hour later, not at 01:00 EDT before it began.
    assert.equal(instantOf({ dateTime: '2026-11-01T01:00:00' }, ZONE, start)! - start, 30 * 60_000);
  });

  it('tells the two apart by the booking’s length when it is known: 120 minutes from 00:30 EDT end at 01:30 EST (review)', () => {
    const early = instantOf({ dateTime: '2026-11-01T00:30:00' }, ZONE)!;
    const end = { dateTime: '2026-11-01T01:30:00' };
    assert.equal(instantOf(end, ZONE, early, 120 * 60_000)! - early, 120 * 60_000);
    // Without it, the first after the start: the 60-minute reading.
    assert.equal(instantOf(end, ZONE, early)! - early, 60 * 60_000);
  });

  it('reads an ordinary end, and a start, as before', () => {
    assert.equal(instantOf({ dateTime: '2026-11-01T03:00:00' }, ZONE, start)! - start, 150 * 60_000);
    assert.equal(instantOf({ dateTime: '2026-11-01T01:30:00' }, ZONE), start, 'without `after`, the first of the two');
  });
});

describe('readings that happen twice', () => {
  it('are the hour New York repeats and the half hour Lord Howe does, and no other', () => {
    const at = (iso: string) => Date.parse(iso);
    assert.equal(isRepeatedReading(at('2026-11-01T05:30:00Z'), 'America/New_York'), true, '01:30 EDT');
    assert.equal(isRepeatedReading(at('2026-11-01T06:30:00Z'), 'America/New_York'), true, '01:30 EST');
    assert.equal(isRepeatedReading(at('2026-11-01T07:00:00Z'), 'America/New_York'), false, '02:00 EST');
    assert.equal(isRepeatedReading(at('2026-11-01T04:30:00Z'), 'America/New_York'), false, '00:30 EDT');
    // Lord Howe goes back from 02:00 (+11) to 01:30 (+10:30) on 5 April 2026: 01:30–01:59 happen twice.
    assert.equal(isRepeatedReading(at('2026-04-04T14:45:00Z'), 'Australia/Lord_Howe'), true, '01:45 +11');
    assert.equal(isRepeatedReading(at('2026-04-04T14:15:00Z'), 'Australia/Lord_Howe'), false, '01:15 +11');
    assert.equal(isRepeatedReading(at('2026-03-04T15:00:00Z'), 'America/New_York'), false, 'an ordinary day');
  });
});

describe("a booking's length, as the proxy reads it from the catalog (review of 1ec8261)", () => {
  const catalog = (items: Record<string, unknown>[]) => ({ list: async () => items }) as unknown as CatalogCache;

  it('is its service’s duration, or its resource’s times its iterations; nothing when the catalog has not got it', async () => {
    const services = catalog([{ id: '2009', duration: 120 }]);
    assert.equal(await bookedLength({ service: { id: 2009 } }, 'service-staff', 'salon', services), 120 * 60_000);
    const courts = catalog([{ id: '6001', duration: 60 }]);
    assert.equal(await bookedLength({ resource: { id: '6001' }, iterationCount: 3 }, 'resource', 'club', courts), 180 * 60_000);
    assert.equal(await bookedLength({ service: { id: 'gone' } }, 'service', 'salon', services), undefined);
  });
});
