/**
 * Finding 2 of the security review (issue 17): the proxy booked what the widget
 * never offers. Each refusal here is checked against a booking the sandbox itself
 * would accept, so it is the proxy that stops it, before anything is written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { sandboxUpstream } from './proxy-harness.js';
import {
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  FAKE_CATALOG,
  issuedClientId,
  json,
  postJson,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  testProxy,
  writes,
  throughSandbox,
} from './proxy-harness.js';

type Sandbox = ReturnType<typeof sandboxUpstream>;
type Proxy = (request: Request) => Promise<Response>;

const company = (id: string) => `/api/2.1/scheduling/companies/${id}`;
const NOW = Date.parse(SANDBOX_NOW);

/** The first free slot of `day` as the sandbox offers it (to anyone holding credentials, widget rules aside), as an appointment body. */
async function bookingOn(upstream: Sandbox, companyId: string, day: string, subject: Record<string, string>, minutes: number) {
  const query = new URLSearchParams({ startDate: day, endDate: day, ...subject });
  const answer = await upstream.sandbox(
    new Request(`http://sandbox.test/api/2.0/scheduling/companies/${companyId}/widget/freeSlots?${query}`, { headers: SANDBOX_PARTNER }),
  );
  const [free] = (await answer.json()).items as { slots: string[]; timeZone: string }[];
  assert.ok(free?.slots.length, `${companyId} has a free slot on ${day}`);
  const start = free.slots[0]!;
  const end = new Date(Date.parse(`${start}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  return {
    ...(subject.serviceId ? { service: { id: subject.serviceId } } : { resource: { id: subject.resourceId! } }),
    ...(subject.staffId ? { staff: { id: subject.staffId } } : {}),
    start: { dateTime: start, timeZone: free.timeZone },
    end: { dateTime: end, timeZone: free.timeZone },
  };
}

/** The sandbox itself accepts `booking` for a client of its own: the refusal is the proxy's. */
async function sandboxWouldAccept(upstream: Sandbox, companyId: string, booking: object) {
  const direct = await upstream.sandbox(
    new Request(`http://sandbox.test${company(companyId)}/appointments`, {
      method: 'POST',
      headers: { ...SANDBOX_PARTNER, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...booking, client: { id: '5006' } }),
    }),
  );
  assert.equal(direct.status, 200, await direct.text());
}

/** Checks a §9 refusal naming `field`, and that nothing was written upstream for it. */
async function refused(
  proxy: Proxy,
  upstream: { calls: { method: string }[] },
  path: string,
  body: object,
  status: number,
  errorCode: string,
  field: string,
) {
  const writesBefore = upstream.calls.filter((call) => call.method !== 'GET').length;
  const error = await expectError(await proxy(postJson(path, body)), status, errorCode);
  assert.equal(error.field, field);
  assert.equal(upstream.calls.filter((call) => call.method !== 'GET').length, writesBefore, 'nothing written upstream');
  return error;
}

