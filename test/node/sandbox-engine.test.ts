import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLargeCompany } from '../../packages/sandbox/src/index.js';
import {
  CLINIC,
  COURTS,
  SALON,
  book,
  createClient,
  every,
  freeSlots,
  manualClock,
  query,
  resourceCompany,
  sandbox,
  serviceCompany,
  slotTimes,
  weekHours,
  type SandboxClient,
  type TestCompany,
} from './sandbox-support.js';

// 2026-03-09 and 2026-03-16 are Mondays, 2026-03-10 a Tuesday.
const MONDAY = '2026-03-09';
const MORNING_AND_AFTERNOON = weekHours(['monday'], ['09:00', '12:00'], ['13:00', '15:00']);
const MORNING = weekHours(['monday'], ['09:00', '12:00']);

async function monday(client: SandboxClient, company: TestCompany, params: Record<string, string | undefined> = {}) {
  return slotTimes(await freeSlots(client, company, { startDate: MONDAY, endDate: MONDAY, ...params }))[MONDAY];
}

describe('sandbox engine: opening hours', () => {
  test('slots fill the company hours and skip its lunch break; closed days carry an empty list', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING_AND_AFTERNOON, slotInterval: 30, duration: 60 });
    const days = slotTimes(await freeSlots(client, company, { startDate: MONDAY, endDate: '2026-03-10', serviceId: company.serviceId }));
    assert.deepEqual(days, {
      [MONDAY]: ['09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00'],
      '2026-03-10': [],
    });
  });

  test("a staff member's hours are intersected with the company's", async () => {
    const client = sandbox();
    const company = await serviceCompany(client, {
      workingHours: MORNING_AND_AFTERNOON,
      slotInterval: 30,
      duration: 60,
      staff: [{ workingHours: weekHours(['monday'], ['10:15', '14:00']) }],
    });
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['10:15', '10:45', '13:00']);
  });

  test('without slotInterval, slots step by the service duration', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING_AND_AFTERNOON, duration: 60 });
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00', '10:00', '11:00', '13:00', '14:00']);
  });

  test('with any staff member, the slots are the union of each one’s free slots', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, {
      workingHours: MORNING,
      slotInterval: 30,
      duration: 30,
      staff: [{ workingHours: weekHours(['monday'], ['09:00', '10:00']) }, { workingHours: weekHours(['monday'], ['09:20', '10:20']) }],
    });
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00', '09:20', '09:30', '09:50']);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: '0' }), ['09:00', '09:20', '09:30', '09:50']);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: company.staffIds[1] }), ['09:20', '09:50']);
  });
});

describe('sandbox engine: buffers, vacations, appointments', () => {
  test('a new slot keeps its own buffer free before the next appointment', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, slotInterval: 30, duration: 60, bufferDuration: 30 });
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00', '09:30', '10:00', '10:30']);
    const clientId = await createClient(client);
    const booked = await book(client, company, {
      clientId,
      serviceId: company.serviceId,
      start: `${MONDAY}T10:30:00`,
      end: `${MONDAY}T11:30:00`,
    });
    assert.equal(booked.status, 200, booked.text);
    // 09:30–10:30 would fit, but its buffer would run into the 10:30 appointment.
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00']);
  });

  test("an existing appointment's buffer blocks the slots that start within it", async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, slotInterval: 30, duration: 60, bufferDuration: 30 });
    const clientId = await createClient(client);
    await book(client, company, { clientId, serviceId: company.serviceId, start: `${MONDAY}T09:00:00`, end: `${MONDAY}T10:00:00` });
    // 10:00 would follow the 09:00–10:00 appointment, but its buffer lasts until 10:30.
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['10:30']);
  });

  test('a company vacation closes whole days', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, {
      workingHours: MORNING,
      duration: 60,
      vacations: [{ startDate: '2026/03/09', endDate: '2026/03/09' }],
    });
    const days = slotTimes(await freeSlots(client, company, { startDate: MONDAY, endDate: '2026-03-16', serviceId: company.serviceId }));
    assert.deepEqual(days[MONDAY], []);
    assert.deepEqual(days['2026-03-16'], ['09:00', '10:00', '11:00']);
  });

  test('a staff vacation closes that staff member only', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, {
      workingHours: MORNING,
      duration: 60,
      staff: [{ vacations: [{ startDate: '2026/03/08', endDate: '2026/03/09' }] }, {}],
    });
    const [away, present] = company.staffIds;
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: away }), []);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: present }), ['09:00', '10:00', '11:00']);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00', '10:00', '11:00']);
  });

  test('a slot stays free while any staff member is free, and bookings without staff take the first free one', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, duration: 60, staff: [{}, {}] });
    const [first, second] = company.staffIds;
    const clientId = await createClient(client);
    const nine = { clientId, serviceId: company.serviceId, start: `${MONDAY}T09:00:00`, end: `${MONDAY}T10:00:00` };

    assert.equal((await book(client, company, nine)).body.staff.id, first);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['09:00', '10:00', '11:00']);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: first }), ['10:00', '11:00']);

    assert.equal((await book(client, company, nine)).body.staff.id, second);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['10:00', '11:00']);
    assert.equal((await book(client, company, nine)).status, 409);
  });
});

