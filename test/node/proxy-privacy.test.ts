import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { createBookingProxy } from '../../packages/proxy/src/index.js';
import { sha256Hex } from '../../packages/proxy/src/state/digest.js';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  fakeUpstream,
  issuedClientId,
  json,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
  UPSTREAM,
} from './proxy-harness.js';

const C = COMPANY_PATH;
const hidden = { note: 'merchant-only', margin: 42 };

const DEEP = {
  id: 'c1',
  extendedProperties: { public: { bookingWidget: { accentColor: '#c00' } }, private: hidden },
  items: [
    { id: 's1', extendedProperties: { private: hidden } },
    [{ nested: [{ extendedProperties: { public: { private: 'kept: a public key named private' }, private: hidden } }] }],
  ],
  service: { extendedProperties: { private: hidden, public: {} } },
  staff: { extendedProperties: 'not an object' },
};

describe('proxy keeps private data and credentials away from the browser', () => {
  it('removes extendedProperties.private at any depth, and nothing else', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => json(DEEP)),
    );
    const body = await (await proxy(request('GET', `${C}/staffGroups`))).json();
    assert.doesNotMatch(JSON.stringify(body), /merchant-only/);
    assert.deepEqual(body, {
      id: 'c1',
      extendedProperties: { public: { bookingWidget: { accentColor: '#c00' } } },
      items: [
        { id: 's1', extendedProperties: {} },
        [{ nested: [{ extendedProperties: { public: { private: 'kept: a public key named private' } } }] }],
      ],
      service: { extendedProperties: { public: {} } },
      staff: { extendedProperties: 'not an object' },
    });
  });

  it('also cleans JSON that the service labels as something else, and error bodies', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => new Response(JSON.stringify(DEEP), { status: 409, headers: { 'Content-Type': 'text/plain' } })),
    );
    const response = await proxy(request('GET', `${C}/services`));
    assert.equal(response.status, 409);
    assert.doesNotMatch(await response.text(), /merchant-only/);
  });

  it('names a visitor’s address in the shared state only by a keyed digest, which no one without the key reverses (audit 8)', async () => {
    const state = new MemoryState();
    const keys: string[] = [];
    const hit = state.hit.bind(state);
    state.hit = (key, max, windowSeconds) => {
      keys.push(key);
      return hit(key, max, windowSeconds);
    };
    const address = '198.51.100.7';
    const { proxy } = testProxy({ state, clientAddress: () => address }, bookingUpstream());
    assert.equal((await proxy(postJson('/api/2.0/clients', A_CLIENT))).status, 201);
    assert.ok(
      keys.some((key) => key.startsWith('rate:')),
      'the POST was counted',
    );
    const plain = await sha256Hex(address);
    assert.deepEqual(
      keys.filter((key) => key.includes(plain) || key.includes(address)),
      [],
    );
  });

  it('keeps a __proto__ key as plain data', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => new Response('{"__proto__":{"polluted":true},"extendedProperties":{"private":1}}')),
    );
    const text = await (await proxy(request('GET', `${C}/staffGroups`))).text();
    assert.equal(text, '{"__proto__":{"polluted":true},"extendedProperties":{}}');
    // The company answer keeps only the fields the widget reads (proxy-shown-lists.test): not even that.
    assert.equal(await (await proxy(request('GET', C))).text(), '{"extendedProperties":{}}');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('never returns Set-Cookie, credentials or other upstream headers; keeps the safe ones', async () => {
    const upstream = fakeUpstream(() =>
      json({ ok: true }, 429, {
        'Set-Cookie': 'upstream-session=1',
        apiKey: 'echoed-key',
        token: 'echoed-token',
        Authorization: 'Bearer echoed',
        'WWW-Authenticate': 'Bearer',
        'X-Powered-By': 'service',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        ETag: '"v1"',
        'Retry-After': '30',
        'Cache-Control': 'max-age=60',
        'Content-Language': 'fr',
      }),
    );
    const { proxy } = testProxy({}, upstream);
    const response = await proxy(request('GET', `${C}/services`, { headers: { Origin: ORIGIN } }));
    assert.deepEqual(Object.fromEntries(response.headers), {
      'access-control-allow-origin': ORIGIN,
      'access-control-expose-headers': 'Retry-After',
      // The proxy's own caching, not the service's: this answer is a failure, never kept (proxy-cache.test.ts).
      'cache-control': 'no-store',
      'content-language': 'fr',
      'content-type': 'application/json',
      'retry-after': '30',
      vary: 'Origin',
      'x-content-type-options': 'nosniff',
    });
  });

  it('never sends the browser’s cookies or Authorization upstream, on GETs or POSTs', async () => {
    const { proxy, upstream } = testProxy();
    const visitor = { Cookie: 'sid=visitor', Authorization: 'Basic dmlzaXRvcg==', 'Proxy-Authorization': 'Basic eA==' };
    await proxy(request('GET', `${C}/staff`, { headers: visitor }));
    await proxy(postJson('/api/2.0/clients', A_CLIENT, visitor));
    assert.equal(upstream.calls.length, 2);
    for (const call of upstream.calls) {
      for (const name of Object.keys(visitor)) assert.equal(call.headers.get(name), null, name);
    }
  });

  describe('logs', () => {
    const lines: string[] = [];
    beforeEach(() => {
      lines.length = 0;
      mock.method(console, 'info', (line: string) => lines.push(line));
    });
    afterEach(() => mock.restoreAll());

    it('write one line per request, without personal data, query values, ids or secrets', async () => {
      const upstream = bookingUpstream((call) => json({ id: 'apt-1', ...JSON.parse(call.body ?? '{}') }, 201));
      const proxy = createBookingProxy({
        upstream: UPSTREAM,
        credentials: { apiKey: 'secret-api-key', token: 'secret-sso-token' },
        companies: ['demo-salon'],
        allowedOrigins: [ORIGIN],
        fetch: upstream.fetch,
        now: () => Date.parse(SANDBOX_NOW),
      });
      const id = await issuedClientId(proxy, { Origin: ORIGIN });
      await proxy(postJson(`${C}/appointments`, { ...AN_APPOINTMENT, client: { id } }));
      await proxy(postJson('/api/2.0/clients', { ...A_CLIENT, nickname: 'Ada L.' }));
      await proxy(
        request(
          'GET',
          `/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-01&endDate=2026-03-01&serviceId=secret-service-7`,
        ),
      );
      await proxy(request('GET', `${C}/services/ada@example.org`));
      await proxy(request('GET', `/api/2.0/clients/ada@example.org?email=ada@example.org`));
      await proxy(request('X-ADA.LOVELACE', C));

      assert.equal(lines.length, 7);
      const log = lines.join('\n');
      for (const personal of [
        'Ada',
        'Lovelace',
        'ada@example.org',
        '612345678',
        'Second floor',
        'Allergies',
        'none',
        'secret',
        '2026-03',
        'cl-1',
        'svc-1',
        'demo-salon',
      ]) {
        assert.ok(!log.includes(personal), `log contains ${personal}:\n${log}`);
      }
      assert.match(lines[0]!, /^booking-proxy POST \/api\/2\.0\/clients 201 \d+ms upstream=201$/);
      assert.match(lines[1]!, /^booking-proxy POST \/api\/2\.1\/scheduling\/companies\/:company\/appointments 201 \d+ms upstream=201$/);
      assert.match(lines[2]!, /^booking-proxy POST \/api\/2\.0\/clients 400 \d+ms reason=invalid-body$/);
      assert.match(lines[3]!, /^booking-proxy GET \/api\/2\.0\/scheduling\/companies\/:company\/widget\/freeSlots 201 \d+ms upstream=201$/);
      assert.match(lines[5]!, /^booking-proxy GET - 403 \d+ms reason=path-not-allowed$/);
      assert.match(lines[6]!, /^booking-proxy OTHER - 403 \d+ms reason=method-not-allowed$/);
    });

    it('can be silenced', async () => {
      const proxy = createBookingProxy({
        upstream: UPSTREAM,
        credentials: { apiKey: 'k', token: 't' },
        companies: ['demo-salon'],
        allowedOrigins: [],
        fetch: fakeUpstream().fetch,
        log: false,
      });
      await proxy(request('GET', C));
      assert.deepEqual(lines, []);
    });
  });
});

