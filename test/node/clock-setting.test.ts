/**
 * The widget's `now` (src/api/time/clock.ts): an instant pins the clock, a function is asked each
 * time, nothing means the real clock; a setting that is not an instant is said once and the real
 * clock kept; the clock is worked out again only when the setting changes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockFollowing, realClock } from '../../src/api/time/clock.js';

describe('clockFollowing: the clock an element’s `now` stands for', () => {
  it('pins to an instant, follows a function, and falls back to the real clock', () => {
    const said: string[] = [];
    const clockFor = clockFollowing((message) => said.push(message));
    assert.equal(clockFor('2026-03-04T15:00:00Z')(), Date.parse('2026-03-04T15:00:00Z'));
    let tick = 0;
    const running = () => ++tick;
    assert.deepEqual([clockFor(running)(), clockFor(running)()], [1, 2]);
    assert.equal(clockFor(undefined), realClock);
    assert.deepEqual(said, []);
  });

  it('says a setting that is not an instant once, keeps the real clock, and works the clock out again only on a change', () => {
    const said: string[] = [];
    const clockFor = clockFollowing((message) => said.push(message));
    const pinned = clockFor('2026-03-04T15:00:00Z');
    assert.equal(clockFor('2026-03-04T15:00:00Z'), pinned, 'the same setting: the same clock');
    assert.equal(clockFor('next Tuesday'), realClock);
    assert.equal(clockFor('next Tuesday'), realClock);
    assert.equal(said.length, 1, 'said once, not at every read');
    assert.match(said[0]!, /"next Tuesday" is not an instant/);
    assert.equal(clockFor('2026-03-05T09:00:00Z')(), Date.parse('2026-03-05T09:00:00Z'));
  });

  it('refuses a date-time without an offset, which each visitor would read in their own zone (audit 9, #9)', () => {
    const said: string[] = [];
    const clockFor = clockFollowing((message) => said.push(message));
    assert.equal(clockFor('2026-03-04T10:00:00'), realClock);
    assert.match(said[0]!, /"2026-03-04T10:00:00" is not an instant: .* with its offset/);
    assert.equal(clockFor('2026-03-04T10:00:00-05:00')(), Date.parse('2026-03-04T15:00:00Z'));
    assert.equal(clockFor('2026-03-04')(), Date.parse('2026-03-04T00:00:00Z'), 'a date alone is UTC midnight');
    // Other spellings without an offset too (review); one with GMT names its offset.
    assert.equal(clockFor('2026-03-04 10:00:00'), realClock);
    assert.equal(clockFor('March 4, 2026 10:00'), realClock);
    assert.equal(clockFor('Wed, 04 Mar 2026 15:00:00 GMT')(), Date.parse('2026-03-04T15:00:00Z'));
  });
});
