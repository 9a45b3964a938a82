import { expect } from '@open-wc/testing';
import {
  UnknownTimeZoneError,
  addMonths,
  appointmentTimes,
  companyDatesCovering,
  eachDay,
  groupByDay,
  instantToWallClock,
  isCalendarDate,
  slotInstants,
  startOfDayInstant,
  wallClockToInstant,
} from '../../../src/api/index.js';
import type { SlotsResponse } from '../../../src/api/index.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const slots = (timeZone: string, day: string, times: string[]): SlotsResponse => ({
  items: [{ day, timeZone, slots: times.map((t) => (t.includes('T') ? t : `${day}T${t}:00`)) }],
});

// The browser suites run under several host zones (see web-test-runner.config.mjs):
// every expectation here is written in UTC, so it must hold whatever the host's zone.
describe(`time zones (host zone ${Intl.DateTimeFormat().resolvedOptions().timeZone})`, () => {
  it('moves an Auckland company’s morning slots to the previous day for a visitor in Los Angeles', () => {
    const response = slots('Pacific/Auckland', '2020-12-02', ['09:00', '16:00']);
    const instants = slotInstants(response, 'Pacific/Auckland');
    expect(iso(instants)).to.deep.equal(['2020-12-01T20:00:00.000Z', '2020-12-02T03:00:00.000Z']);
    const inLosAngeles = groupByDay(instants, 'America/Los_Angeles');
    expect([...inLosAngeles.keys()]).to.deep.equal(['2020-12-01']);
    expect(instantToWallClock(inLosAngeles.get('2020-12-01')![0]!, 'America/Los_Angeles').time).to.equal('12:00:00');
    expect([...groupByDay(instants, 'Pacific/Auckland').keys()]).to.deep.equal(['2020-12-02']);
  });

  it('asks for the company days that cover a display day', () => {
    expect(companyDatesCovering('2020-12-01', '2020-12-01', 'America/Los_Angeles', 'Pacific/Auckland')).to.deep.equal({
      startDate: '2020-12-01',
      endDate: '2020-12-02',
    });
    expect(companyDatesCovering('2020-12-01', '2020-12-31', 'Pacific/Auckland', 'America/Los_Angeles')).to.deep.equal({
      startDate: '2020-11-30',
      endDate: '2020-12-31',
    });
    expect(companyDatesCovering('2026-03-01', '2026-03-31', 'Europe/Paris', 'Europe/Paris')).to.deep.equal({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
  });

  it('drops slots in the hour US/Eastern skips in spring, keeping real elapsed time', () => {
    const instants = slotInstants(slots('US/Eastern', '2021-03-14', ['01:30', '02:00', '02:30', '03:00']), 'US/Eastern');
    expect(iso(instants)).to.deep.equal(['2021-03-14T06:30:00.000Z', '2021-03-14T07:00:00.000Z']);
  });

  it('reads a US/Eastern slot in the repeated autumn hour once, as its first occurrence', () => {
    const instants = slotInstants(slots('US/Eastern', '2020-11-01', ['00:30', '01:30', '02:00']), 'US/Eastern');
    expect(iso(instants)).to.deep.equal(['2020-11-01T04:30:00.000Z', '2020-11-01T05:30:00.000Z', '2020-11-01T07:00:00.000Z']);
  });

  it('handles both Europe/Paris daylight-saving days', () => {
    const spring = slotInstants(slots('Europe/Paris', '2021-03-28', ['01:30', '02:30', '03:30']), 'Europe/Paris');
    expect(iso(spring)).to.deep.equal(['2021-03-28T00:30:00.000Z', '2021-03-28T01:30:00.000Z']);
    const autumn = slotInstants(slots('Europe/Paris', '2020-10-25', ['02:30', '03:30']), 'Europe/Paris');
    expect(iso(autumn)).to.deep.equal(['2020-10-25T00:30:00.000Z', '2020-10-25T02:30:00.000Z']);
  });

  it('places half-hour (Kolkata) and 45-minute (Kathmandu) zones exactly', () => {
    const kolkata = slotInstants(slots('Asia/Kolkata', '2020-12-01', ['09:00']), 'Asia/Kolkata');
    expect(iso(kolkata)).to.deep.equal(['2020-12-01T03:30:00.000Z']);
    expect([...groupByDay(kolkata, 'America/New_York').keys()]).to.deep.equal(['2020-11-30']);
    const kathmandu = slotInstants(slots('Asia/Kathmandu', '2020-12-01', ['05:00', '05:45']), 'Asia/Kathmandu');
    expect(iso(kathmandu)).to.deep.equal(['2020-11-30T23:15:00.000Z', '2020-12-01T00:00:00.000Z']);
    expect([...groupByDay(kathmandu, 'UTC').entries()].map(([day, list]) => [day, list.length])).to.deep.equal([
      ['2020-11-30', 1],
      ['2020-12-01', 1],
    ]);
  });

  it('accepts bare HH:mm and HH:mm:ss slots on the item’s day, and the legacy zone names', () => {
    const response: SlotsResponse = { items: [{ day: '2020-12-01', slots: ['09:00', '09:30:00'] }] };
    expect(iso(slotInstants(response, 'US/Eastern'))).to.deep.equal(['2020-12-01T14:00:00.000Z', '2020-12-01T14:30:00.000Z']);
  });

  it('skips malformed slot strings and repeats rather than guessing', () => {
    const response: SlotsResponse = {
      items: [
        { day: '2020-12-01', timeZone: 'UTC', slots: ['9am', '2020-12-01T09:00:00', '09:00', '25:00'] },
        { day: '2020-12-02', timeZone: 'UTC', slots: [] },
      ],
    };
    expect(iso(slotInstants(response, 'UTC'))).to.deep.equal(['2020-12-01T09:00:00.000Z']);
  });

  it('names an unknown zone in its error', () => {
    expect(() => slotInstants(slots('Mars/Olympus', '2020-12-01', ['09:00']), 'UTC')).to.throw(
      UnknownTimeZoneError,
      'Unknown time zone "Mars/Olympus"',
    );
  });

  it('sends appointment times in the company zone, the end in elapsed time', () => {
    const start = wallClockToInstant('2021-03-14', '01:30', 'US/Eastern')!;
    expect(appointmentTimes(start, 60, 'US/Eastern')).to.deep.equal({
      start: { dateTime: '2021-03-14T01:30:00', timeZone: 'US/Eastern' },
      end: { dateTime: '2021-03-14T03:30:00', timeZone: 'US/Eastern' },
    });
    const court = wallClockToInstant('2020-12-01', '18:00', 'Europe/Paris')!;
    expect(appointmentTimes(court, 90, 'Europe/Paris', 2).end).to.deep.equal({
      dateTime: '2020-12-01T21:00:00',
      timeZone: 'Europe/Paris',
    });
  });

  it('finds the first instant of a day even where midnight does not exist', () => {
    // America/Santiago springs forward at 24:00 → 01:00 (2026-09-06).
    expect(startOfDayInstant('2026-09-06', 'America/Santiago').toISOString()).to.equal('2026-09-06T04:00:00.000Z');
    expect(startOfDayInstant('2020-12-01', 'Asia/Kathmandu').toISOString()).to.equal('2020-11-30T18:15:00.000Z');
  });

  it('does calendar arithmetic without any zone', () => {
    expect(addMonths('2021-01-31', 1)).to.equal('2021-02-28');
    expect(eachDay('2021-03-13', '2021-03-15')).to.deep.equal(['2021-03-13', '2021-03-14', '2021-03-15']);
    expect(isCalendarDate('2021-02-29')).to.equal(false);
    expect(isCalendarDate('2020-02-29')).to.equal(true);
  });
});
