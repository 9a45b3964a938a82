/**
 * Held times (docs/proxy.md, "Held times"), against the real sandbox: a time a
 * visitor holds is not offered to others and cannot be booked by them, the
 * holder books it, and it comes back when released or expired. A resource with
 * several units stays on offer while units remain.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOLD_RATE, MAX_HOLDS_PER_ADDRESS } from '../../packages/proxy/src/holds/hold-routes.js';
import type { BookingProxyOptions } from '../../packages/proxy/src/index.js';
import {
  A_CLIENT,
  expectError,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
  writes,
  throughSandbox,
} from './proxy-harness.js';

type Proxy = (request: Request) => Promise<Response>;
interface Selection {
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  resourceCount?: string;
}

/** A proxy in front of the sandbox whose clock a test can move. */
function throughSandboxWithClock(options: Partial<BookingProxyOptions> = {}) {
  const clock = { now: Date.parse(SANDBOX_NOW) };
  const setup = throughSandbox({ now: () => clock.now, ...options });
  return { ...setup, clock };
}

const slotsPath = (companyId: string, selection: Selection, family = 'freeSlots') =>
  `/api/2.0/scheduling/companies/${companyId}/widget/${family}?${new URLSearchParams({ startDate: '2026-03-05', endDate: '2026-03-05', ...selection })}`;

/** The starts offered on 5 March for `selection`, as the browser reads them. */
async function offered(proxy: Proxy, companyId: string, selection: Selection): Promise<string[]> {
  const response = await proxy(request('GET', slotsPath(companyId, selection), { headers: { Origin: ORIGIN } }));
  assert.equal(response.status, 200);
  const { items } = (await response.json()) as { items: { slots: string[] }[] };
  return items.flatMap((item) => item.slots);
}

const plusMinutes = (dateTime: string, minutes: number) =>
  new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);

function timesOf(companyId: string, start: string, minutes: number) {
  const timeZone = companyId === 'demo-courts' ? 'Europe/Paris' : 'US/Eastern';
  return { start: { dateTime: start, timeZone }, end: { dateTime: plusMinutes(start, minutes), timeZone } };
}

function subjectOf(selection: Selection) {
  return {
    ...(selection.serviceId ? { service: { id: selection.serviceId } } : {}),
    ...(selection.staffId ? { staff: { id: selection.staffId } } : {}),
    ...(selection.resourceId ? { resource: { id: selection.resourceId }, resourceCount: Number(selection.resourceCount ?? 1) } : {}),
  };
}

async function hold(
  proxy: Proxy,
  companyId: string,
  selection: Selection,
  start: string,
  minutes: number,
  extra: Record<string, unknown> = {},
) {
  return proxy(
    postJson(
      `/proxy/companies/${companyId}/holds`,
      { ...subjectOf(selection), ...timesOf(companyId, start, minutes), ...extra },
      { Origin: ORIGIN },
    ),
  );
}

async function heldToken(proxy: Proxy, companyId: string, selection: Selection, start: string, minutes: number): Promise<string> {
  const response = await hold(proxy, companyId, selection, start, minutes);
  assert.equal(response.status, 201, await response.clone().text());
  const body = (await response.json()) as { token: string; seconds: number; expiresAt: string };
  assert.equal(typeof body.token, 'string');
  return body.token;
}

async function book(proxy: Proxy, companyId: string, selection: Selection, start: string, minutes: number, holdToken?: string) {
  const client = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }));
  const { id } = (await client.json()) as { id: string };
  return proxy(
    postJson(
      `/api/2.1/scheduling/companies/${companyId}/appointments`,
      { client: { id }, ...subjectOf(selection), ...timesOf(companyId, start, minutes) },
      { Origin: ORIGIN, 'Idempotency-Key': crypto.randomUUID(), ...(holdToken ? { 'Hold-Token': holdToken } : {}) },
    ),
  );
}

const MENS_CUT_WITH_3001 = { serviceId: '2002', staffId: '3001' };

/** The first start on 5 March that both performers of the men's cut offer. */
async function sharedStart(proxy: Proxy): Promise<string> {
  const [one, two] = await Promise.all(['3001', '3002'].map((staffId) => offered(proxy, 'demo-salon', { serviceId: '2002', staffId })));
  const start = one!.find((slot) => two!.includes(slot));
  assert.ok(start, 'both performers are free at some time on 5 March');
  return start;
}

