/**
 * The page's preselections checked against the catalog (src/booking/preselection.ts): each dropped one says which
 * (the widget then blames its attribute, or the link's parameter) and why, in one sentence for the console.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPreselection } from '../../src/booking/preselection.js';
import { catalogOf } from './booking-support.js';

describe('preselections the company does not offer', () => {
  it('drops an unknown service, saying which and why', () => {
    const { preselected, problems } = checkPreselection(catalogOf('service'), { serviceId: 's9' }, 'salon');
    assert.equal(preselected.serviceId, undefined);
    assert.deepEqual(problems, [
      { kind: 'service', id: 's9', message: 'service-id "s9" is not bookable online at company "salon"; the visitor chooses instead.' },
    ]);
  });

  it('a staff member who does not perform the service: the one chosen second is the one dropped, and named (audit 10, C3)', () => {
    const serviceFirst = checkPreselection(catalogOf('service-staff'), { serviceId: 's1', staffId: 'm2' }, 'salon');
    assert.deepEqual(serviceFirst.preselected, { serviceId: 's1', staffId: undefined, day: undefined });
    assert.deepEqual(
      serviceFirst.problems.map(({ kind, id }) => [kind, id]),
      [['staff', 'm2']],
    );
    // Staff first: the service goes, and the problem names the service, not the staff member kept.
    const staffFirst = checkPreselection(catalogOf('staff-service'), { serviceId: 's1', staffId: 'm2' }, 'salon');
    assert.deepEqual(staffFirst.preselected, { serviceId: undefined, staffId: 'm2', day: undefined });
    assert.deepEqual(
      staffFirst.problems.map(({ kind, id }) => [kind, id]),
      [['service', 's1']],
    );
    assert.match(staffFirst.problems[0]!.message, /staff-id "m2" does not perform service-id "s1"/);
  });
});