describe('proxy privacy filter fails closed (finding 3)', () => {
  const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
  const LATIN1_JSON = latin1(
    '{"name":"Caf\xe9 des Arts","extendedProperties":{"private":{"stripeAccount":"acct_secret"},"public":{"bookingWidget":{}}}}',
  );
  const answering = (body: Uint8Array<ArrayBuffer>, contentType: string) =>
    testProxy(
      {},
      fakeUpstream(() => new Response(body, { headers: { 'Content-Type': contentType } })),
    );

  it('removes private properties from a body with one byte that is not UTF-8, as a browser would read it', async () => {
    const { proxy } = answering(LATIN1_JSON, 'application/json');
    const response = await proxy(request('GET', C));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    assert.doesNotMatch(text, /acct_secret|private/);
    assert.deepEqual(JSON.parse(text), { name: 'Caf\uFFFD des Arts', extendedProperties: { public: { bookingWidget: {} } } });
  });

  it('reads a declared charset=iso-8859-1 and answers UTF-8, private properties removed', async () => {
    const { proxy } = answering(LATIN1_JSON, 'application/json; charset=iso-8859-1');
    const response = await proxy(request('GET', C));
    assert.equal(response.headers.get('Content-Type'), 'application/json; charset=utf-8');
    assert.deepEqual(await response.json(), { name: 'Café des Arts', extendedProperties: { public: { bookingWidget: {} } } });
  });

  it('cleans JSON sent in UTF-16', async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Uint16Array.from('{"extendedProperties":{"private":{"k":"acct_secret"}}}', (c) => c.charCodeAt(0)).buffer),
    ]);
    const { proxy } = answering(utf16, 'application/json');
    assert.equal(await (await proxy(request('GET', C))).text(), '{"extendedProperties":{}}');
  });

  it('answers 502 rather than pass bytes it cannot read', async () => {
    for (const [body, contentType] of [
      [latin1('<p>Caf\xe9 acct_secret</p>'), 'text/html'],
      [new TextEncoder().encode('<p>acct_secret</p>'), 'text/html; charset=x-unheard-of'],
      [new Uint8Array([0x3c, 0x00, 0x70, 0x00]), 'text/plain'],
    ] as const) {
      const { proxy, logs } = answering(body, contentType);
      await expectError(await proxy(request('GET', C)), 502, 'UNAVAILABLE', /acct_secret/);
      assert.equal(logs[0]!.reason, 'upstream-unreadable');
      assert.equal(logs[0]!.upstreamStatus, 200);
    }
  });

  it('shows of the company and staff member a booking’s answer nests what their own routes show (review of 6ede19a)', async () => {
    const upstream = bookingUpstream(() =>
      json(
        {
          id: 'apt-1',
          status: 'accepted',
          company: {
            id: 'demo-salon',
            name: 'Salon',
            externalCalendars: [{ address: 'https://cal.example/private-5f2c.ics', type: 'ics' }],
          },
          staff: { id: '3001', firstName: 'Maya', workingHours: [{ day: 'monday', hours: [{ start: '09:00', end: '17:00' }] }] },
        },
        201,
      ),
    );
    const { proxy } = testProxy({}, upstream);
    const id = await issuedClientId(proxy);
    const response = await proxy(postJson(`${C}/appointments`, { ...AN_APPOINTMENT, client: { id } }));
    assert.equal(response.status, 201, await response.clone().text());
    const body = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(body.company, { id: 'demo-salon', name: 'Salon' });
    assert.deepEqual(body.staff, { id: '3001', firstName: 'Maya' });
  });

  it('never shows the browser the service’s own address (selfLink)', async () => {
    const upstream = sandboxUpstream();
    const { proxy } = testProxy({ upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER, companies: SANDBOX_COMPANIES }, upstream);
    for (const path of [
      '/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2001&staffId=3001',
      '/api/2.1/scheduling/companies/demo-courts/resourceGroups',
    ]) {
      const direct = await (await upstream.sandbox(new Request(`http://sandbox.test${path}`, { headers: SANDBOX_PARTNER }))).text();
      assert.match(direct, /"selfLink":"http:\/\/sandbox\.test\//, `${path} has links to hide`);
      const text = await (await proxy(request('GET', path))).text();
      assert.doesNotMatch(text, /sandbox\.test|selfLink/, path);
    }
  });
});
