import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  fakeUpstream,
  issuedClientId,
  json,
  postJson,
  PARTNER,
  request,
  testProxy,
  writes,
} from './proxy-harness.js';

const C = COMPANY_PATH;

/** Every allowed operation, as the widget sends it. */
const ALLOWED_GETS = [
  `${C}?fields=name,timeZone`,
  '/api/2.0/scheduling/companies/demo-salon',
  '/api/2.1/scheduling/companies/c-123',
  ...['services', 'resources', 'staff', 'staffGroups', 'resourceGroups'].flatMap((family) => [
    `${C}/${family}`,
    `/api/2.0/scheduling/companies/demo-salon/${family}/id-1_a.b~c`,
  ]),
  '/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-01&endDate=2026-03-31&serviceId=s1&staffId=0&resourceCount=1&timeZone=Europe%2FParis',
  '/api/2.1/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-01&endDate=2026-03-31&resourceId=r1&resourceCount=2&iterationCount=3',
  '/api/2.0/scheduling/companies/demo-salon/widget/nextSlots?startDate=2026-03-01&number=5&serviceId=s1&staffId=st1&resourceId=r1&resourceCount=1&timeZone=UTC',
];

describe('proxy forwards the allowed operations', () => {
  for (const path of ALLOWED_GETS) {
    it(`GET ${path}`, async () => {
      const { proxy, upstream, logs } = testProxy();
      const response = await proxy(request('GET', path));
      assert.equal(response.status, 200);
      // The company answer is an allowlist of the fields the widget reads (proxy-shown-lists.test): `ok` is not one.
      assert.deepEqual(await response.json(), /\/companies\/[^/?]+(\?|$)/.test(path) ? {} : { ok: true });
      const [call] = upstream.calls;
      assert.equal(upstream.calls.length, 1);
      assert.equal(call!.method, 'GET');
      assert.equal(call!.url.href, new URL(`http://service.test/prefix${path}`).href);
      assert.equal(call!.headers.get('apiKey'), PARTNER.apiKey);
      assert.equal(call!.headers.get('token'), PARTNER.token);
      assert.equal(logs[0]!.upstreamStatus, 200);
      assert.equal(logs[0]!.reason, undefined);
    });
  }

  it('POST /api/2.0/clients with its body, Content-Type and Idempotency-Key', async () => {
    const { proxy, upstream } = testProxy(
      {},
      fakeUpstream((call) => json({ id: 'cl-9', ...JSON.parse(call.body!) }, 201)),
    );
    const response = await proxy(postJson('/api/2.0/clients', A_CLIENT, { 'Idempotency-Key': 'b0b5c7e4-1d2a-4c3b-9a8f-0e1d2c3b4a59' }));
    assert.equal(response.status, 201);
    const client = await response.json();
    assert.deepEqual({ ...client, id: 'signed' }, { ...A_CLIENT, id: 'signed' });
    assert.notEqual(client.id, 'cl-9', 'the browser gets a token in place of the id');
    const [call] = upstream.calls;
    assert.equal(call!.method, 'POST');
    assert.equal(call!.url.href, 'http://service.test/prefix/api/2.0/clients');
    assert.deepEqual(JSON.parse(call!.body!), A_CLIENT);
    assert.equal(call!.headers.get('Content-Type'), 'application/json');
    assert.equal(call!.headers.get('Idempotency-Key'), 'b0b5c7e4-1d2a-4c3b-9a8f-0e1d2c3b4a59');
  });

  it('POST appointments under both scheduling versions, for the client it just created', async () => {
    for (const version of ['2.0', '2.1']) {
      const { proxy, upstream } = testProxy({}, bookingUpstream());
      const id = await issuedClientId(proxy);
      const path = `/api/${version}/scheduling/companies/c-123/appointments`;
      const response = await proxy(
        postJson(path, { ...AN_APPOINTMENT, client: { id } }, { 'Content-Type': 'application/json; charset=utf-8' }),
      );
      assert.equal(response.status, 201);
      const [, booking] = writes(upstream);
      assert.deepEqual(JSON.parse(booking!.body!), { ...AN_APPOINTMENT, client: { id: 'cl-1' } });
      assert.equal(booking!.url.pathname, `/prefix${path}`);
    }
  });

  it('sends the canonical encoding of the checked path', async () => {
    const { proxy, upstream } = testProxy();
    await proxy(request('GET', '/api/2.1/scheduling/companies/%64emo-salon/services/svc%2D1'));
    assert.equal(upstream.calls[0]!.url.pathname, '/prefix/api/2.1/scheduling/companies/demo-salon/services/svc-1');
  });

  it('strips basePath before matching and forwarding', async () => {
    const { proxy, upstream } = testProxy({ basePath: '/booking-api/' });
    const response = await proxy(request('GET', `/booking-api${C}/services`));
    assert.equal(response.status, 200);
    assert.equal(upstream.calls[0]!.url.pathname, `/prefix${C}/services`);
  });

  it('passes Accept and Accept-Language, and nothing else the browser sent', async () => {
    const { proxy, upstream } = testProxy();
    await proxy(
      request('GET', `${C}/services`, {
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'fr-FR,fr;q=0.9',
          Cookie: 'session=visitor-cookie',
          Authorization: 'Bearer visitor-token',
          apiKey: 'visitor-api-key',
          token: 'visitor-sso-token',
          'X-Forwarded-For': '203.0.113.9',
          'X-Custom': 'anything',
          'User-Agent': 'visitor-browser',
        },
      }),
    );
    const headers = Object.fromEntries(upstream.calls[0]!.headers);
    assert.deepEqual(headers, {
      accept: 'application/json',
      'accept-language': 'fr-FR,fr;q=0.9',
      apikey: PARTNER.apiKey,
      token: PARTNER.token,
    });
  });

  it('does not follow redirects, which would carry the credentials elsewhere', async () => {
    const redirects: RequestRedirect[] = [];
    const { proxy } = testProxy({
      fetch: async (input, init) => {
        redirects.push(new Request(input, init).redirect);
        return new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/' } });
      },
    });
    const response = await proxy(request('GET', `${C}/services`));
    assert.deepEqual(redirects, ['manual']);
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('Location'), null);
  });

  it('passes a non-JSON body as it is, with its status', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => new Response('No such page', { status: 404, headers: { 'Content-Type': 'text/plain' } })),
    );
    const response = await proxy(request('GET', `${C}/services`));
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('Content-Type'), 'text/plain');
    assert.equal(await response.text(), 'No such page');
  });

  it('says a failure of the service (5xx) in its own words, keeping the status and Retry-After (audit 8, #9)', async () => {
    const failures = [
      json({ error: { code: 500, errorCode: 'INTERNAL', message: 'NullPointerException at db-7.internal:5432' } }, 500),
      new Response('<h1>nginx on 10.0.0.7</h1>', { status: 503, headers: { 'Content-Type': 'text/html', 'Retry-After': '30' } }),
    ];
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => failures.shift()!),
    );
    const internal = await proxy(request('GET', `${C}/services`));
    assert.equal(internal.status, 500);
    const said = (await internal.json()) as { error: { errorCode: string; message: string } };
    assert.equal(said.error.errorCode, 'INTERNAL');
    assert.doesNotMatch(said.error.message, /db-7|NullPointer/);
    const unavailable = await proxy(request('GET', `${C}/staff`));
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers.get('Retry-After'), '30');
    assert.equal(unavailable.headers.get('Content-Type'), 'application/json; charset=utf-8');
    assert.equal(((await unavailable.json()) as { error: { errorCode: string } }).error.errorCode, 'UNAVAILABLE');
  });

  it('passes the service’s error bodies and empty answers', async () => {
    const error = { error: { code: 409, errorCode: 'DATE_NOT_AVAILABLE', message: 'Taken', field: 'start.dateTime' } };
    const conflict = testProxy(
      {},
      bookingUpstream(() => json(error, 409)),
    );
    const id = await issuedClientId(conflict.proxy);
    const response = await conflict.proxy(postJson(`${C}/appointments`, { ...AN_APPOINTMENT, client: { id } }));
    assert.equal(response.status, 409);
    assert.deepEqual(await response.json(), error);

    const empty = testProxy(
      {},
      fakeUpstream(() => new Response(null, { status: 204 })),
    );
    const none = await empty.proxy(request('GET', `${C}/services`));
    assert.equal(none.status, 204);
    assert.equal(await none.text(), '');
  });
});
