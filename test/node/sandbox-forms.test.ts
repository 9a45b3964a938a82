import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CLINIC,
  SALON,
  appointmentBody,
  assertError,
  createClient,
  query,
  sandbox,
  slotTimes,
  type SandboxClient,
} from './sandbox-support.js';

const WEST = '/api/2.1/scheduling/companies/demo-salon-west';

/** Ruby's first physiotherapy assessment with Aroha, Tuesday 10:00 in Auckland: the service with the two-page form. */
const ASSESSMENT = appointmentBody({
  clientId: '5001',
  serviceId: '2101',
  staffId: '3101',
  start: '2026-03-10T10:00:00',
  end: '2026-03-10T11:00:00',
});

/** A right answer to every answerable item of the clinic form. */
const GOOD_ANSWERS = [
  { id: 'reason', title: 'What brings you in?', value: 'Sore left knee after running.' },
  { id: 'injury-date', title: 'When did it start?', value: '2026-02-20' },
  { id: 'pain', title: 'Pain today, from 0 to 10', value: '6' },
  { id: 'gp', title: 'Your GP', value: 'Dr Hine, Thorndon Medical' },
  { id: 'plan-email', title: 'E-mail for your exercise plan', value: 'ruby@example.com' },
  { id: 'emergency-phone', title: 'Emergency contact phone', value: '+64 21 555 0199' },
  { id: 'referral', title: 'Referred by', value: 'ACC' },
  { id: 'side', title: 'Which side?', value: 'Left' },
  { id: 'conditions', title: 'Do any of these apply?', value: 'Diabetes, Pregnancy' },
  { id: 'acc-claim', title: 'This is an ACC injury claim', value: 'true' },
  { id: 'treatment-consent', title: 'I consent to assessment and treatment.', value: 'true' },
];

const withAnswer = (id: string, value: string) => GOOD_ANSWERS.map((answer) => (answer.id === id ? { ...answer, value } : answer));

function insert(client: SandboxClient, form: unknown[] | undefined) {
  return client.post(`${CLINIC}/appointments`, { ...ASSESSMENT, ...(form && { form }) });
}

describe('sandbox forms: reading (service contract §11)', () => {
  test('lists the account’s forms under 2.3 and 2.0, the same', async () => {
    const client = sandbox();
    const v23 = await client.get('/api/2.3/forms');
    assert.equal(v23.status, 200, v23.text);
    assert.deepEqual(
      v23.body.items.map((form: { id: string; name: string }) => [form.id, form.name]),
      [
        ['9001', 'Salon visit'],
        ['9002', 'Court rules'],
        ['9003', 'First assessment'],
        // The walk-in lines' forms (service contract §16): in the account, though no company's booking uses them.
        ['9101', 'Walk-in cut'],
        ['9103', 'Walk-in physio'],
      ],
    );
    assert.deepEqual((await client.get('/api/2.0/forms')).body, v23.body);
    assert.ok(!('accountId' in v23.body.items[0]), 'the sandbox’s own bookkeeping stays inside');
  });

  test('companyId keeps the forms of that company, its services and resources, by id or externalId', async () => {
    const client = sandbox();
    const ids = async (companyId: string) =>
      (await client.get(`/api/2.3/forms?companyId=${companyId}`)).body.items.map((form: { id: string }) => form.id);
    assert.deepEqual(await ids('demo-salon'), ['9001']);
    assert.deepEqual(await ids('1004'), ['9001']);
    assert.deepEqual(await ids('demo-courts'), ['9002']);
    assert.deepEqual(await ids('demo-clinic'), ['9003']);
    assertError(await client.get('/api/2.3/forms?companyId=nowhere'), 404, 'NOT_FOUND');
  });

  test('one form by id: the clinic’s has two pages that use every item type', async () => {
    const client = sandbox();
    const form = (await client.get('/api/2.3/forms/9003')).body;
    assert.equal(form.additionalFields.length, 2);
    const types = new Set(form.additionalFields.flat().map((item: { type: string }) => item.type));
    for (const type of ['text', 'textarea', 'email', 'phone', 'number', 'date', 'select', 'radio', 'checkbox', 'title', 'consent']) {
      assert.ok(types.has(type), `the clinic form has a ${type} item`);
    }
    assertError(await client.get('/api/2.0/forms/0000'), 404, 'NOT_FOUND');
    assertError(await client.get('/api/2.3/forms', { anonymous: true }), 401, 'UNAUTHORIZED');
  });
});

