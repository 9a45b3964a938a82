// `npm run test:dates` draws held-out instants (test/support/drawn-todays.ts); these check the draw
// itself: the changes it finds are the real ones, a seed replays, and every instant is near an event.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seedState } from '../../packages/sandbox/src/seed/seed.js';
import {
  EventKind,
  OTHER_HOST_ZONES,
  dateEvents,
  drawTodays,
  monthEnds,
  offsetChanges,
  seedTimeZones,
  windowEnd,
} from '../support/drawn-todays.js';
import { PINNED_TODAYS, pinnedTodaysFrom } from '../support/test-clock.js';

const iso = (ms: number) => new Date(ms).toISOString();
const YEAR_2027 = [Date.parse('2027-01-01T00:00:00Z'), Date.parse('2028-01-01T00:00:00Z')] as const;
const FROM = Date.parse('2026-12-31T14:00:00Z');

describe('test:dates: the events instants are drawn around', () => {
  it('finds each daylight-saving change of 2027 to the minute, in both hemispheres', () => {
    assert.deepEqual(offsetChanges('Europe/Paris', ...YEAR_2027).map(iso), ['2027-03-28T01:00:00.000Z', '2027-10-31T01:00:00.000Z']);
    assert.deepEqual(offsetChanges('US/Eastern', ...YEAR_2027).map(iso), ['2027-03-14T07:00:00.000Z', '2027-11-07T06:00:00.000Z']);
    assert.deepEqual(offsetChanges('Pacific/Auckland', ...YEAR_2027).map(iso), ['2027-04-03T14:00:00.000Z', '2027-09-25T14:00:00.000Z']);
    // Lord Howe moves by half an hour.
    assert.deepEqual(offsetChanges('Australia/Lord_Howe', ...YEAR_2027).map(iso), ['2027-04-03T15:00:00.000Z', '2027-10-02T15:30:00.000Z']);
    assert.deepEqual(offsetChanges('Asia/Kathmandu', ...YEAR_2027), []);
  });

  it("ends each month at the zone's midnight, and marks the year's end", () => {
    const ends = monthEnds('Pacific/Auckland', ...YEAR_2027);
    assert.equal(ends.length, 12);
    assert.deepEqual(
      ends.slice(0, 2).map((end) => [end.kind, iso(end.at)]),
      [
        [EventKind.MonthEnd, '2027-01-31T11:00:00.000Z'],
        [EventKind.MonthEnd, '2027-02-28T11:00:00.000Z'],
      ],
    );
    assert.deepEqual(
      ends.filter((end) => end.kind === EventKind.YearEnd).map((end) => iso(end.at)),
      ['2027-12-31T11:00:00.000Z'],
    );
  });

  it("takes the zones from the seed's companies", () => {
    const zones = [...seedState(FROM).companies.values()].map((company) => company.record.timeZone);
    assert.deepEqual(new Set(seedTimeZones(FROM)), new Set(zones));
    const events = dateEvents(seedTimeZones(FROM), FROM, windowEnd(FROM));
    for (const zone of zones)
      assert.ok(
        events.some((event) => event.what.startsWith(zone)),
        zone,
      );
  });
});

describe('test:dates: the draw', () => {
  const draw = drawTodays({ seed: 7, count: 60, from: FROM });

  it('is the same for the same seed and start, and another for another seed', () => {
    assert.deepEqual(drawTodays({ seed: 7, count: 60, from: FROM }), draw);
    assert.notDeepEqual(
      drawTodays({ seed: 8, count: 60, from: FROM }).map((today) => today.now),
      draw.map((today) => today.now),
    );
  });

  it('puts every instant within a day and a half of its event, inside the three years, on the half hour', () => {
    const end = windowEnd(FROM);
    assert.equal(iso(end), '2029-12-31T14:00:00.000Z');
    for (const today of draw) {
      const at = Date.parse(today.now);
      assert.ok(at >= FROM && at < end, today.now);
      assert.ok(Math.abs(at - today.near.at) <= 36 * 3_600_000, `${today.now} is near ${iso(today.near.at)}`);
      assert.equal(at % 1_800_000, 0, today.now);
    }
  });

  it("draws every kind of event, and host zones from the seed's and the others", () => {
    assert.deepEqual(new Set(draw.map((today) => today.near.kind)), new Set(Object.values(EventKind)));
    const hosts = new Set([...seedTimeZones(FROM), ...OTHER_HOST_ZONES]);
    assert.ok(draw.every((today) => hosts.has(today.hostTimeZone)));
    const many = drawTodays({ seed: 11, count: 400, from: FROM });
    for (const zone of seedTimeZones(FROM))
      assert.ok(
        many.some((today) => today.hostTimeZone === zone),
        zone,
      );
  });
});

describe('TEST_PINNED_TODAYS', () => {
  it("keeps test-clock.ts's instants when unset, none with 0, and replaces them with a JSON list", () => {
    assert.equal(pinnedTodaysFrom(undefined), PINNED_TODAYS);
    assert.deepEqual(pinnedTodaysFrom('0'), []);
    const drawn = [{ name: 'drawn', now: '2027-10-31T00:30:00Z', hostTimeZone: 'Europe/Paris' }];
    assert.deepEqual(pinnedTodaysFrom(JSON.stringify(drawn)), drawn);
    assert.throws(() => pinnedTodaysFrom('[{"name":"no zone","now":"2027-10-31T00:30:00Z"}]'), /TEST_PINNED_TODAYS/);
    assert.throws(() => pinnedTodaysFrom('{"name":"not a list"}'), /TEST_PINNED_TODAYS/);
  });
});