describe('proxy books only what the widget may offer', () => {
  it('refuses the back-office service 2006, in the words it uses for one that does not exist', async () => {
    const { proxy, upstream, logs } = throughSandbox();
    const booking = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2006', staffId: '3001' }, 120);
    const client = { id: await issuedClientId(proxy) };
    const error = await refused(
      proxy,
      upstream,
      `${company('demo-salon')}/appointments`,
      { ...booking, client },
      403,
      'FORBIDDEN',
      'service.id',
    );
    assert.equal(logs.at(-1)!.reason, 'not-bookable');
    const unknown = await refused(
      proxy,
      upstream,
      `${company('demo-salon')}/appointments`,
      { ...booking, client, service: { id: '9999' } },
      403,
      'FORBIDDEN',
      'service.id',
    );
    assert.deepEqual(unknown, error);
    await sandboxWouldAccept(upstream, 'demo-salon', booking);
  });

  it('refuses the hidden staff member 3004, and one who does not perform the service', async () => {
    const { proxy, upstream } = throughSandbox();
    const client = { id: await issuedClientId(proxy) };
    const hidden = await bookingOn(upstream, 'demo-salon', '2026-03-09', { serviceId: '2001', staffId: '3004' }, 45);
    await refused(proxy, upstream, `${company('demo-salon')}/appointments`, { ...hidden, client }, 403, 'FORBIDDEN', 'staff.id');
    await sandboxWouldAccept(upstream, 'demo-salon', hidden);
    // Jordan (3002) colours and cuts men's hair, but does not do 2001.
    const other = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2001', staffId: '3001' }, 45);
    await refused(
      proxy,
      upstream,
      `${company('demo-salon')}/appointments`,
      { ...other, client, staff: { id: '3002' } },
      403,
      'FORBIDDEN',
      'staff.id',
    );
  });

  it('books "anyone" and a visible staff member who performs the service', async () => {
    const { proxy, upstream } = throughSandbox();
    const client = { id: await issuedClientId(proxy) };
    const named = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2003', staffId: '3003' }, 60);
    assert.equal((await proxy(postJson(`${company('demo-salon')}/appointments`, { ...named, client }))).status, 200);
    const anyone = await bookingOn(upstream, 'demo-salon', '2026-03-06', { serviceId: '2002' }, 30);
    assert.equal((await proxy(postJson(`${company('demo-salon')}/appointments`, { ...anyone, client, staff: { id: '0' } }))).status, 200);
  });

  it('refuses a demo-courts booking 90 days ahead, past maxDaysAhead 60, and takes one on day 60', async () => {
    const { proxy, upstream } = throughSandbox();
    const client = { id: await issuedClientId(proxy) };
    const far = await bookingOn(upstream, 'demo-courts', '2026-06-02', { resourceId: '6001' }, 60);
    await refused(
      proxy,
      upstream,
      `${company('demo-courts')}/appointments`,
      { ...far, client },
      400,
      'INVALID_PARAMETER',
      'start.dateTime',
    );
    await sandboxWouldAccept(upstream, 'demo-courts', far);
    const lastDay = await bookingOn(upstream, 'demo-courts', '2026-05-03', { resourceId: '6001' }, 60);
    assert.equal((await proxy(postJson(`${company('demo-courts')}/appointments`, { ...lastDay, client }))).status, 200);
  });

  it('refuses an end that is not start + duration × iterationCount, and more iterations than allowed', async () => {
    const { proxy, upstream } = throughSandbox();
    const client = { id: await issuedClientId(proxy) };
    const cut = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2002', staffId: '3001' }, 30);
    const longer = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2002', staffId: '3001' }, 45);
    await refused(
      proxy,
      upstream,
      `${company('demo-salon')}/appointments`,
      { ...longer, client },
      400,
      'INVALID_PARAMETER',
      'end.dateTime',
    );
    await refused(
      proxy,
      upstream,
      `${company('demo-salon')}/appointments`,
      { ...cut, client, iterationCount: 2 },
      400,
      'INVALID_PARAMETER',
      'iterationCount',
    );
    // demo-courts allows maxIterations: 3 (service contract §13): four hours are refused before the service is asked, two are booked.
    const fourHours = await bookingOn(upstream, 'demo-courts', '2026-03-05', { resourceId: '6002', iterationCount: '4' }, 240);
    await refused(
      proxy,
      upstream,
      `${company('demo-courts')}/appointments`,
      { ...fourHours, client, iterationCount: 4 },
      400,
      'INVALID_PARAMETER',
      'iterationCount',
    );
    const twoHours = await bookingOn(upstream, 'demo-courts', '2026-03-05', { resourceId: '6002', iterationCount: '2' }, 120);
    const booked = await proxy(postJson(`${company('demo-courts')}/appointments`, { ...twoHours, client, iterationCount: 2 }));
    assert.equal(booked.status, 200, await booked.clone().text());
    assert.equal(((await booked.json()) as { iterationCount: number }).iterationCount, 2);
  });

  it('refuses what the company’s mode does not offer', async () => {
    const { proxy, upstream } = throughSandbox();
    const client = { id: await issuedClientId(proxy) };
    const court = await bookingOn(upstream, 'demo-courts', '2026-03-05', { resourceId: '6001' }, 60);
    await refused(proxy, upstream, `${company('demo-salon')}/appointments`, { ...court, client }, 403, 'FORBIDDEN', 'resource.id');
    const cut = await bookingOn(upstream, 'demo-salon', '2026-03-05', { serviceId: '2002' }, 30);
    await refused(proxy, upstream, `${company('demo-courts')}/appointments`, { ...cut, client }, 403, 'FORBIDDEN', 'service.id');
  });
});