describe('held times', () => {
  it('hides a held time from others, refuses their booking of it with nothing written, and lets the holder book it', async () => {
    const { proxy, upstream } = throughSandboxWithClock();
    const first = await sharedStart(proxy);
    const token = await heldToken(proxy, 'demo-salon', MENS_CUT_WITH_3001, first, 30);

    assert.ok(
      !(await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first),
      'the held time is not offered with that staff member',
    );
    // Someone else performs the service then: "anyone" still has the time.
    assert.ok((await offered(proxy, 'demo-salon', { serviceId: '2002' })).includes(first), '"anyone" keeps the time');

    const writesBefore = writes(upstream).filter((call) => call.url.pathname.endsWith('/appointments')).length;
    await expectError(await book(proxy, 'demo-salon', MENS_CUT_WITH_3001, first, 30), 409, 'DATE_NOT_AVAILABLE');
    assert.equal(writes(upstream).filter((call) => call.url.pathname.endsWith('/appointments')).length, writesBefore, 'no upstream write');

    const booked = await book(proxy, 'demo-salon', MENS_CUT_WITH_3001, first, 30, token);
    assert.ok(booked.ok, await booked.clone().text());
    // Booked, the hold is gone: the time is absent because the service says so now; a second hold of it fails upstream-side too.
    assert.ok(!(await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first));
  });

  it('gives the time back when released, and when the hold expires', async () => {
    const { proxy, clock } = throughSandboxWithClock({ holdSeconds: 120 });
    const [first] = await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001);
    const token = await heldToken(proxy, 'demo-salon', MENS_CUT_WITH_3001, first!, 30);
    const released = await proxy(postJson('/proxy/companies/demo-salon/holds/release', { token }, { Origin: ORIGIN }));
    assert.equal(released.status, 204);
    assert.ok((await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first!), 'released: offered again');

    await heldToken(proxy, 'demo-salon', MENS_CUT_WITH_3001, first!, 30);
    assert.ok(!(await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first!));
    clock.now += 121_000;
    assert.ok((await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first!), 'expired: offered again');
  });

  it('refuses a second hold of the same time, and moves a visitor’s hold when they choose another', async () => {
    const { proxy } = throughSandboxWithClock();
    const starts = await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001);
    const first = starts[0]!;
    // An hour later: the two 30-minute times do not overlap.
    const second = starts.find((slot) => slot >= plusMinutes(first, 60));
    const token = await heldToken(proxy, 'demo-salon', MENS_CUT_WITH_3001, first!, 30);
    await expectError(await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, first!, 30), 409, 'DATE_NOT_AVAILABLE');
    const moved = await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, second!, 30, { token });
    assert.equal(moved.status, 201);
    const now = await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001);
    assert.ok(now.includes(first!) && !now.includes(second!), 'the first time is back, the second held');
  });

  it('counts an "anyone" hold against one performer, whom the booking then names', async () => {
    const { proxy, upstream } = throughSandboxWithClock();
    const anyone = { serviceId: '2002' };
    const first = await sharedStart(proxy);
    const token = await heldToken(proxy, 'demo-salon', anyone, first!, 30);
    const perStaff = await Promise.all(['3001', '3002'].map((staffId) => offered(proxy, 'demo-salon', { serviceId: '2002', staffId })));
    const hiddenFor = perStaff.filter((starts) => !starts.includes(first!)).length;
    assert.equal(hiddenFor, 1, 'exactly one performer loses the time');
    const booked = await book(proxy, 'demo-salon', anyone, first!, 30, token);
    assert.ok(booked.ok);
    const sent = JSON.parse(writes(upstream).find((call) => call.url.pathname.endsWith('/appointments'))!.body!) as {
      staff?: { id: string };
    };
    assert.ok(sent.staff && ['3001', '3002'].includes(sent.staff.id), 'the booking names the held performer');
  });

  it('keeps a 3-unit court on offer while one unit is held, and hides it from a request for all three', async () => {
    const { proxy, upstream } = throughSandboxWithClock();
    const oneUnit = { resourceId: '6001', resourceCount: '1' };
    const [first] = await offered(proxy, 'demo-courts', oneUnit);
    assert.ok((await offered(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' })).includes(first!));
    await heldToken(proxy, 'demo-courts', oneUnit, first!, 60);
    assert.ok((await offered(proxy, 'demo-courts', oneUnit)).includes(first!), 'two units remain');
    assert.ok((await offered(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '2' })).includes(first!), 'two units remain');
    assert.ok(!(await offered(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' })).includes(first!), 'three are not free');
    const writesBefore = writes(upstream).length;
    await expectError(await book(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' }, first!, 60), 409, 'DATE_NOT_AVAILABLE');
    assert.equal(writes(upstream).length, writesBefore + 1, 'only the client was written');
    assert.ok((await book(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '2' }, first!, 60)).ok);
  });

  it('refuses a hold or a booking of fewer than one unit, or more than the resource has, and the time stays on offer', async () => {
    const { proxy, upstream } = throughSandboxWithClock();
    const [first] = await offered(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' });
    const writesBefore = writes(upstream).length;
    // Court 6001 has 3 units. A hold of -5 (or 0) would pass the check of units against units, and stand in everyone's way.
    for (const units of ['-5', '0', '4']) {
      const selection = { resourceId: '6001', resourceCount: units };
      const refused = await expectError(await hold(proxy, 'demo-courts', selection, first!, 60), 400, 'INVALID_PARAMETER');
      assert.equal(refused.field, 'resourceCount');
      const booking = await expectError(await book(proxy, 'demo-courts', selection, first!, 60), 400, 'INVALID_PARAMETER');
      assert.equal(booking.field, 'resourceCount');
    }
    assert.equal(writes(upstream).length, writesBefore + 3, 'only the clients were written');
    assert.ok(
      (await offered(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' })).includes(first!),
      'all three units on offer',
    );
    await heldToken(proxy, 'demo-courts', { resourceId: '6001', resourceCount: '3' }, first!, 60);
  });

  it(`counts an IPv6 /64 as one address: at most ${MAX_HOLDS_PER_ADDRESS} times held, ${HOLD_RATE.max} hold requests a minute`, async () => {
    let address = '';
    const { proxy } = throughSandboxWithClock({ clientAddress: () => address });
    // Times an hour apart, so that no two holds meet.
    const starts: string[] = [];
    for (const slot of await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001))
      if (!starts.length || slot >= plusMinutes(starts.at(-1)!, 60)) starts.push(slot);
    assert.ok(starts.length > MAX_HOLDS_PER_ADDRESS, 'enough times on 5 March');
    const statuses: number[] = [];
    // One subscriber, a fresh address of its /64 for each hold.
    for (const [index, start] of starts.slice(0, MAX_HOLDS_PER_ADDRESS + 1).entries()) {
      address = `2001:db8:1:2::${index + 1}`;
      statuses.push((await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, start, 30)).status);
    }
    assert.deepEqual(statuses, [...Array(MAX_HOLDS_PER_ADDRESS).fill(201), 429]);
    address = '2001:db8:1:3::1';
    assert.equal((await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, starts[MAX_HOLDS_PER_ADDRESS]!, 30)).status, 201, 'another /64');

    // The rate: requests refused for their body count too, and the window is the /64's.
    for (let index = MAX_HOLDS_PER_ADDRESS + 1; index < HOLD_RATE.max; index += 1) {
      address = `2001:db8:1:2::${(index + 1).toString(16)}`;
      assert.equal((await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, starts[0]!, 30, { resourceCount: 0 })).status, 400);
    }
    address = '2001:db8:1:2:ffff::1';
    await expectError(await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, starts[0]!, 30), 429, 'RATE_LIMITED');
  });

  it('does nothing with holdSeconds 0: the route is refused and every time stays on offer', async () => {
    const { proxy } = throughSandboxWithClock({ holdSeconds: 0 });
    const [first] = await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001);
    await expectError(await hold(proxy, 'demo-salon', MENS_CUT_WITH_3001, first!, 30), 403, 'FORBIDDEN');
    assert.ok((await offered(proxy, 'demo-salon', MENS_CUT_WITH_3001)).includes(first!));
  });
});

describe('shared free times and a time taken elsewhere', () => {
  it('a time another instance booked is served from the shared answer only until this instance hears the 409', async () => {
    const upstream = sandboxUpstream();
    const options = {
      upstream: 'http://sandbox.test',
      credentials: SANDBOX_PARTNER,
      companies: SANDBOX_COMPANIES,
      now: () => Date.parse(SANDBOX_NOW),
    };
    const one = testProxy(options, upstream).proxy;
    const two = testProxy(options, upstream).proxy;
    const [first] = await offered(two, 'demo-salon', MENS_CUT_WITH_3001);
    assert.ok(first, 'a time on 5 March');
    assert.ok((await book(one, 'demo-salon', MENS_CUT_WITH_3001, first, 30)).ok);
    assert.ok((await offered(two, 'demo-salon', MENS_CUT_WITH_3001)).includes(first), 'the other instance still shares its answer');
    const refused = await book(two, 'demo-salon', MENS_CUT_WITH_3001, first, 30);
    assert.equal(refused.status, 409, await refused.clone().text());
    // The visitor sent back to the day's times must not be offered the taken one again.
    assert.ok(!(await offered(two, 'demo-salon', MENS_CUT_WITH_3001)).includes(first), 'gone after the 409');
  });
});