describe('sandbox engine: minimum notice and now', () => {
  test('slots before now plus the minimum notice are left out', async () => {
    const clock = manualClock('2026-03-09T08:10:00Z'); // 09:10 in Paris
    const client = sandbox({ now: clock.now });
    const company = await serviceCompany(client, {
      workingHours: MORNING_AND_AFTERNOON,
      slotInterval: 30,
      duration: 60,
      minimumNoticeMinutes: 120,
    });
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), ['13:00', '13:30', '14:00']);

    const clientId = await createClient(client);
    const tooSoon = await book(client, company, {
      clientId,
      serviceId: company.serviceId,
      start: `${MONDAY}T11:00:00`,
      end: `${MONDAY}T12:00:00`,
    });
    assert.equal(tooSoon.status, 409);
    assert.equal(tooSoon.body.error.errorCode, 'DATE_NOT_AVAILABLE');

    assert.equal((await client.put(company.path, { minimumNoticeMinutes: 0 })).status, 200);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), [
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
    ]);
  });
});

describe('sandbox engine: resources', () => {
  async function courtsWithBookings(client: SandboxClient) {
    const company = await resourceCompany(client, { workingHours: MORNING, slotInterval: 60, duration: 60, count: 3 });
    const clientId = await createClient(client);
    const at = (hour: string, units: number) =>
      book(client, company, {
        clientId,
        resourceId: company.resourceId,
        start: `${MONDAY}T${hour}:00:00`,
        end: `${MONDAY}T${String(Number(hour) + 1).padStart(2, '0')}:00:00`,
        resourceCount: units,
      });
    assert.equal((await at('09', 2)).status, 200);
    assert.equal((await at('10', 1)).status, 200);
    return company;
  }

  test('a slot is free while enough units remain for resourceCount', async () => {
    const client = sandbox();
    const company = await courtsWithBookings(client);
    const slots = (resourceCount: string) => monday(client, company, { resourceId: company.resourceId, resourceCount });
    assert.deepEqual(await slots('1'), ['09:00', '10:00', '11:00']);
    assert.deepEqual(await slots('2'), ['10:00', '11:00']);
    assert.deepEqual(await slots('3'), ['11:00']);
  });

  test('iterationCount books consecutive durations, checked against the peak units in use', async () => {
    const client = sandbox();
    const company = await courtsWithBookings(client);
    const slots = (resourceCount: string) =>
      monday(client, company, { resourceId: company.resourceId, resourceCount, iterationCount: '2' });
    // 09:00–11:00 holds 2 units, then 1: one more unit fits, two do not.
    assert.deepEqual(await slots('1'), ['09:00', '10:00']);
    assert.deepEqual(await slots('2'), ['10:00']);
  });

  test('resource working hours are intersected with the company hours (seed: panoramic padel 10:00–21:00)', async () => {
    const client = sandbox();
    const reply = await client.get(
      `${COURTS}/widget/freeSlots?${query({ startDate: '2026-03-05', endDate: '2026-03-05', resourceId: '6004' })}`,
    );
    assert.deepEqual(slotTimes(reply)['2026-03-05'], every(30, '10:00', '19:30'));
  });
});

