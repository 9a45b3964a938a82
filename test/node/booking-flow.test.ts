import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Appointment } from 'booking-widget-shared/types';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../src/booking/flow.js';
import { ANYONE } from '../../src/booking/selection.js';
import { Step } from '../../src/booking/steps.js';
import { catalogOf } from './booking-support.js';

const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(reduceFlow, state);
const member = (id: string) => ({ kind: 'member', id }) as const;
const APPOINTMENT = { id: 'a1', reference: 'R-1', status: 'accepted' } as unknown as Appointment;
const SLOT = Date.parse('2026-03-04T15:00:00Z');

describe('booking flow: the steps of each company mode', () => {
  const cases: [Parameters<typeof catalogOf>[0], Step[]][] = [
    ['service', [Step.Service, Step.Time, Step.Details, Step.Done]],
    ['quickStart', [Step.Service, Step.Time, Step.Details, Step.Done]],
    ['service-staff', [Step.Service, Step.Staff, Step.Time, Step.Details, Step.Done]],
    ['staff-service', [Step.Staff, Step.Service, Step.Time, Step.Details, Step.Done]],
    ['resource', [Step.Resource, Step.Time, Step.Details, Step.Done]],
  ];
  for (const [mode, steps] of cases) {
    it(`${mode}: ${steps.join(' → ')}, starting on the first`, () => {
      const state = startFlow(catalogOf(mode), {});
      assert.deepEqual(state.steps, steps);
      assert.equal(state.step, steps[0]);
      assert.deepEqual(state.selection, { quantity: 1, serviceId: undefined, staff: undefined, resourceId: undefined });
    });
  }

  it('skips what is preselected, but keeps a preselected resource’s step when a quantity is to be chosen', () => {
    assert.deepEqual(startFlow(catalogOf('service-staff'), { serviceId: 's1', staffId: 'm1' }).steps, [Step.Time, Step.Details, Step.Done]);
    assert.deepEqual(startFlow(catalogOf('staff-service'), { staffId: 'm2' }).steps, [Step.Service, Step.Time, Step.Details, Step.Done]);
    assert.deepEqual(startFlow(catalogOf('resource'), { resourceId: 'r1' }).steps, [Step.Resource, Step.Time, Step.Details, Step.Done]);
    assert.deepEqual(startFlow(catalogOf('resource'), { resourceId: 'r2' }).steps, [Step.Time, Step.Details, Step.Done]);
    assert.deepEqual(startFlow(catalogOf('service-staff'), { serviceId: 's1', staffId: 'm1' }).selection.staff, member('m1'));
  });
});

describe('booking flow: choosing', () => {
  it('service-staff: a service, then anyone, moving on after each choice', () => {
    const state = run(startFlow(catalogOf('service-staff'), {}), { type: 'choose-service', serviceId: 's1' });
    assert.equal(state.step, Step.Staff);
    const timed = run(state, { type: 'choose-staff', staff: ANYONE });
    assert.equal(timed.step, Step.Time);
    assert.deepEqual(timed.selection.staff, ANYONE);
  });

  it('keeps a chosen staff member only while they perform the service chosen again; "anyone" always fits', () => {
    const base = run(
      startFlow(catalogOf('service-staff'), {}),
      { type: 'choose-service', serviceId: 's1' },
      { type: 'choose-staff', staff: member('m1') },
    );
    const again = run(base, { type: 'go-to', step: Step.Service }, { type: 'choose-service', serviceId: 's1' });
    assert.deepEqual(again.selection.staff, member('m1'));
    const other = run(base, { type: 'go-to', step: Step.Service }, { type: 'choose-service', serviceId: 's2' });
    assert.equal(other.selection.staff, undefined);
    assert.equal(other.step, Step.Staff);
    const anyone = run(
      startFlow(catalogOf('service-staff'), {}),
      { type: 'choose-service', serviceId: 's1' },
      { type: 'choose-staff', staff: ANYONE },
    );
    assert.deepEqual(
      run(anyone, { type: 'go-to', step: Step.Service }, { type: 'choose-service', serviceId: 's2' }).selection.staff,
      ANYONE,
    );
  });

  it('a staff member whose id is "anyone" is that member, not the "anyone" choice', () => {
    const state = run(
      startFlow(catalogOf('service-staff'), {}),
      { type: 'choose-service', serviceId: 's1' },
      { type: 'choose-staff', staff: member('anyone') },
    );
    assert.deepEqual(state.selection.staff, member('anyone'));
    assert.notDeepEqual(state.selection.staff, ANYONE);
  });

  it('staff-service: a staff member, then one of their services; another member drops a service they do not offer', () => {
    const state = run(
      startFlow(catalogOf('staff-service'), {}),
      { type: 'choose-staff', staff: member('m1') },
      { type: 'choose-service', serviceId: 's1' },
    );
    assert.equal(state.step, Step.Time);
    const switched = run(state, { type: 'go-to', step: Step.Staff }, { type: 'choose-staff', staff: member('m2') });
    assert.equal(switched.selection.serviceId, undefined);
    assert.equal(switched.step, Step.Service);
  });

  it('resource: a resource stays on its step for the quantity, kept within what can be booked', () => {
    let state = run(startFlow(catalogOf('resource'), {}), { type: 'choose-resource', resourceId: 'r1' });
    assert.equal(state.step, Step.Resource);
    for (const [asked, kept] of [
      [2, 2],
      [9, 3],
      [0, 1],
      [Number.NaN, 1],
      [2.6, 3],
    ] as const) {
      state = run(state, { type: 'quantity', quantity: asked });
      assert.equal(state.selection.quantity, kept, `${asked} → ${kept}`);
    }
    assert.equal(run(state, { type: 'choose-resource', resourceId: 'r2' }).selection.quantity, 1);
    assert.equal(run(state, { type: 'next' }).step, Step.Time);
  });

  it('ignores choices the catalog does not hold', () => {
    const state = startFlow(catalogOf('service-staff'), {});
    assert.equal(reduceFlow(state, { type: 'choose-service', serviceId: 'nope' }), state);
    assert.equal(reduceFlow(state, { type: 'choose-staff', staff: member('nope') }), state);
    const resource = startFlow(catalogOf('resource'), {});
    assert.equal(reduceFlow(resource, { type: 'choose-resource', resourceId: 'nope' }), resource);
  });
});

