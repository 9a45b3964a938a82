/**
 * Visitor self-service through the proxy (service contract §7a): the manage token a
 * booking's answer carries lets exactly that visitor read, move and cancel exactly
 * that appointment, and every refusal costs the service nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBookingProxy } from '../../packages/proxy/src/index.js';
import { readProxyEnv } from '../../packages/proxy/src/node/server-config.js';
import { describeServer } from '../../packages/proxy/src/node/server-summary.js';
import { createTokenSigner } from '../../packages/proxy/src/tokens/signing.js';
import type { sandboxUpstream } from './proxy-harness.js';
import { expectError, ORIGIN, postJson, request, SANDBOX_COMPANIES, SANDBOX_NOW, SANDBOX_PARTNER, testProxy } from './proxy-harness.js';
import { book, KEY, manageProxy, moveBody, OLD_KEY, put, SALON, sandboxRead, withToken, type Proxy } from './support/manage-proxy.js';

const COURTS = '/api/2.1/scheduling/companies/demo-courts';

/** The merchant's self-service settings, written straight into the service, as the dashboard would. */
async function setWidgetSettings(upstream: ReturnType<typeof sandboxUpstream>, settings: Record<string, unknown>): Promise<void> {
  const headers = { ...SANDBOX_PARTNER, 'Content-Type': 'application/json' };
  const current = await (await upstream.sandbox(new Request(`http://sandbox.test${SALON}`, { headers }))).json();
  const extendedProperties = {
    ...current.extendedProperties,
    public: { ...current.extendedProperties.public, bookingWidget: { ...current.extendedProperties.public.bookingWidget, ...settings } },
  };
  const put = await upstream.sandbox(
    new Request(`http://sandbox.test${SALON}`, { method: 'PUT', headers, body: JSON.stringify({ extendedProperties }) }),
  );
  assert.equal(put.status, 200, await put.clone().text());
}

async function mayaFree(upstream: ReturnType<typeof sandboxUpstream>): Promise<string[]> {
  const reply = await sandboxRead(
    upstream,
    `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002&staffId=3001`,
  );
  const { items } = await reply.json();
  return (items[0]?.slots ?? []).map((slot: string) => slot.slice(11, 16));
}