describe('sandbox engine: the seed companies in their zones', () => {
  const slotsOf = async (client: SandboxClient, path: string, params: Record<string, string>) =>
    slotTimes(await client.get(`${path}/widget/freeSlots?${query(params)}`));

  test('demo-salon (US/Eastern): Maya’s men’s cuts around her 10:00 appointment and the lunch break', async () => {
    const days = await slotsOf(sandbox(), SALON, { startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002', staffId: '3001' });
    assert.deepEqual(days['2026-03-05'], [...every(15, '09:00', '09:30'), ...every(15, '10:45', '12:00'), ...every(15, '13:30', '16:30')]);
  });

  test('demo-salon: Jordan’s vacation closes his days, before and after it he works', async () => {
    const days = await slotsOf(sandbox(), SALON, { startDate: '2026-03-13', endDate: '2026-03-19', serviceId: '2002', staffId: '3002' });
    assert.deepEqual(days['2026-03-13'], every(15, '11:00', '12:00').concat(every(15, '13:30', '17:30')));
    // Saturday, Tuesday and Wednesday are his working days; the vacation runs from 03-14 to 03-18.
    for (const day of ['2026-03-14', '2026-03-17', '2026-03-18']) assert.deepEqual(days[day], [], day);
    assert.deepEqual(days['2026-03-19'], days['2026-03-13']);
  });

  test('demo-salon: a staff member hidden from the widget and a back-office service still have slots', async () => {
    const client = sandbox();
    const hidden = await slotsOf(client, SALON, { startDate: MONDAY, endDate: MONDAY, serviceId: '2001', staffId: '3004' });
    assert.deepEqual(hidden[MONDAY], every(15, '09:00', '11:45'));
    const backOffice = await slotsOf(client, SALON, { startDate: MONDAY, endDate: MONDAY, serviceId: '2006' });
    // Maya's seed appointment at 15:00 leaves no two free hours in her afternoon.
    assert.deepEqual(backOffice[MONDAY], every(15, '09:00', '10:30'));
  });

  test('"anyone" never lands on a staff member hidden online, who stays bookable by name', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, duration: 60, staff: [{ availableForWidget: false }] });
    const [hiddenId] = company.staffIds;
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId }), []);
    assert.deepEqual(await monday(client, company, { serviceId: company.serviceId, staffId: hiddenId }), ['09:00', '10:00', '11:00']);
    const clientId = await createClient(client);
    const at = { clientId, serviceId: company.serviceId, start: `${MONDAY}T09:00:00`, end: `${MONDAY}T10:00:00` };
    const anyone = await book(client, company, at);
    assert.equal(anyone.status, 409);
    assert.equal(anyone.body.error.errorCode, 'DATE_NOT_AVAILABLE');
    const named = await book(client, company, { ...at, staffId: hiddenId });
    assert.equal(named.status, 200);
    assert.equal(named.body.staff.id, hiddenId);
  });

  test('demo-courts (Europe/Paris): a fully booked padel hour removes the slots that overlap it', async () => {
    const days = await slotsOf(sandbox(), COURTS, { startDate: '2026-03-05', endDate: '2026-03-05', resourceId: '6003' });
    assert.deepEqual(days['2026-03-05'], [...every(30, '08:00', '17:30'), '20:30']);
  });

  test('demo-clinic (Pacific/Auckland): slots step by the duration around the seed appointment', async () => {
    const days = await slotsOf(sandbox(), CLINIC, { startDate: MONDAY, endDate: MONDAY, serviceId: '2101', staffId: '3101' });
    assert.deepEqual(days[MONDAY], ['08:00', ...every(60, '10:00', '15:00')]);
  });

  test('demo-clinic asked in UTC: starts are filed under their UTC day, each item naming the zone', async () => {
    const reply = await sandbox().get(
      `${CLINIC}/widget/freeSlots?${query({ startDate: '2026-03-08', endDate: '2026-03-08', serviceId: '2101', staffId: '3101', timeZone: 'UTC' })}`,
    );
    assert.deepEqual(reply.body.items, [
      {
        day: '2026-03-08',
        slots: ['2026-03-08T19:00:00', '2026-03-08T21:00:00', '2026-03-08T22:00:00', '2026-03-08T23:00:00'],
        timeZone: 'UTC',
      },
    ]);
  });

  test('demo-clinic: its two-hour minimum notice counts from the sandbox clock', async () => {
    const client = sandbox({ now: '2026-03-04T18:30:00Z' }); // Thursday 07:30 in Auckland
    const days = await slotsOf(client, CLINIC, { startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2105' });
    assert.deepEqual(days['2026-03-05'], every(45, '09:30', '17:00'));
  });

  test('a fixed clock gives the same seed availability on every run; another clock moves it', async () => {
    const params = { startDate: '2026-03-04', endDate: '2026-03-20', serviceId: '2003' };
    const first = await slotsOf(sandbox(), SALON, params);
    assert.deepEqual(await slotsOf(sandbox(), SALON, params), first);
    assert.notDeepEqual(await slotsOf(sandbox({ now: '2026-03-11T15:00:00Z' }), SALON, params), first);
  });
});