describe('booking flow: time, moving, and what happens after booking', () => {
  const atTime = () => run(startFlow(catalogOf('service'), { serviceId: 's1' }), { type: 'time', day: '2026-03-04', slot: SLOT });

  it('goes back to steps passed, never forward past one not done', () => {
    const state = run(startFlow(catalogOf('service-staff'), {}), { type: 'choose-service', serviceId: 's1' });
    assert.equal(reduceFlow(state, { type: 'go-to', step: Step.Details }), state);
    assert.equal(run(state, { type: 'go-to', step: Step.Service }).step, Step.Service);
    assert.equal(run(state, { type: 'back' }).step, Step.Service);
    assert.equal(run(startFlow(catalogOf('service'), {}), { type: 'back' }).step, Step.Service);
  });

  it('a day chosen in the calendar shows its times, none chosen: a time chosen before is dropped', () => {
    const state = run(atTime(), { type: 'choose-day', day: '2026-03-05' });
    assert.deepEqual(state.selection.day, '2026-03-05');
    assert.equal(state.selection.slot, undefined);
    assert.equal(state.step, Step.Time);
    // The same day again still starts over: the visitor asked for its times.
    assert.equal(run(atTime(), { type: 'choose-day', day: '2026-03-04' }).selection.slot, undefined);
  });

  it('reads the chosen day again when the visitor switches zones, keeping the time', () => {
    const state = run(atTime(), { type: 'zone', timeZone: 'Pacific/Auckland' });
    assert.equal(state.chosenZone, 'Pacific/Auckland');
    assert.equal(state.selection.slot, SLOT);
    assert.equal(state.selection.day, '2026-03-05');
  });

  it('a time just taken on the details step: the visitor stays there, without it, told until they choose or move on', () => {
    const details = run(atTime(), { type: 'next' }, { type: 'answer', id: 'q', value: 'kept' });
    assert.equal(details.step, Step.Details);
    const taken = run(details, { type: 'slot-taken' });
    assert.equal(taken.step, Step.Details);
    assert.equal(taken.selection.slot, undefined);
    assert.equal(taken.selection.day, '2026-03-04');
    assert.deepEqual(taken.answers, { q: 'kept' });
    assert.equal(taken.slotTaken, true);
    // One of the times offered: chosen there, still on the details step.
    const chosen = run(taken, { type: 'time', day: '2026-03-04', slot: SLOT + 3_600_000 });
    assert.equal(chosen.step, Step.Details);
    assert.equal(chosen.selection.slot, SLOT + 3_600_000);
    assert.equal(chosen.slotTaken, true, 'the details step keeps its notice while that time books');
    assert.equal(run(chosen, { type: 'booked', appointment: APPOINTMENT }).slotTaken, false);
    // "Choose another time": back to the times, where it is no longer news.
    const back = run(taken, { type: 'go-to', step: Step.Time });
    assert.equal(back.step, Step.Time);
    assert.equal(back.slotTaken, false);
  });

  it('a chosen time taken while the times show: no time chosen, told on the time step until another is chosen', () => {
    const taken = run(atTime(), { type: 'slot-taken' });
    assert.deepEqual([taken.step, taken.selection.slot, taken.selection.day, taken.slotTaken], [Step.Time, undefined, '2026-03-04', true]);
    const chosen = run(taken, { type: 'time', day: '2026-03-04', slot: SLOT + 3_600_000 });
    assert.deepEqual([chosen.selection.slot, chosen.slotTaken], [SLOT + 3_600_000, false]);
  });

  it('booked: the last step, with the appointment; no way back from it; a restart keeps the preselections', () => {
    const done = run(atTime(), { type: 'next' }, { type: 'booked', appointment: APPOINTMENT });
    assert.equal(done.step, Step.Done);
    assert.equal(done.appointment, APPOINTMENT);
    assert.equal(reduceFlow(done, { type: 'back' }), done);
    const again = run(done, { type: 'restart' });
    assert.equal(again.step, Step.Time);
    assert.equal(again.appointment, undefined);
    assert.deepEqual(again.selection, { quantity: 1, serviceId: 's1', staff: undefined, resourceId: undefined });
  });
});
