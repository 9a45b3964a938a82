/**
 * Data the page does not need (issue 29, point 8): the company's lists reach the
 * browser as the widget shows them, by the widget's own rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPANY_PATH, fakeUpstream, json, ORIGIN, request, testProxy } from './proxy-harness.js';

const HOURS = [{ day: 'monday', from: '09:00', to: '17:00' }];
const AWAY = [{ start: { dateTime: '2026-08-01T00:00:00' }, end: { dateTime: '2026-08-15T00:00:00' } }];

const LISTS: Record<string, object> = {
  staff: {
    items: [
      { id: '3001', firstName: 'Maya', lastName: 'Chen', services: [{ id: '2002' }], workingHours: HOURS, vacations: AWAY },
      { id: '3009', firstName: 'Hidden', lastName: 'Owner', availableForWidget: false, workingHours: HOURS },
    ],
  },
  services: {
    items: [
      { id: '2002', name: "Men's cut", duration: 30, price: 35 },
      { id: '2099', name: 'Staff training', duration: 60, price: 0, availability: 'backoffice' },
    ],
  },
  resources: {
    items: [
      { id: '6001', name: 'Court 1', duration: 60, count: 1 },
      { id: '6099', name: 'Storage', duration: 60, count: 1, availability: 'backoffice' },
    ],
  },
};

describe('proxy: lists as the widget shows them', () => {
  const upstream = fakeUpstream((call) => json(LISTS[call.url.pathname.split('/').at(-1)!] ?? { items: [] }));
  const { proxy } = testProxy({}, upstream);
  const list = async (family: string) => {
    const answer = await proxy(request('GET', `${COMPANY_PATH}/${family}`, { headers: { Origin: ORIGIN } }));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('X-Content-Type-Options'), 'nosniff');
    return ((await answer.json()) as { items: Record<string, unknown>[] }).items;
  };

  it('leaves out hidden staff, and every staff member’s hours and vacations', async () => {
    assert.deepEqual(await list('staff'), [{ id: '3001', firstName: 'Maya', lastName: 'Chen', services: [{ id: '2002' }] }]);
  });

  it('leaves out back-office services and resources, with their prices', async () => {
    assert.deepEqual(
      (await list('services')).map((service) => service.id),
      ['2002'],
    );
    assert.deepEqual(
      (await list('resources')).map((resource) => resource.id),
      ['6001'],
    );
  });
});
