/** Consecutive durations in resource mode (service contract §13, issue #14): the flow, the subject, the booking and the summary. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookingRequest } from '../../src/booking/booking-request.js';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../src/booking/flow.js';
import { subjectOf } from '../../src/booking/selection.js';
import { readSettings } from 'booking-widget-shared/widget-settings';
import { Step } from '../../src/booking/steps.js';
import { bookingSummary } from '../../src/booking/summary.js';
import { EMPTY_DETAILS } from '../../src/booking/visitor-details.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { catalogOf } from './booking-support.js';

const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(reduceFlow, state);
const START = Date.parse('2026-03-09T14:00:00Z');

describe('booking core: consecutive durations', () => {
  it('keeps the count within 1…maxIterations, and forgets a time chosen for another length', () => {
    const state = run(startFlow(catalogOf('resource', { maxIterations: 3 }), {}), { type: 'choose-resource', resourceId: 'r1' });
    assert.equal(run(state, { type: 'iterations', iterations: 2 }).selection.iterations, 2);
    assert.equal(run(state, { type: 'iterations', iterations: 9 }).selection.iterations, 3);
    assert.equal(run(state, { type: 'iterations', iterations: 0 }).selection.iterations ?? 1, 1);
    const timed = run(state, { type: 'time', day: '2026-03-09', slot: START });
    assert.equal(run(timed, { type: 'iterations', iterations: 2 }).selection.slot, undefined);
    assert.equal(run(timed, { type: 'iterations', iterations: 1 }), timed, 'the same length changes nothing');
  });

  it('without maxIterations a visitor books one duration, whatever is asked', () => {
    const state = run(
      startFlow(catalogOf('resource'), {}),
      { type: 'choose-resource', resourceId: 'r1' },
      { type: 'iterations', iterations: 3 },
    );
    assert.equal(state.selection.iterations ?? 1, 1);
    assert.deepEqual(subjectOf(state.catalog, state.selection), { kind: 'resource', resourceId: 'r1', resourceCount: 1 });
  });

  it('asks free slots with iterationCount, books with it, and ends start + duration × n', () => {
    let state = run(
      startFlow(catalogOf('resource', { maxIterations: 3 }), {}),
      { type: 'choose-resource', resourceId: 'r1' },
      { type: 'iterations', iterations: 2 },
    );
    assert.deepEqual(subjectOf(state.catalog, state.selection), {
      kind: 'resource',
      resourceId: 'r1',
      resourceCount: 1,
      iterationCount: 2,
    });
    state = run(state, { type: 'next' }, { type: 'time', day: '2026-03-09', slot: START });
    const request = bookingRequest('1', state.catalog, state.selection, EMPTY_DETAILS, 'en', 'UTC')!;
    assert.deepEqual(request.subject, { kind: 'resource', resourceId: 'r1', resourceCount: 1, iterationCount: 2 });
    assert.equal(request.durationMinutes, 60, 'one duration; the adapter multiplies');
    const summary = bookingSummary(state.catalog, state.selection, 'UTC', en)!;
    assert.equal(summary.end.toISOString(), '2026-03-09T16:00:00.000Z');
  });

  it('a preselected single-unit resource keeps its step when a length is to be chosen', () => {
    assert.deepEqual(startFlow(catalogOf('resource', { maxIterations: 2 }), { resourceId: 'r2' }).steps, [
      Step.Resource,
      Step.Time,
      Step.Details,
      Step.Done,
    ]);
    assert.deepEqual(startFlow(catalogOf('resource'), { resourceId: 'r2' }).steps, [Step.Time, Step.Details, Step.Done]);
  });

  it('reads maxIterations as a whole number from 1, warning about anything else', () => {
    const warnings: string[] = [];
    const read = (maxIterations: unknown) =>
      readSettings(
        {
          id: '1',
          name: 'c',
          timeZone: 'UTC',
          scheduledItems: 'resource',
          extendedProperties: { public: { bookingWidget: { maxIterations } } },
        },
        (w) => warnings.push(w),
      ).maxIterations;
    assert.equal(read(3), 3);
    assert.equal(read(0), undefined);
    assert.equal(read('3'), undefined);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0]!, /maxIterations/);
  });
});