describe('proxy booking window and times (a fake service in Europe/Paris, now 16:00 there)', () => {
  const withSettings = (bookingWidget: object) =>
    bookingUpstream(undefined, {
      ...FAKE_CATALOG,
      company: { ...FAKE_CATALOG.company, extendedProperties: { public: { bookingWidget } } },
    });
  const at = (dateTime: string, end: string) => ({
    ...AN_APPOINTMENT,
    start: { dateTime, timeZone: 'Europe/Paris' },
    end: { dateTime: end, timeZone: 'Europe/Paris' },
  });

  it('answers a time within minNoticeMinutes 409 DATE_NOT_AVAILABLE, as the service does, and takes one just outside', async () => {
    const { proxy, upstream, logs } = testProxy({}, withSettings({ minNoticeMinutes: 120 }));
    const client = { id: await issuedClientId(proxy) };
    const path = `${COMPANY_PATH}/appointments`;
    await refused(
      proxy,
      upstream,
      path,
      { ...at('2026-03-04T17:00:00', '2026-03-04T17:30:00'), client },
      409,
      'DATE_NOT_AVAILABLE',
      'start.dateTime',
    );
    assert.equal(logs.at(-1)!.reason, 'outside-booking-window');
    await refused(
      proxy,
      upstream,
      path,
      { ...at('2026-03-04T09:00:00', '2026-03-04T09:30:00'), client },
      409,
      'DATE_NOT_AVAILABLE',
      'start.dateTime',
    );
    assert.equal((await proxy(postJson(path, { ...at('2026-03-04T18:00:00', '2026-03-04T18:30:00'), client }))).status, 201);
  });

  it('books as many durations as maxIterations allows in resource mode', async () => {
    const courts = {
      ...FAKE_CATALOG,
      company: {
        ...FAKE_CATALOG.company,
        scheduledItems: 'resource',
        extendedProperties: { public: { bookingWidget: { maxIterations: 3 } } },
      },
      resources: {
        items: [
          { id: 'court-1', name: 'Court', duration: 60, count: 1 },
          { id: 'court-2', name: 'Staff court', duration: 60, count: 1, availability: 'backoffice' },
        ],
      },
    };
    const { proxy, upstream } = testProxy({}, bookingUpstream(undefined, courts));
    const client = { id: await issuedClientId(proxy) };
    const path = `${COMPANY_PATH}/appointments`;
    const { service: _service, staff: _staff, ...base } = at('2026-03-09T10:00:00', '2026-03-09T13:00:00');
    assert.equal((await proxy(postJson(path, { ...base, client, resource: { id: 'court-1' }, iterationCount: 3 }))).status, 201);
    await refused(
      proxy,
      upstream,
      path,
      {
        ...at('2026-03-09T10:00:00', '2026-03-09T14:00:00'),
        service: undefined,
        staff: undefined,
        client,
        resource: { id: 'court-1' },
        iterationCount: 4,
      },
      400,
      'INVALID_PARAMETER',
      'iterationCount',
    );
  });

  it('refuses a resource kept for the back office', async () => {
    const courts = {
      ...FAKE_CATALOG,
      company: { ...FAKE_CATALOG.company, scheduledItems: 'resource' },
      resources: { items: [{ id: 'court-2', name: 'Staff court', duration: 60, count: 1, availability: 'backoffice' }] },
    };
    const { proxy, upstream } = testProxy({}, bookingUpstream(undefined, courts));
    const { service: _service, staff: _staff, ...base } = at('2026-03-09T10:00:00', '2026-03-09T11:00:00');
    await refused(
      proxy,
      upstream,
      `${COMPANY_PATH}/appointments`,
      { ...base, client: { id: await issuedClientId(proxy) }, resource: { id: 'court-2' } },
      403,
      'FORBIDDEN',
      'resource.id',
    );
  });

  it('refuses times it cannot read: no start, a malformed one, an unknown zone, an hour daylight saving skips', async () => {
    const { proxy, upstream } = testProxy({}, bookingUpstream());
    const client = { id: await issuedClientId(proxy) };
    const path = `${COMPANY_PATH}/appointments`;
    const { start: _start, ...noStart } = AN_APPOINTMENT;
    await refused(proxy, upstream, path, { ...noStart, client }, 400, 'INVALID_PARAMETER', 'start.dateTime');
    await refused(
      proxy,
      upstream,
      path,
      { ...at('2026-03-09 14:30', '2026-03-09T15:00:00'), client },
      400,
      'INVALID_PARAMETER',
      'start.dateTime',
    );
    await refused(
      proxy,
      upstream,
      path,
      { ...at('2026-02-30T14:30:00', '2026-02-30T15:00:00'), client },
      400,
      'INVALID_PARAMETER',
      'start.dateTime',
    );
    await refused(
      proxy,
      upstream,
      path,
      { ...AN_APPOINTMENT, start: { dateTime: '2026-03-09T14:30:00', timeZone: 'Mars/Olympus' }, client },
      400,
      'INVALID_PARAMETER',
      'start.timeZone',
    );
    await refused(
      proxy,
      upstream,
      path,
      { ...at('2026-03-29T02:30:00', '2026-03-29T03:00:00'), client },
      400,
      'INVALID_PARAMETER',
      'start.dateTime',
    );
  });

  it('reads ids that a service sends as numbers as the strings the contract names', async () => {
    const numeric = {
      ...FAKE_CATALOG,
      services: { items: [{ id: 2002, name: 'Cut', duration: 30, staff: [{ id: 3001 }] }] },
      staff: { items: [{ id: 3001, firstName: 'Maya', lastName: 'Chen' }] },
    };
    const upstream = bookingUpstream(() => json({ id: 1, client: { id: 5010, firstName: 'Ada' } }, 201), numeric);
    // This service numbers its clients too.
    const createsNumbered = (input: string, init: RequestInit) =>
      input.endsWith('/clients') ? Promise.resolve(json({ id: 5010 }, 201)) : upstream.fetch(input, init);
    const { proxy } = testProxy({}, { ...upstream, fetch: createsNumbered });
    const id = await issuedClientId(proxy);
    const response = await proxy(
      postJson(`${COMPANY_PATH}/appointments`, { ...AN_APPOINTMENT, client: { id }, service: { id: '2002' }, staff: { id: '3001' } }),
    );
    assert.equal(response.status, 201);
    assert.deepEqual((await response.json()).client, { id, firstName: 'Ada' });
    assert.equal(JSON.parse(writes(upstream)[0]!.body!).client.id, '5010');
  });

  it('reads the catalog once a minute, and again after a failed read', async () => {
    let now = NOW;
    let failing = true;
    const upstream = bookingUpstream();
    const { proxy } = testProxy(
      { now: () => now },
      {
        ...upstream,
        fetch: (input, init) =>
          failing && new URL(input).pathname.endsWith('/c-123')
            ? Promise.resolve(json({ error: 'down' }, 503))
            : upstream.fetch(input, init),
      },
    );
    const book = async () =>
      proxy(
        postJson('/api/2.1/scheduling/companies/c-123/appointments', { ...AN_APPOINTMENT, client: { id: await issuedClientId(proxy) } }),
      );
    const reads = () => upstream.calls.filter((call) => call.url.pathname.endsWith('/c-123')).length;

    await expectError(await book(), 502, 'UNAVAILABLE');
    assert.equal(writes(upstream).filter((call) => call.url.pathname.endsWith('/appointments')).length, 0);
    failing = false;
    assert.equal((await book()).status, 201);
    assert.equal((await book()).status, 201);
    assert.equal(reads(), 1, 'the company is read once for two bookings');
    now += 61_000;
    assert.equal((await book()).status, 201);
    assert.equal(reads(), 2);
  });
});
