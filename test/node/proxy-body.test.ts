import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  postJson,
  request,
  testProxy,
  writes,
} from './proxy-harness.js';

const CLIENTS = '/api/2.0/clients';
const APPOINTMENTS = `${COMPANY_PATH}/appointments`;

/** [path, body, field the 400 names] */
const INVALID: [string, unknown, string][] = [
  [CLIENTS, { ...A_CLIENT, password: 'x' }, 'password'],
  [CLIENTS, { ...A_CLIENT, id: 'cl-1' }, 'id'],
  [CLIENTS, { ...A_CLIENT, emailAddresses: [{ email: 'a@b.c', verified: true }] }, 'emailAddresses[0].verified'],
  [CLIENTS, { ...A_CLIENT, phoneNumbers: [{ number: '1' }, { number: 2 }] }, 'phoneNumbers[1].number'],
  [CLIENTS, { ...A_CLIENT, emailAddresses: { email: 'a@b.c' } }, 'emailAddresses'],
  [CLIENTS, { ...A_CLIENT, emailAddresses: ['a@b.c'] }, 'emailAddresses[0]'],
  [CLIENTS, { ...A_CLIENT, firstName: 7 }, 'firstName'],
  [CLIENTS, { ...A_CLIENT, lastName: null }, 'lastName'],
  [CLIENTS, { ...A_CLIENT, explicitConsent: 'yes' }, 'explicitConsent'],
  [CLIENTS, '{"__proto__":{"admin":true}}', '__proto__'],
  [CLIENTS, { constructor: 'x' }, 'constructor'],
  [CLIENTS, [A_CLIENT], 'body'],
  [CLIENTS, '"Ada"', 'body'],
  [CLIENTS, 'null', 'body'],
  [CLIENTS, '{"firstName": "Ada",', 'body'],
  [CLIENTS, '', 'body'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, status: 'accepted' }, 'status'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, company: { id: 'other' } }, 'company'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, client: { id: 'cl-1', email: 'a@b.c' } }, 'client.email'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, client: 'cl-1' }, 'client'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, start: { dateTime: '2026-03-09T14:30:00', offset: '+01:00' } }, 'start.offset'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, end: { dateTime: 20260309 } }, 'end.dateTime'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, resourceCount: 1.5 }, 'resourceCount'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, iterationCount: '2' }, 'iterationCount'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, form: [{ id: 'f', title: 't', value: 'v', hidden: true }] }, 'form[0].hidden'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, notes: ['a'] }, 'notes'],
  [APPOINTMENTS, { ...AN_APPOINTMENT, extendedProperties: { public: {} } }, 'extendedProperties.public'],
  [
    APPOINTMENTS,
    { ...AN_APPOINTMENT, extendedProperties: { private: { stripeAccount: 'x' } } },
    'extendedProperties.private.stripeAccount',
  ],
];

async function refused(response: Response, status: 400 | 413, field?: string) {
  const error = await expectError(response, status, status === 400 ? 'INVALID_PARAMETER' : 'PAYLOAD_TOO_LARGE', /Ada/);
  if (field !== undefined) assert.equal(error.field, field);
  return error;
}

describe('proxy checks POST bodies before they reach the service', () => {
  for (const [path, body, field] of INVALID) {
    it(`refuses ${field} in ${path.endsWith('clients') ? 'a client' : 'an appointment'}: ${typeof body === 'string' ? body || '(empty)' : JSON.stringify(body).slice(0, 60)}`, async () => {
      const { proxy, upstream } = testProxy();
      await refused(await proxy(postJson(path, body)), 400, field);
      assert.deepEqual(upstream.calls, []);
    });
  }

  it('never repeats the body in its messages', async () => {
    const { proxy } = testProxy();
    await refused(await proxy(postJson(CLIENTS, '{"firstName": "Ada Lovelace",')), 400, 'body');
    await refused(await proxy(postJson(CLIENTS, { firstName: 'Ada', lastName: 3 })), 400, 'lastName');
  });

  it('accepts the minimal bodies and forwards its own serialisation', async () => {
    const { proxy, upstream } = testProxy({}, bookingUpstream());
    const client = await proxy(postJson(CLIENTS, '{"firstName":"A","firstName":"Ada","lastName":"L"}'));
    assert.equal(client.status, 201);
    assert.equal(writes(upstream)[0]!.body, '{"firstName":"Ada","lastName":"L"}');
    const { id } = await client.json();
    const minimal = { client: { id }, service: { id: 'svc-1' }, start: AN_APPOINTMENT.start, end: AN_APPOINTMENT.end };
    assert.equal((await proxy(postJson(APPOINTMENTS, minimal))).status, 201);
    assert.equal(writes(upstream)[1]!.body, JSON.stringify({ ...minimal, client: { id: 'cl-1' } }));
  });

  it('requires a JSON Content-Type', async () => {
    const { proxy, upstream } = testProxy();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      await refused(await proxy(postJson(CLIENTS, A_CLIENT, { 'Content-Type': contentType })), 400, 'Content-Type');
    }
    await refused(await proxy(request('POST', CLIENTS, { body: new Blob([JSON.stringify(A_CLIENT)]) })), 400, 'Content-Type');
    assert.deepEqual(upstream.calls, []);
  });

  it('refuses a body that is not UTF-8', async () => {
    const { proxy, upstream } = testProxy();
    const latin1 = new Uint8Array([0x7b, 0x22, 0x66, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]);
    await refused(await proxy(request('POST', CLIENTS, { body: latin1, headers: { 'Content-Type': 'application/json' } })), 400, 'body');
    assert.deepEqual(upstream.calls, []);
  });

  it('refuses oversized bodies 413, by Content-Length or while streaming', async () => {
    const { proxy, upstream } = testProxy({ limits: { maxBodyBytes: 1024 } });
    const big = { ...A_CLIENT, lastName: 'x'.repeat(2000) };
    await refused(await proxy(postJson(CLIENTS, big)), 413);

    const chunks = [new TextEncoder().encode('{"lastName":"'), new TextEncoder().encode('y'.repeat(1500)), new TextEncoder().encode('"}')];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = request('POST', CLIENTS, {
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    assert.equal(streamed.headers.get('Content-Length'), null);
    await refused(await proxy(streamed), 413);
    assert.deepEqual(upstream.calls, []);
  });

  it('refuses the default limit of 16 KB, and accepts a body just under it', async () => {
    const { proxy, upstream } = testProxy();
    const padding = (size: number) => ({ firstName: 'A', lastName: 'x'.repeat(size - '{"firstName":"A","lastName":""}'.length) });
    assert.equal(JSON.stringify(padding(16_384)).length, 16_384);
    assert.equal((await proxy(postJson(CLIENTS, padding(16_384)))).status, 200);
    await refused(await proxy(postJson(CLIENTS, padding(16_385))), 413);
    assert.equal(upstream.calls.length, 1);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { proxy, upstream } = testProxy();
    for (const key of ['', 'has space', 'x'.repeat(256), 'clé']) {
      const headers = new Headers({ 'Content-Type': 'application/json' });
      headers.set('Idempotency-Key', key);
      await refused(await proxy(request('POST', CLIENTS, { body: JSON.stringify(A_CLIENT), headers })), 400, 'Idempotency-Key');
    }
    assert.deepEqual(upstream.calls, []);
  });
});
