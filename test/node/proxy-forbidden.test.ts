import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPANY_PATH, expectError, ORIGIN, postJson, request, SANDBOX_PARTNER, sandboxUpstream, testProxy } from './proxy-harness.js';

const C = COMPANY_PATH;

/** [method, path, expected status, extra headers]: every one must be answered by the proxy alone. */
const FORBIDDEN: [string, string, number?, Record<string, string>?][] = [
  // Other methods on allowed paths
  ['DELETE', C],
  ['PUT', C],
  ['PATCH', `${C}/services/svc-1`],
  ['POST', `${C}/services`],
  ['HEAD', `${C}/services`],
  ['OPTIONS', `${C}/services`],
  ['GET', `${C}/appointments`],
  ['GET', `${C}/appointments/apt-1`],
  ['DELETE', `${C}/appointments/apt-1`],
  ['PUT', `${C}/appointments/apt-1`],
  ['POST', `${C}/appointments/apt-1`],
  ['GET', '/api/2.0/clients'],
  ['GET', '/api/2.0/clients/cl-1'],
  ['PUT', '/api/2.0/clients/cl-1'],
  ['DELETE', '/api/2.0/clients/cl-1'],
  ['PROPFIND', `${C}/services`],
  // Other families
  ['GET', '/api/2.1/scheduling/companies'],
  ['POST', '/api/2.1/scheduling/companies'],
  ['POST', '/api/2.1/scheduling/companies/watch'],
  ['GET', `${C}/service-resources`],
  ['GET', `${C}/notifications`],
  ['GET', `${C}/widget`],
  ['GET', '/api/2.0/watchers'],
  ['GET', '/api/2.0/queues'],
  ['GET', '/api/2.0/activities?clientId=cl-1', 403],
  ['POST', '/api/2.3/actions/shareALink'],
  ['GET', '/api/2.0/resellers/settings/scheduling'],
  ['POST', '/o/oauth2/token'],
  ['GET', '/'],
  ['GET', '/api'],
  // Other companies
  ['GET', '/api/2.1/scheduling/companies/other-company'],
  ['GET', '/api/2.1/scheduling/companies/other-company/services'],
  ['POST', '/api/2.1/scheduling/companies/other-company/appointments'],
  ['GET', '/api/2.0/scheduling/companies/other-company/widget/freeSlots?startDate=2026-03-01'],
  ['GET', '/api/2.1/scheduling/companies/DEMO-SALON/services'],
  // Other versions
  ['GET', '/api/2.3/scheduling/companies/demo-salon'],
  ['GET', '/api/1.0/scheduling/companies/demo-salon/services'],
  ['GET', '/api/v2.1/scheduling/companies/demo-salon/services'],
  ['GET', '/api/2.10/scheduling/companies/demo-salon/services'],
  ['POST', '/api/2.1/clients'],
  ['POST', '/api/2.3/clients'],
  // Traversal and encoding tricks
  ['GET', `${C}/services/..%2f..%2fappointments`],
  ['GET', `${C}/services/..%2F..%2Fappointments`],
  ['GET', `${C}%2fappointments`],
  ['GET', `${C}/services%5c..%5cappointments`],
  ['GET', `${C}/services/%2e%2e/appointments`],
  ['GET', `${C}/services/%2e%2e`],
  ['GET', `${C}/appointments/%2e`],
  ['GET', `${C}//services`],
  ['GET', `/${C}/services`],
  ['GET', `${C}/services/`],
  ['GET', `${C}/services/svc%00`],
  ['GET', `${C}/services/svc%0a1`],
  ['GET', `${C}/services/%252e%252e`],
  ['GET', `${C}/services/%252F`],
  ['GET', `${C}/services/.hidden`],
  ['GET', `${C}/services/svc-1/extra`],
  ['GET', `/api%2f2.1/scheduling/companies/demo-salon/services`],
  ['GET', `${C}/services/%E0%A4%A`, 400],
  ['GET', `${C}/services/%ff`, 400],
  // Query parameters the route does not list, credentials first
  ['GET', `${C}/services?apiKey=stolen`, 400],
  ['GET', `${C}/services?token=stolen`, 400],
  ['GET', `${C}?access_token=stolen`, 400],
  ['GET', `${C}?fields=name&showDeleted=true`, 400],
  ['GET', `${C}/staff?fields=name`, 400],
  ['GET', '/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?serviceId=a&serviceId=b', 400],
  // iterationCount is a selector of both lookups (service contract §5, §13); nextSlots has no range to widen.
  ['GET', '/api/2.0/scheduling/companies/demo-salon/widget/nextSlots?endDate=2026-03-09', 400],
  ['POST', '/api/2.0/clients?calculateGeolocation=true', 400],
  // Another site's page
  ['GET', `${C}/services`, 403, { Origin: 'https://evil.example' }],
  ['GET', `${C}/services`, 403, { Origin: 'null' }],
  ['GET', `${C}/services`, 403, { Origin: `${ORIGIN}.evil.example` }],
];

/** The proxy in front of the sandbox, which would answer many of these if asked. */
const inFrontOfSandbox = () => testProxy({ upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER }, sandboxUpstream());

describe('proxy refuses what a booking page does not need, without calling the service', () => {
  it(`covers at least 30 requests (${FORBIDDEN.length})`, () => assert.ok(FORBIDDEN.length >= 30));

  it('is wired to a live sandbox that answers allowed requests', async () => {
    const { proxy, upstream } = inFrontOfSandbox();
    assert.equal((await proxy(request('GET', C))).status, 200);
    assert.equal(upstream.calls.length, 1);
  });

  for (const [method, path, status = 403, headers = {}] of FORBIDDEN) {
    it(`${method} ${path}${headers.Origin ? ` from ${headers.Origin}` : ''} → ${status}`, async () => {
      const { proxy, upstream, logs } = inFrontOfSandbox();
      const response = await proxy(method === 'POST' ? postJson(path, {}, headers) : request(method, path, { headers }));
      await expectError(response, status, status === 400 ? 'INVALID_PARAMETER' : 'FORBIDDEN', /stolen/);
      assert.deepEqual(upstream.calls, []);
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
      assert.equal(logs.length, 1);
      assert.ok(logs[0]!.reason);
    });
  }

  it('names the refused query parameter in field', async () => {
    const { proxy } = testProxy();
    const error = await expectError(await proxy(request('GET', `${C}/services?apiKey=stolen`)), 400, 'INVALID_PARAMETER');
    assert.equal(error.field, 'apiKey');
  });

  it('refuses paths outside basePath, and allowed paths without it', async () => {
    const { proxy, upstream } = testProxy({ basePath: '/booking-api' });
    for (const path of [`${C}/services`, `/booking-api-x${C}/services`, '/booking-api', `/other/booking-api${C}`]) {
      assert.equal((await proxy(request('GET', path))).status, 403, path);
    }
    assert.equal(upstream.calls.length, 0);
  });
});
