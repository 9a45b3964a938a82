import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ALTERNATIVES, displayDayOf, pickAlternatives, reduceTaken } from '../../src/booking/alternatives.js';
import { offering } from '../../src/booking/flow.js';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../src/booking/flow.js';
import { Step } from '../../src/booking/steps.js';
import { catalogOf } from './booking-support.js';

const NEW_YORK = 'America/New_York';
/** A company-zone wall time on Wednesday 4 March 2026 in New York (UTC−5), as an instant. */
const at = (time: string, date = '2026-03-04') => Date.parse(`${date}T${time}:00-05:00`);
const TAKEN = at('10:00');
const base = { taken: TAKEN, displayTimeZone: NEW_YORK, earliest: at('08:00'), before: Infinity };
const times = (starts: number[]) => starts.map((start) => new Date(start).toISOString());

describe('the times offered when the chosen one was just taken', () => {
  it('the nearest of the same day, a later one first when two are as near, in time order, never the taken one', () => {
    const sameDay = [at('09:00'), at('09:30'), at('10:00'), at('10:30'), at('11:00'), at('14:00')];
    const picked = pickAlternatives({ ...base, sameDay: sameDay.map((start) => new Date(start)), later: [at('09:00', '2026-03-05')] });
    assert.deepEqual(times(picked), times([at('09:30'), at('10:30'), at('11:00')]));
    assert.equal(picked.length, MAX_ALTERNATIVES);
    assert.ok(!picked.includes(TAKEN));
  });

  it('then the next days, earliest first, when the same day has fewer than three', () => {
    const later = [at('16:00'), at('09:00', '2026-03-05'), at('09:30', '2026-03-05'), at('10:00', '2026-03-05')];
    const picked = pickAlternatives({ ...base, sameDay: [at('10:00'), at('16:00')], later });
    assert.deepEqual(times(picked), times([at('16:00'), at('09:00', '2026-03-05'), at('09:30', '2026-03-05')]));
  });

  it('nothing too soon (minimum notice), nothing past the bookable window, and none at all when nothing is free', () => {
    const picked = pickAlternatives({
      ...base,
      earliest: at('09:45'),
      before: at('00:00', '2026-03-06'),
      sameDay: [at('09:00'), at('09:30'), at('10:00')],
      later: [at('09:00', '2026-03-05'), at('09:00', '2026-03-06')],
    });
    assert.deepEqual(times(picked), times([at('09:00', '2026-03-05')]));
    assert.deepEqual(pickAlternatives({ ...base, sameDay: [TAKEN], later: [] }), []);
  });

  it('"the same day" is the display zone’s: across its midnight, a time as near is the next day’s', () => {
    // 09:30 in New York on the 5th is 23:30 in Tokyo; the visitor sees Tokyo's days.
    const taken = at('09:30', '2026-03-05');
    const tokyo = 'Asia/Tokyo';
    assert.equal(displayDayOf(taken, tokyo), '2026-03-05');
    assert.equal(displayDayOf(at('10:00', '2026-03-05'), tokyo), '2026-03-06');
    const day = ['08:00', '09:00', '09:30', '10:00', '10:30', '11:00'].map((time) => at(time, '2026-03-05'));
    // Tokyo: 22:00 and 23:00 are the same day, then the 6th's midnight, though 10:30 is as near as 08:00.
    const picked = pickAlternatives({ ...base, taken, displayTimeZone: tokyo, sameDay: day, later: day });
    assert.deepEqual(times(picked), times([at('08:00', '2026-03-05'), at('09:00', '2026-03-05'), at('10:00', '2026-03-05')]));
    // New York: the whole morning is one day, so the nearest three.
    const inNewYork = pickAlternatives({ ...base, taken, sameDay: day, later: [at('09:00', '2026-03-06')] });
    assert.deepEqual(times(inNewYork), times([at('09:00', '2026-03-05'), at('10:00', '2026-03-05'), at('10:30', '2026-03-05')]));
  });
});

describe('what is offered, as state', () => {
  const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(reduceFlow, state);
  const atDetails = () =>
    run(startFlow(catalogOf('service'), { serviceId: 's1' }), { type: 'time', day: '2026-03-04', slot: TAKEN }, { type: 'next' });

  it('looked for once the time is taken, kept for that time only, gone with the offer', () => {
    const looking = reduceTaken(undefined, { type: 'taken', start: TAKEN });
    assert.deepEqual(looking, { start: TAKEN });
    const found = reduceTaken(looking, { type: 'found', start: TAKEN, alternatives: [at('10:30')] });
    assert.deepEqual(found, { start: TAKEN, alternatives: [at('10:30')] });
    // An answer for another time taken (the visitor chose again meanwhile) is not this one's.
    assert.equal(reduceTaken(looking, { type: 'found', start: at('10:30'), alternatives: [] }), looking);
    assert.equal(reduceTaken(undefined, { type: 'found', start: TAKEN, alternatives: [] }), undefined);
    assert.equal(reduceTaken(found, { type: 'over' }), undefined);
  });

  it('offered on the details step while no other time is chosen; not on the times, nor once one is chosen', () => {
    const taken = run(atDetails(), { type: 'slot-taken' });
    assert.equal(offering(atDetails()), false);
    assert.equal(offering(taken), true);
    assert.equal(offering(run(taken, { type: 'time', day: '2026-03-04', slot: at('10:30') })), false);
    assert.equal(offering(run(taken, { type: 'go-to', step: Step.Time })), false);
  });
});