describe('sandbox forms: answers on insert', () => {
  test('stores every answer with the appointment, as sent', async () => {
    const client = sandbox();
    const reply = await insert(client, GOOD_ANSWERS);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body.form, GOOD_ANSWERS);
    assert.deepEqual((await client.get(`${CLINIC}/appointments/${reply.body.id}`)).body.form, GOOD_ANSWERS);
  });

  test('a mandatory item left empty or a value that breaks its type or valueFormat: 400 on form.<id>, nothing booked', async () => {
    const client = sandbox();
    const cases: [unknown[] | undefined, string][] = [
      [undefined, 'form.reason'],
      [withAnswer('reason', '   '), 'form.reason'],
      [withAnswer('reason', 'Sore.'), 'form.reason'], // minLength 10
      [withAnswer('reason', 'x'.repeat(1001)), 'form.reason'], // maxLength 1000
      [withAnswer('injury-date', '2026-02-30'), 'form.injury-date'],
      [withAnswer('pain', '11'), 'form.pain'], // regexValue
      [withAnswer('pain', 'a lot'), 'form.pain'],
      [withAnswer('plan-email', 'ruby at example'), 'form.plan-email'],
      [withAnswer('emergency-phone', ''), 'form.emergency-phone'],
      [withAnswer('referral', 'Friend'), 'form.referral'],
      [withAnswer('side', 'Middle'), 'form.side'],
      [withAnswer('conditions', 'Diabetes, Gout'), 'form.conditions'],
      [withAnswer('acc-claim', 'yes'), 'form.acc-claim'],
      [withAnswer('treatment-consent', 'false'), 'form.treatment-consent'],
    ];
    for (const [form, field] of cases) assertError(await insert(client, form), 400, 'INVALID_PARAMETER', field);
    const booked = (await client.get(`${CLINIC}/appointments`)).body.items.filter(
      (item: { service?: { id: string } }) => item.service?.id === '2101',
    );
    assert.equal(booked.length, 1, 'only the seed’s assessment');
  });

  test('optional items may be left out; answers to questions the form no longer has are kept', async () => {
    const client = sandbox();
    const required = GOOD_ANSWERS.filter((answer) => ['reason', 'emergency-phone', 'treatment-consent'].includes(answer.id));
    const stale = { id: 'old-question', title: 'A question since removed', value: 'kept' };
    const reply = await insert(client, [...required, stale]);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body.form.at(-1), stale);
  });

  test('the location’s form applies to its services (salon: select and yes/no checkbox checked)', async () => {
    const client = sandbox();
    const body = appointmentBody({
      clientId: '5001',
      serviceId: '2002',
      staffId: '3001',
      start: '2026-03-05T09:00:00',
      end: '2026-03-05T09:30:00',
    });
    const answer = (id: string, value: string) => [{ id, title: id, value }];
    assertError(
      await client.post(`${SALON}/appointments`, { ...body, form: answer('hair-length', 'very long') }),
      400,
      'INVALID_PARAMETER',
      'form.hair-length',
    );
    assertError(
      await client.post(`${SALON}/appointments`, { ...body, form: answer('first-visit', 'maybe') }),
      400,
      'INVALID_PARAMETER',
      'form.first-visit',
    );
    assertError(
      await client.post(`${SALON}/appointments`, { ...body, form: answer('allergies', 'x'.repeat(201)) }),
      400,
      'INVALID_PARAMETER',
      'form.allergies',
    );
    const booked = await client.post(`${SALON}/appointments`, { ...body, form: answer('hair-length', 'long') });
    assert.equal(booked.status, 200, booked.text);
  });
});

describe('sandbox: the salon’s second location (service contract §12)', () => {
  test('demo-salon-west keeps its own zone, hours, services and staff', async () => {
    const client = sandbox();
    const west = (await client.get(WEST)).body;
    assert.deepEqual([west.id, west.timeZone, west.scheduledItems], ['1004', 'America/Los_Angeles', 'service-staff']);
    assert.deepEqual(west.geolocation, { lat: 37.7649, lng: -122.4216 });
    assert.equal(west.address.city, 'San Francisco');
    assert.deepEqual(
      (await client.get(`${WEST}/services`)).body.items.map((service: { id: string }) => service.id),
      ['2011', '2012', '2013'],
    );
    // Wednesday 2026-03-04 is 07:00 in San Francisco: the whole day from 10:00 is still ahead.
    const days = slotTimes(
      await client.get(
        `${WEST}/widget/freeSlots?${query({ startDate: '2026-03-04', endDate: '2026-03-04', serviceId: '2013', staffId: '3011' })}`,
      ),
    );
    assert.equal(days['2026-03-04']![0], '10:00');
    assert.equal(days['2026-03-04']!.at(-1), '18:30', 'every 15 minutes, the last 20 minutes ending by 19:00');
  });

  test('a booking there is in its zone; the other location does not know its services', async () => {
    const client = sandbox();
    const clientId = await createClient(client);
    const body = appointmentBody({
      clientId,
      serviceId: '2013',
      staffId: '3011',
      start: '2026-03-04T10:00:00',
      end: '2026-03-04T10:20:00',
    });
    const reply = await client.post(`${WEST}/appointments`, body);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body.start, { dateTime: '2026-03-04T10:00:00', timeZone: 'America/Los_Angeles' });
    assert.deepEqual(reply.body.company, { id: '1004', name: 'Maple Street Hair Studio Mission' });
    assertError(await client.post(`${SALON}/appointments`, body), 400, 'INVALID_PARAMETER', 'service.id');
  });
});