describe('sandbox engine: asked in a zone more than a day away', () => {
  test('Kiritimati (+14) asked in Pago Pago (-11): a day’s last times come from the company day two days on (audit 9, #8)', async () => {
    const client = sandbox();
    const EVERY_DAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const company = await serviceCompany(client, {
      timeZone: 'Pacific/Kiritimati',
      workingHours: weekHours(EVERY_DAY, ['00:00', '01:00']),
      slotInterval: 30,
      duration: 30,
    });
    // 00:00 on 12 March in Kiritimati is 10:00Z on the 11th: 23:00 on the 10th in Pago Pago, 25 hours behind.
    const days = slotTimes(
      await freeSlots(client, company, {
        startDate: '2026-03-10',
        endDate: '2026-03-10',
        serviceId: company.serviceId,
        timeZone: 'Pacific/Pago_Pago',
      }),
    );
    assert.deepEqual(days['2026-03-10'], ['23:00', '23:30']);
  });
});

describe('sandbox engine: daylight-saving days', () => {
  const SUNDAY_NIGHT = weekHours(['sunday'], ['00:00', '05:00']);
  // Open across the changes (02:00 in New York, 02:00 or 03:00 in Paris), hourly bookings every half hour.
  const easternNights = (client: SandboxClient) =>
    serviceCompany(client, { timeZone: 'US/Eastern', workingHours: SUNDAY_NIGHT, slotInterval: 30, duration: 60 });
  const parisNights = (client: SandboxClient) =>
    resourceCompany(client, { workingHours: SUNDAY_NIGHT, slotInterval: 30, duration: 60, count: 1 });
  const utcSlots = async (client: SandboxClient, company: TestCompany, params: Record<string, string>) =>
    slotTimes(await freeSlots(client, company, { timeZone: 'UTC', ...params }));

  test('US/Eastern, spring (2026-03-08): no slot in the skipped hour, and slots across it last their real length', async () => {
    const client = sandbox();
    const company = await easternNights(client);
    const days = slotTimes(
      await freeSlots(client, company, { startDate: '2026-03-08', endDate: '2026-03-15', serviceId: company.serviceId }),
    );
    assert.deepEqual(days['2026-03-15'], every(30, '00:00', '04:00'));
    assert.deepEqual(days['2026-03-08'], ['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00']);

    const clientId = await createClient(client);
    const booking = { clientId, serviceId: company.serviceId, start: '2026-03-08T01:30:00' };
    const wallClockEnd = await book(client, company, { ...booking, end: '2026-03-08T02:30:00' });
    assert.equal(wallClockEnd.status, 400);
    assert.equal(wallClockEnd.body.error.field, 'end.dateTime');
    const skipped = await book(client, company, { ...booking, start: '2026-03-08T02:30:00', end: '2026-03-08T03:30:00' });
    assert.equal(skipped.body.error.field, 'start.dateTime');

    const booked = await book(client, company, { ...booking, end: '2026-03-08T03:30:00' });
    assert.equal(booked.status, 200, booked.text);
    assert.deepEqual([booked.body.start.dateTime, booked.body.end.dateTime], ['2026-03-08T01:30:00', '2026-03-08T03:30:00']);
    const after = slotTimes(
      await freeSlots(client, company, { startDate: '2026-03-08', endDate: '2026-03-08', serviceId: company.serviceId }),
    );
    assert.deepEqual(after['2026-03-08'], ['00:00', '00:30', '03:30', '04:00']);
  });

  test('US/Eastern, autumn (2026-11-01): the repeated hour is offered once, at its first occurrence', async () => {
    const client = sandbox();
    const company = await easternNights(client);
    const local = slotTimes(
      await freeSlots(client, company, { startDate: '2026-11-01', endDate: '2026-11-01', serviceId: company.serviceId }),
    );
    assert.deepEqual(local['2026-11-01'], every(30, '00:00', '04:00'));
    const utc = await utcSlots(client, company, { startDate: '2026-11-01', endDate: '2026-11-01', serviceId: company.serviceId });
    assert.deepEqual(utc['2026-11-01'], ['04:00', '04:30', '05:00', '05:30', '07:00', '07:30', '08:00', '08:30', '09:00']);

    // 01:30 EDT + 60 min reads 01:30 again (EST): the end is the second reading.
    const clientId = await createClient(client);
    const booked = await book(client, company, {
      clientId,
      serviceId: company.serviceId,
      start: '2026-11-01T01:30:00',
      end: '2026-11-01T01:30:00',
    });
    assert.equal(booked.status, 200, booked.text);
    const after = await utcSlots(client, company, { startDate: '2026-11-01', endDate: '2026-11-01', serviceId: company.serviceId });
    assert.deepEqual(after['2026-11-01'], ['04:00', '04:30', '07:00', '07:30', '08:00', '08:30', '09:00']);
  });

  test('Europe/Paris, spring (2026-03-29): resource slots skip 02:00–03:00', async () => {
    const client = sandbox();
    const company = await parisNights(client);
    const days = slotTimes(
      await freeSlots(client, company, { startDate: '2026-03-22', endDate: '2026-03-29', resourceId: company.resourceId }),
    );
    assert.deepEqual(days['2026-03-22'], every(30, '00:00', '04:00'));
    assert.deepEqual(days['2026-03-29'], ['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00']);
  });

  test('Europe/Paris, autumn (2026-10-25): each wall time once; in UTC the second 02:00 hour is empty', async () => {
    const client = sandbox();
    const company = await parisNights(client);
    const local = slotTimes(
      await freeSlots(client, company, { startDate: '2026-10-25', endDate: '2026-10-25', resourceId: company.resourceId }),
    );
    assert.deepEqual(local['2026-10-25'], every(30, '00:00', '04:00'));
    const utc = await utcSlots(client, company, { startDate: '2026-10-24', endDate: '2026-10-25', resourceId: company.resourceId });
    assert.deepEqual(utc, {
      '2026-10-24': ['22:00', '22:30', '23:00', '23:30'],
      '2026-10-25': ['00:00', '00:30', '02:00', '02:30', '03:00'],
    });
  });
});