describe('proxy: manage links (service contract §7a)', () => {
  it('reads the booking with its token: what, with whom, when, the reference; no client id, e-mail or phone; the token never goes upstream', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const before = upstream.calls.length;
    const response = await proxy(request('GET', `${SALON}/appointments/${booked.id}`, withToken(booked.manageToken)));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Cache-Control'), 'no-store');
    const view = await response.json();
    assert.equal(view.reference, booked.reference);
    assert.equal(view.service.name, "Men's cut");
    assert.deepEqual(view.staff, { id: '3001', firstName: 'Maya', lastName: view.staff.lastName });
    assert.deepEqual(view.client, { firstName: 'Ada', lastName: 'Lovelace' });
    assert.equal(view.start.dateTime, '2026-03-05T09:00:00');
    // The client id is checked above (view.client has only the names); random ids could hold any digits.
    assert.doesNotMatch(JSON.stringify(view), /ada@example\.org|\+33612345678|notes/);
    const sent = upstream.calls.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.headers.get('Manage-Token'), null, 'the token stays at the proxy');
  });

  it('reschedules: the proxy reads the appointment, changes only the times; the service shows it moved and the old time free', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const moved = await proxy(put(path, booked.manageToken, moveBody('2026-03-05T11:00:00', '2026-03-05T11:30:00')));
    assert.equal(moved.status, 200, await moved.clone().text());
    assert.equal((await moved.json()).start.dateTime, '2026-03-05T11:00:00');
    const stored = await (await sandboxRead(upstream, path)).json();
    assert.deepEqual(
      [stored.start.dateTime, stored.service.id, stored.staff.id, stored.reference],
      ['2026-03-05T11:00:00', '2002', '3001', booked.reference],
    );
    const free = await mayaFree(upstream);
    assert.ok(free.includes('09:00'), 'the old time is free again');
    assert.ok(!free.includes('11:00'));
    const sentPut = upstream.calls.find((call) => call.method === 'PUT')!;
    assert.equal(sentPut.headers.get('Manage-Token'), null);
  });

  it('a taken time answers 409 and leaves the booking where it was', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    // The seeded 4001 holds Maya 10:00–10:45.
    await expectError(
      await proxy(put(path, booked.manageToken, moveBody('2026-03-05T10:15:00', '2026-03-05T10:45:00'))),
      409,
      'STAFF_NOT_AVAILABLE',
    );
    assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T09:00:00');
  });

  it('a time another visitor holds answers 409 as a new booking of it does, with nothing written; the holder may move into it', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const times = { start: { dateTime: '2026-03-05T11:00:00' }, end: { dateTime: '2026-03-05T11:30:00' } };
    const held = await proxy(
      postJson('/proxy/companies/demo-salon/holds', { service: { id: '2002' }, staff: { id: '3001' }, ...times }, { Origin: ORIGIN }),
    );
    assert.equal(held.status, 201, await held.clone().text());
    const { token } = await held.json();
    const move = (extra: Record<string, string> = {}) =>
      proxy(
        request('PUT', path, {
          body: JSON.stringify(times),
          ...withToken(booked.manageToken, { 'Content-Type': 'application/json', ...extra }),
        }),
      );
    await expectError(await move(), 409, 'DATE_NOT_AVAILABLE');
    assert.equal(upstream.calls.filter((call) => call.method === 'PUT').length, 0, 'nothing written');
    assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T09:00:00');
    // With the hold's own token (the same visitor holding the time), the move goes through, and the hold is spent.
    const moved = await move({ 'Hold-Token': token });
    assert.equal(moved.status, 200, await moved.clone().text());
    assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T11:00:00');
    const again = await proxy(
      postJson('/proxy/companies/demo-salon/holds', { service: { id: '2002' }, staff: { id: '3001' }, ...times }, { Origin: ORIGIN }),
    );
    assert.equal(again.status, 201, 'the hold was released');
  });

  it('cancels: 204, the service no longer has it, the time is free; a second cancel is 404', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const cancelled = await proxy(request('DELETE', path, withToken(booked.manageToken)));
    assert.equal(cancelled.status, 204);
    assert.equal((await sandboxRead(upstream, path)).status, 404);
    assert.ok((await mayaFree(upstream)).includes('09:00'));
    await expectError(await proxy(request('DELETE', path, withToken(booked.manageToken))), 404, 'NOT_FOUND');
  });

  describe('refuses with 403 and no upstream call', () => {
    const refusedWithoutCalls = async (proxy: Proxy, upstream: { calls: unknown[] }, make: () => Request) => {
      const before = upstream.calls.length;
      await expectError(await proxy(make()), 403, 'FORBIDDEN');
      assert.equal(upstream.calls.length, before, 'nothing was sent to the service');
    };

    it('a missing or forged token', async () => {
      const { proxy, upstream } = manageProxy();
      const booked = await book(proxy);
      const path = `${SALON}/appointments/${booked.id}`;
      const [body, signature] = booked.manageToken.split('.') as [string, string];
      const forged = `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const strangerKey = await createTokenSigner(['s'.repeat(40)]).sign({
        kind: 'manage',
        exp: Date.parse(SANDBOX_NOW) + 30 * 86_400_000,
        co: 'demo-salon',
        id: booked.id,
      });
      for (const headers of [
        { Origin: ORIGIN },
        withToken(forged).headers,
        withToken(strangerKey).headers,
        withToken('not a token').headers,
      ]) {
        for (const method of ['GET', 'DELETE']) await refusedWithoutCalls(proxy, upstream, () => request(method, path, { headers }));
      }
      await refusedWithoutCalls(proxy, upstream, () => put(path, forged, moveBody('2026-03-05T11:00:00', '2026-03-05T11:30:00')));
    });

    it("another appointment's token, and another company's", async () => {
      const { proxy, upstream } = manageProxy();
      const mine = await book(proxy);
      const theirs = await book(proxy, '2026-03-05T11:00:00', '2026-03-05T11:30:00');
      await refusedWithoutCalls(proxy, upstream, () =>
        request('DELETE', `${SALON}/appointments/${theirs.id}`, withToken(mine.manageToken)),
      );
      await refusedWithoutCalls(proxy, upstream, () => request('GET', `${SALON}/appointments/4001`, withToken(mine.manageToken)));
      await refusedWithoutCalls(proxy, upstream, () => request('DELETE', `${COURTS}/appointments/${mine.id}`, withToken(mine.manageToken)));
      assert.equal((await sandboxRead(upstream, `${SALON}/appointments/${theirs.id}`)).status, 200, 'theirs is untouched');
    });

    it('a PUT that tries to switch the service, staff, resource, its units or client, or to add anything', async () => {
      const { proxy, upstream } = manageProxy();
      const booked = await book(proxy);
      const path = `${SALON}/appointments/${booked.id}`;
      const times = { start: { dateTime: '2026-03-05T11:00:00' }, end: { dateTime: '2026-03-05T11:30:00' } };
      for (const extra of [
        { service: { id: '2001' } },
        { staff: { id: '3002' } },
        { client: { id: '5002' } },
        { resource: { id: '6001' } },
        { resourceCount: -5 },
        { resourceCount: 0 },
        { notes: 'hi' },
      ]) {
        await refusedWithoutCalls(proxy, upstream, () => put(path, booked.manageToken, JSON.stringify({ ...times, ...extra })));
      }
      assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T09:00:00');
    });

    it('a change the merchant does not allow (allowReschedule / allowCancel false)', async () => {
      const { proxy, upstream } = manageProxy();
      await setWidgetSettings(upstream, { allowReschedule: false, allowCancel: false });
      const booked = await book(proxy);
      const path = `${SALON}/appointments/${booked.id}`;
      await refusedWithoutCalls(proxy, upstream, () =>
        put(path, booked.manageToken, moveBody('2026-03-05T11:00:00', '2026-03-05T11:30:00')),
      );
      await refusedWithoutCalls(proxy, upstream, () => request('DELETE', path, withToken(booked.manageToken)));
      assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200, 'reading stays allowed');
    });

    it('manage mode is off: the three operations are not forwarded, even with a token another proxy signed', async () => {
      const on = manageProxy();
      const booked = await book(on.proxy);
      const off = manageProxy({ manageBookings: false });
      await refusedWithoutCalls(off.proxy, off.upstream, () =>
        request('GET', `${SALON}/appointments/${booked.id}`, withToken(booked.manageToken)),
      );
    });
  });

  it('a move to a new time inside the notice window is refused with no upstream call', async () => {
    const { proxy, upstream } = manageProxy();
    await setWidgetSettings(upstream, { rescheduleNoticeMinutes: 24 * 60 });
    // Now is Wednesday 10:00 salon time: Thursday 09:00 (23 h away) is inside a day's notice, Friday 11:00 is not.
    const booked = await book(proxy, '2026-03-06T09:00:00', '2026-03-06T09:30:00');
    const path = `${SALON}/appointments/${booked.id}`;
    const before = upstream.calls.length;
    const error = await expectError(
      await proxy(put(path, booked.manageToken, moveBody('2026-03-05T09:00:00', '2026-03-05T09:30:00'))),
      403,
      'FORBIDDEN',
    );
    assert.equal(error.field, 'start.dateTime');
    assert.equal(upstream.calls.length, before, 'nothing was sent to the service');
    assert.equal((await proxy(put(path, booked.manageToken, moveBody('2026-03-06T11:00:00', '2026-03-06T11:30:00')))).status, 200);
  });

  it('a change of a booking inside the notice window is refused with no upstream call, when this proxy booked it', async () => {
    const { proxy, upstream } = manageProxy();
    // Tomorrow 09:00 salon time is 17 h away; the merchant wants a day's notice for moves, 12 h for cancels.
    await setWidgetSettings(upstream, { rescheduleNoticeMinutes: 24 * 60, cancelNoticeMinutes: 12 * 60 });
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const before = upstream.calls.length;
    const error = await expectError(
      await proxy(put(path, booked.manageToken, moveBody('2026-03-06T11:00:00', '2026-03-06T11:30:00'))),
      403,
      'FORBIDDEN',
    );
    assert.equal(error.field, 'start.dateTime');
    assert.equal(upstream.calls.length, before, 'nothing was sent to the service');
    assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T09:00:00');
    // 17 h is outside the 12 h cancel notice.
    assert.equal((await proxy(request('DELETE', path, withToken(booked.manageToken)))).status, 204);
  });

  it('a booking moved through the proxy is held to the notice at its new time', async () => {
    const { proxy, upstream, setNow } = manageProxy();
    await setWidgetSettings(upstream, { rescheduleNoticeMinutes: 0, cancelNoticeMinutes: 12 * 60 });
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    assert.equal((await proxy(put(path, booked.manageToken, moveBody('2026-03-06T11:00:00', '2026-03-06T11:30:00')))).status, 200);
    // Friday 11:00 in Boston (16:00Z) is 10 h after 06:00Z: inside the 12 h cancel notice, known without a call.
    setNow('2026-03-06T06:00:00Z');
    const before = upstream.calls.length;
    await expectError(await proxy(request('DELETE', path, withToken(booked.manageToken))), 403, 'FORBIDDEN');
    // The company's rules are read again (its cache is hours old); the appointment is neither read nor written.
    assert.deepEqual(
      upstream.calls.slice(before).filter((call) => call.url.pathname.includes('/appointments/')),
      [],
      'no call about the appointment',
    );
    assert.equal((await sandboxRead(upstream, path)).status, 200, 'still booked');
  });

  it('a booking this proxy does not know (another instance made it, without shared state) is read once, and nothing is written', async () => {
    const { proxy, upstream } = manageProxy();
    await setWidgetSettings(upstream, { rescheduleNoticeMinutes: 24 * 60 });
    const booked = await book(proxy);
    const other = testProxy(
      {
        upstream: 'http://sandbox.test',
        credentials: SANDBOX_PARTNER,
        companies: SANDBOX_COMPANIES,
        signingKeys: [KEY],
        manageBookings: true,
        limits: { postRateLimit: false },
      },
      upstream,
    );
    const path = `${SALON}/appointments/${booked.id}`;
    const before = upstream.calls.length;
    await expectError(
      await other.proxy(put(path, booked.manageToken, moveBody('2026-03-06T11:00:00', '2026-03-06T11:30:00'))),
      403,
      'FORBIDDEN',
    );
    // This instance reads the company for its rules, and the appointment for its time; it writes nothing.
    const calls = upstream.calls.slice(before).filter((call) => call.url.pathname.includes('/appointments/'));
    assert.deepEqual(
      calls.map((call) => call.method),
      ['GET'],
      'only the read of the current time',
    );
    assert.equal((await (await sandboxRead(upstream, path)).json()).start.dateTime, '2026-03-05T09:00:00');
  });

  it('a past booking cannot be changed', async () => {
    const { proxy, upstream, setNow } = manageProxy();
    const booked = await book(proxy);
    setNow('2026-03-05T15:00:00Z');
    const path = `${SALON}/appointments/${booked.id}`;
    await expectError(await proxy(request('DELETE', path, withToken(booked.manageToken))), 403, 'FORBIDDEN');
    assert.equal((await sandboxRead(upstream, path)).status, 200);
    assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200, 'it can still be read');
  });

  it('accepts tokens of the previous key during a rotation', async () => {
    const old = manageProxy({ signingKeys: [OLD_KEY] });
    const booked = await book(old.proxy);
    const rotated = testProxy(
      {
        upstream: 'http://sandbox.test',
        credentials: SANDBOX_PARTNER,
        companies: SANDBOX_COMPANIES,
        signingKeys: [KEY, OLD_KEY],
        manageBookings: true,
      },
      old.upstream,
    );
    assert.equal((await rotated.proxy(request('GET', `${SALON}/appointments/${booked.id}`, withToken(booked.manageToken)))).status, 200);
    const dropped = testProxy(
      {
        upstream: 'http://sandbox.test',
        credentials: SANDBOX_PARTNER,
        companies: SANDBOX_COMPANIES,
        signingKeys: [KEY],
        manageBookings: true,
      },
      old.upstream,
    );
    await expectError(
      await dropped.proxy(request('GET', `${SALON}/appointments/${booked.id}`, withToken(booked.manageToken))),
      403,
      'FORBIDDEN',
    );
  });

  it('with the default limits, a visitor books, moves and cancels twice in a minute: reading the link is not a write', async () => {
    const { proxy } = manageProxy({ limits: {} });
    for (const [start, end, to] of [
      ['2026-03-05T09:00:00', '2026-03-05T09:30:00', '11:00'],
      ['2026-03-05T12:00:00', '2026-03-05T12:30:00', '14:00'],
    ] as const) {
      const booked = await book(proxy); // two POSTs: the client and the appointment
      const path = `${SALON}/appointments/${booked.id}`;
      assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200);
      const moved = await proxy(put(path, booked.manageToken, moveBody(`2026-03-05T${to}:00`, `2026-03-05T${to.slice(0, 3)}30:00`)));
      assert.equal(moved.status, 200, `${start}–${end}: ${await moved.clone().text()}`);
      assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200);
      assert.equal((await proxy(request('DELETE', path, withToken(booked.manageToken)))).status, 204);
    }
  });

  it('manage reads have a limit of their own, forged tokens included: 429 with Retry-After, and the writes are left', async () => {
    const { proxy } = manageProxy({
      limits: { postRateLimit: { max: 3, windowSeconds: 60 }, manageReadRateLimit: { max: 2, windowSeconds: 60 } },
    });
    const booked = await book(proxy); // the client and the appointment: two writes
    const path = `${SALON}/appointments/${booked.id}`;
    assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200);
    assert.equal((await proxy(request('GET', path, withToken('forged.token')))).status, 403);
    const limited = await proxy(request('GET', path, withToken(booked.manageToken)));
    const retryAfter = Number(limited.headers.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    await expectError(limited, 429, 'RATE_LIMITED');
    // The third write is still there: the visitor can cancel.
    assert.equal((await proxy(request('DELETE', path, withToken(booked.manageToken)))).status, 204);
    await expectError(await proxy(request('DELETE', path, withToken(booked.manageToken))), 429, 'RATE_LIMITED');
  });

  it('refuses to start manage mode without a signing key', () => {
    assert.throws(
      () =>
        createBookingProxy({
          upstream: 'http://sandbox.test',
          credentials: SANDBOX_PARTNER,
          companies: ['demo-salon'],
          allowedOrigins: [],
          manageBookings: true,
        }),
      /manageBookings needs signingKeys \(BOOKING_PROXY_SIGNING_KEY\)/,
    );
  });

  it('the Node entry turns manage mode on with BOOKING_PROXY_MANAGE_BOOKINGS, and refuses it without BOOKING_PROXY_SIGNING_KEY', () => {
    const env = {
      BOOKING_PROXY_UPSTREAM: 'https://api.scheduling.example',
      BOOKING_PROXY_API_KEY: 'secret-api-key',
      BOOKING_PROXY_TOKEN: 'secret-sso-token',
      BOOKING_PROXY_COMPANIES: 'demo-salon',
      BOOKING_PROXY_ORIGINS: ORIGIN,
      BOOKING_PROXY_MANAGE_BOOKINGS: 'true',
    };
    const without = readProxyEnv(env);
    assert.ok(!without.ok);
    assert.match(without.problems.join('\n'), /BOOKING_PROXY_MANAGE_BOOKINGS needs BOOKING_PROXY_SIGNING_KEY/);
    const withKey = readProxyEnv({ ...env, BOOKING_PROXY_SIGNING_KEY: KEY, BOOKING_PROXY_SIGNING_KEY_PREVIOUS: OLD_KEY });
    assert.ok(withKey.ok);
    assert.equal(withKey.config.options.manageBookings, true);
    assert.deepEqual(withKey.config.options.signingKeys, [KEY, OLD_KEY]);
    assert.ok(!readProxyEnv({ ...env, BOOKING_PROXY_MANAGE_BOOKINGS: 'yes', BOOKING_PROXY_SIGNING_KEY: KEY }).ok);
    assert.match(describeServer(withKey.config, 'http://x'), /manage links on: visitors reschedule and cancel/);
    assert.match(
      describeServer(withKey.config, 'http://x'),
      /10 POSTs per 60 s per client \(socket address\), 30 manage-link reads per 60 s/,
    );
    const off = readProxyEnv({ ...env, BOOKING_PROXY_MANAGE_BOOKINGS: undefined });
    assert.ok(off.ok);
    assert.match(describeServer(off.config, 'http://x'), /manage links off \(BOOKING_PROXY_MANAGE_BOOKINGS\)/);
  });

  it('takes the same query rule as every route: a parameter the route does not list is refused, naming it, and nothing is sent', async () => {
    const { proxy, upstream } = manageProxy();
    const booked = await book(proxy);
    const before = upstream.calls.length;
    for (const method of ['GET', 'DELETE']) {
      const error = await expectError(
        await proxy(request(method, `${SALON}/appointments/${booked.id}?apiKey=x`, withToken(booked.manageToken))),
        400,
        'INVALID_PARAMETER',
      );
      assert.equal(error.field, 'apiKey');
    }
    assert.equal(upstream.calls.length, before, 'nothing was sent to the service');
    assert.equal((await sandboxRead(upstream, `${SALON}/appointments/${booked.id}`)).status, 200, 'the booking stands');
  });

  it('a preflight allows PUT, DELETE and the Manage-Token header', async () => {
    const { proxy } = manageProxy();
    const response = await proxy(
      request('OPTIONS', `${SALON}/appointments/x`, { headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT' } }),
    );
    assert.match(response.headers.get('Access-Control-Allow-Methods') ?? '', /PUT.*DELETE/);
    assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', /Manage-Token/);
  });
});
