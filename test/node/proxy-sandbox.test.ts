/**
 * The proxy in front of the real sandbox of the service: every allowed operation
 * works end to end, with the sandbox checking the credentials the proxy adds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookingProxyOptions } from '../../packages/proxy/src/index.js';
import type { SandboxOptions } from '../../packages/sandbox/src/index.js';
import {
  A_CLIENT,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
  throughSandbox,
} from './proxy-harness.js';

function sandboxProxy(options: Partial<BookingProxyOptions> = {}, sandboxOptions: SandboxOptions = {}) {
  return throughSandbox(options, sandboxUpstream(sandboxOptions));
}

/** Where `extendedProperties.private` appears in a JSON value. */
function privatePlaces(value: unknown, at = '$'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key === 'extendedProperties' && typeof item === 'object' && item !== null && 'private' in item) found.push(`${at}.${key}.private`);
    found.push(...privatePlaces(item, `${at}.${key}`));
  }
  return found;
}

const company = (id: string, version = '2.1') => `/api/${version}/scheduling/companies/${id}`;
const FAMILIES = ['services', 'resources', 'staff', 'staffGroups', 'resourceGroups'];

async function getJson(proxy: (r: Request) => Promise<Response>, path: string, init: RequestInit = {}) {
  const response = await proxy(request('GET', path, init));
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  return response.json();
}

/** Creates a client through the proxy, then books the first free slot of `selection`. */
async function book(proxy: (r: Request) => Promise<Response>, companyId: string, selection: Record<string, string>, minutes: number) {
  const client = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN, 'Idempotency-Key': crypto.randomUUID() }));
  assert.ok(client.ok, `client: ${client.status}`);
  const { id: clientId } = await client.json();
  const query = new URLSearchParams({ startDate: '2026-03-05', endDate: '2026-03-06', ...selection });
  const slots = await getJson(proxy, `${company(companyId, '2.0')}/widget/freeSlots?${query}`);
  const [day] = slots.items.filter((item: { slots: string[] }) => item.slots.length);
  const start = day.slots[0] as string;
  const end = new Date(Date.parse(`${start}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  const body = {
    client: { id: clientId },
    ...(selection.serviceId ? { service: { id: selection.serviceId } } : { resource: { id: selection.resourceId } }),
    ...(selection.staffId ? { staff: { id: selection.staffId } } : {}),
    start: { dateTime: start, timeZone: day.timeZone },
    end: { dateTime: end, timeZone: day.timeZone },
    notes: 'Booked through the proxy',
  };
  return { body, clientId };
}

describe('proxy in front of the sandbox', () => {
  it('strips the private properties the sandbox holds, and keeps the public ones', async () => {
    const { proxy, upstream } = sandboxProxy();
    const direct = await (
      await upstream.sandbox(new Request(`http://sandbox.test${company('demo-salon')}`, { headers: SANDBOX_PARTNER }))
    ).json();
    assert.ok(privatePlaces(direct).length > 0);
    const proxied = await getJson(proxy, company('demo-salon'));
    assert.deepEqual(privatePlaces(proxied), []);
    assert.deepEqual(proxied.extendedProperties, { public: direct.extendedProperties.public });
  });

  for (const id of SANDBOX_COMPANIES) {
    it(`reads ${id}: company, its lists and single records, under 2.0 and 2.1, without private properties`, async () => {
      const { proxy, upstream } = sandboxProxy();
      for (const version of ['2.0', '2.1']) {
        const base = company(id, version);
        const record = await getJson(proxy, base, { headers: { Origin: ORIGIN } });
        assert.equal(record.externalId, id);
        assert.equal(typeof record.extendedProperties, 'object', 'extendedProperties stays, without private');
        assert.deepEqual(privatePlaces(record), []);
        assert.equal((await getJson(proxy, `${base}?fields=name,timeZone`)).name, record.name);
        for (const family of FAMILIES) {
          const list = await getJson(proxy, `${base}/${family}`);
          assert.ok(Array.isArray(list.items), `${family} is a list`);
          assert.deepEqual(privatePlaces(list), [], `${family}`);
          if (list.items.length) assert.deepEqual(privatePlaces(await getJson(proxy, `${base}/${family}/${list.items[0].id}`)), []);
        }
      }
      assert.ok(upstream.calls.every((call) => call.headers.get('apiKey') === SANDBOX_PARTNER.apiKey));
    });
  }

  it('looks up free and next slots in service and resource modes', async () => {
    const { proxy } = sandboxProxy();
    const salon = await getJson(
      proxy,
      `${company('demo-salon', '2.0')}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-06&serviceId=2001&staffId=3001&timeZone=US/Eastern`,
    );
    assert.ok(salon.items.some((day: { slots: string[] }) => day.slots.length));
    assert.deepEqual(privatePlaces(salon), []);
    const courts = await getJson(
      proxy,
      `${company('demo-courts')}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&resourceId=6001&resourceCount=2&iterationCount=1`,
    );
    assert.ok(courts.items[0].slots.length);
    const next = await getJson(proxy, `${company('demo-clinic', '2.0')}/widget/nextSlots?startDate=2026-03-05&number=3&serviceId=2101`);
    assert.equal(next.items.flatMap((day: { slots: string[] }) => day.slots).length, 3);
  });

  it('books a service with a staff member, replays the same Idempotency-Key, and passes a 409 for a taken slot', async () => {
    const { proxy } = sandboxProxy();
    const { body, clientId } = await book(proxy, 'demo-salon', { serviceId: '2001', staffId: '3001' }, 45);
    const key = crypto.randomUUID();
    const first = await proxy(postJson(`${company('demo-salon')}/appointments`, body, { Origin: ORIGIN, 'Idempotency-Key': key }));
    assert.ok(first.ok, `appointment: ${first.status} ${await first.clone().text()}`);
    assert.equal(first.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    const appointment = await first.json();
    assert.ok(['accepted', 'pending'].includes(appointment.status));
    assert.equal(appointment.client.id, clientId);
    assert.ok(appointment.reference);
    assert.deepEqual(privatePlaces(appointment), []);

    const replay = await (await proxy(postJson(`${company('demo-salon')}/appointments`, body, { 'Idempotency-Key': key }))).json();
    assert.equal(replay.id, appointment.id);

    const taken = await proxy(postJson(`${company('demo-salon')}/appointments`, body, { 'Idempotency-Key': crypto.randomUUID() }));
    assert.equal(taken.status, 409);
    assert.match((await taken.json()).error.errorCode, /^(DATE|STAFF)_NOT_AVAILABLE$/);
  });

  it('books a resource', async () => {
    const { proxy } = sandboxProxy();
    const { body } = await book(proxy, 'demo-courts', { resourceId: '6001' }, 60);
    const response = await proxy(
      postJson(`${company('demo-courts', '2.0')}/appointments`, { ...body, resourceCount: 1, iterationCount: 1 }),
    );
    assert.ok(response.ok, `appointment: ${response.status} ${await response.clone().text()}`);
    assert.equal((await response.json()).resource.id, '6001');
  });

  it('lets the sandbox check the credentials the proxy adds, not the browser’s', async () => {
    const { proxy } = sandboxProxy({ credentials: { apiKey: 'wrong-key', token: SANDBOX_PARTNER.token } });
    const response = await proxy(request('GET', company('demo-salon'), { headers: SANDBOX_PARTNER }));
    assert.equal(response.status, 401);
  });

  it('passes the sandbox’s validation errors', async () => {
    const { proxy } = sandboxProxy();
    const response = await proxy(postJson('/api/2.0/clients', { firstName: 'Ada' }));
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error.errorCode, 'INVALID_PARAMETER');
  });
});

