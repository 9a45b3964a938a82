/**
 * Data the page does not need (issue 29, point 8; audit 8, #1 and #5): the company's lists, and each of their records
 * read by its id, reach the browser as the widget shows them, by the widget's own rules; the company itself, as far as
 * the widget reads it.
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

/** What a booking page reads of the company, as the service has it. */
const READ = {
  id: 'demo-salon',
  name: 'Demo Salon',
  timeZone: 'Europe/Berlin',
  scheduledItems: 'service',
  description: '<p>Hi</p>',
  phone: '+49 30 1234',
};

const COMPANY = {
  ...READ,
  extendedProperties: { public: { accentColor: '#0a5' }, private: { payroll: 'x' } },
  externalCalendars: [{ address: 'https://calendar.example/ical/owner/private-5f2c9a1e/basic.ics', type: 'ics' }],
  workingHours: HOURS,
  vacations: AWAY,
  businessCategory: ['salon'],
  socialMedias: { instagramLink: 'https://instagram.example/salon' },
};

/** A record of a list by its id, or the company; 404 as the service says it for an id it does not know. */
function answerOf(path: string): Response {
  const [family, id] = path.split('/').slice(-2);
  if (path.endsWith(COMPANY_PATH)) return json(COMPANY);
  const items = (LISTS[family!] as { items: { id: string }[] } | undefined)?.items;
  const item = items?.find((record) => record.id === id);
  if (item) return json(item);
  return json(LISTS[path.split('/').at(-1)!] ?? { items: [] });
}

describe('proxy: lists as the widget shows them', () => {
  const upstream = fakeUpstream((call) => answerOf(call.url.pathname));
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

  const read = (path: string) => proxy(request('GET', `${COMPANY_PATH}${path}`, { headers: { Origin: ORIGIN } }));

  it('answers a hidden staff member or a back-office service read by its id as not found, as the lists leave them out', async () => {
    for (const path of ['/staff/3009', '/services/2099', '/resources/6099']) {
      const answer = await read(path);
      assert.equal(answer.status, 404, path);
      assert.equal(((await answer.json()) as { error: { errorCode: string } }).error.errorCode, 'NOT_FOUND');
    }
  });

  it('gives a record read by its id as its list does: no hours, no vacations', async () => {
    const answer = await read('/staff/3001');
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { id: '3001', firstName: 'Maya', lastName: 'Chen', services: [{ id: '2002' }] });
  });

  it('gives of the company only what the widget reads: never its calendars’ private addresses or categories', async () => {
    const answer = await read('');
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), {
      ...READ,
      extendedProperties: { public: { accentColor: '#0a5' } },
      // Its opening hours stay: a walk-in line says when it opens.
      workingHours: HOURS,
      vacations: AWAY,
    });
  });
});