describe('sandbox engine: nextSlots', () => {
  test('returns the first `number` free slots from startDate on, over closed days, grouped by day', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, duration: 60 });
    const next = async (params: Record<string, string>) =>
      (await client.get(`${company.path}/widget/nextSlots?${query({ serviceId: company.serviceId, ...params })}`)).body;

    assert.deepEqual((await next({ startDate: '2026-03-05', number: '5' })).items, [
      { day: MONDAY, slots: [`${MONDAY}T09:00:00`, `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`], timeZone: 'Europe/Paris' },
      { day: '2026-03-16', slots: ['2026-03-16T09:00:00', '2026-03-16T10:00:00'], timeZone: 'Europe/Paris' },
    ]);
    assert.deepEqual((await next({ startDate: '2026-03-05' })).items, [
      { day: MONDAY, slots: [`${MONDAY}T09:00:00`], timeZone: 'Europe/Paris' },
    ]);
    const inNewYork = await next({ startDate: '2026-03-05', number: '2', timeZone: 'America/New_York' });
    assert.deepEqual(inNewYork.items, [{ day: MONDAY, slots: [`${MONDAY}T04:00:00`, `${MONDAY}T05:00:00`], timeZone: 'America/New_York' }]);
    assert.deepEqual(inNewYork.service, {
      id: company.serviceId,
      name: 'Test service',
      selfLink: `http://sandbox.test${company.path}/services/${company.serviceId}`,
    });
  });

  test('a service nobody performs has no slots within the horizon: an empty list, not an error', async () => {
    const client = sandbox();
    const company = await serviceCompany(client, { workingHours: MORNING, duration: 60, staff: [] });
    const reply = await client.get(
      `${company.path}/widget/nextSlots?${query({ serviceId: company.serviceId, startDate: MONDAY, number: 20 })}`,
    );
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.items, []);
  });
});

describe('sandbox engine: a large company', () => {
  // How long it takes is a figure, not a test: `npm run bench` prints it (bench/scale.ts).
  test('freeSlots over 31 days for 20 staff and 2,000 appointments leaves out every half-hour they are all busy', async () => {
    const client = sandbox();
    const large = await buildLargeCompany(client.handler, { startDate: '2026-03-05' });
    const path = `/api/2.0/scheduling/companies/${large.companyId}/widget/freeSlots?${query({
      startDate: large.startDate,
      endDate: large.endDate,
      serviceId: large.serviceId,
    })}`;
    const appointments = await client.get(`/api/2.1/scheduling/companies/${large.companyId}/appointments`);
    assert.equal(appointments.body.items.length, 2000);
    const reply = await client.get(path);
    assert.equal(reply.status, 200);

    // On the first day all twenty are busy from 08:00, 13:00 and 18:00 for half an hour:
    // the 30-minute slots that overlap those half-hours go, the other 39 of 47 stay.
    const first = slotTimes(reply)[large.startDate]!;
    const blocked = ['08:00', '08:15', '12:45', '13:00', '13:15', '17:45', '18:00', '18:15'];
    assert.deepEqual(
      first,
      every(15, '08:00', '19:30').filter((time) => !blocked.includes(time)),
    );
  });
});