/** A refresh token from the sandbox's OAuth flow, as a merchant would get one. */
async function sandboxRefreshToken(sandbox: (r: Request) => Promise<Response>): Promise<string> {
  const consent = await sandbox(new Request('http://sandbox.test/o/oauth2/auth?client_id=sandbox-client&response_type=code'));
  const location = new URL(consent.headers.get('Location')!);
  const answer = await sandbox(
    new Request('http://sandbox.test/o/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        redirect_uri: `${location.origin}${location.pathname}`,
        client_id: 'sandbox-client',
        client_secret: 'sandbox-secret',
      }),
    }),
  );
  assert.equal(answer.status, 200);
  return (await answer.json()).refresh_token;
}

describe('proxy with OAuth in front of the sandbox', () => {
  const oauthProxy = async (sandboxOptions: SandboxOptions = {}) => {
    const upstream = sandboxUpstream(sandboxOptions);
    const refreshToken = await sandboxRefreshToken(upstream.sandbox);
    const credentials = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret', refreshToken };
    return testProxy({ upstream: 'http://sandbox.test', credentials, companies: SANDBOX_COMPANIES }, upstream);
  };

  it('gets one access token for 20 concurrent requests', async () => {
    const { proxy, upstream } = await oauthProxy();
    const responses = await Promise.all(Array.from({ length: 20 }, () => proxy(request('GET', `${company('demo-clinic')}/services`))));
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(upstream.tokenCalls().length, 1);
    assert.equal(new Set(upstream.apiCalls().map((call) => call.headers.get('Authorization'))).size, 1);
  });

  it('refreshes and retries once when the sandbox answers 401', async () => {
    const { proxy, upstream } = await oauthProxy({ failures: [{ path: '/services', status: 401, times: 1 }] });
    const response = await proxy(request('GET', `${company('demo-salon')}/services`));
    assert.equal(response.status, 200);
    assert.equal(upstream.tokenCalls().length, 2);
    assert.equal(upstream.apiCalls().length, 2);
  });
});
