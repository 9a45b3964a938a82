import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SlidingWindowLimiter } from '../../packages/proxy/src/state/rate-limiter.js';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  fakeUpstream,
  ORIGIN,
  postJson,
  request,
  testProxy,
  writes,
} from './proxy-harness.js';

const byHeader = (request: Request) => request.headers.get('X-Test-Address') ?? 'none';
const from = (address: string, extra: Record<string, string> = {}) => ({ 'X-Test-Address': address, ...extra });

describe('proxy POST rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past 10 POSTs a minute from one address', async () => {
    const { proxy, upstream, logs } = testProxy({ clientAddress: byHeader }, bookingUpstream());
    const statuses: number[] = [];
    let client = '';
    for (let i = 0; i < 10; i++) {
      // Clients and appointments count alike; distinct bookings, since the same one sent twice goes upstream once (proxy-idempotency.test.ts).
      const response = await proxy(
        i % 2
          ? postJson(
              `${COMPANY_PATH}/appointments`,
              { ...AN_APPOINTMENT, client: { id: client }, notes: `visit ${i}` },
              from('198.51.100.1'),
            )
          : postJson('/api/2.0/clients', A_CLIENT, from('198.51.100.1')),
      );
      if (i % 2 === 0) client = (await response.clone().json()).id;
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, Array(10).fill(201));
    const limited = await proxy(postJson('/api/2.0/clients', A_CLIENT, from('198.51.100.1', { Origin: ORIGIN })));
    const retryAfter = Number(limited.headers.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal(limited.headers.get('Access-Control-Expose-Headers'), 'Retry-After');
    await expectError(limited, 429, 'RATE_LIMITED');
    assert.equal(writes(upstream).length, 10);
    assert.equal(logs.at(-1)!.reason, 'rate-limited');

    assert.equal((await proxy(postJson('/api/2.0/clients', A_CLIENT, from('198.51.100.2')))).status, 201, 'another address');
    assert.equal(
      (await proxy(request('GET', `${COMPANY_PATH}/services`, { headers: from('198.51.100.1') }))).status,
      200,
      'GETs are not limited',
    );
  });

  it('follows the configured limit, and can be turned off', async () => {
    const limited = testProxy({ clientAddress: byHeader, limits: { postRateLimit: { max: 2, windowSeconds: 600 } } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.proxy(postJson('/api/2.0/clients', A_CLIENT, from('a')))).status);
    assert.deepEqual(statuses, [200, 200, 429]);

    const open = testProxy({ limits: { postRateLimit: false } });
    for (let i = 0; i < 30; i++) assert.equal((await open.proxy(postJson('/api/2.0/clients', A_CLIENT))).status, 200);
  });

  it('counts every visitor as one when no clientAddress is given', async () => {
    const { proxy } = testProxy({ limits: { postRateLimit: { max: 1, windowSeconds: 60 } } });
    assert.equal((await proxy(postJson('/api/2.0/clients', A_CLIENT, from('a')))).status, 200);
    assert.equal((await proxy(postJson('/api/2.0/clients', A_CLIENT, from('b')))).status, 429);
  });

  it('slides its window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(3, 60_000, () => now);
    for (const t of [0, 20_000, 40_000]) {
      now = t;
      assert.equal(limiter.hit('a'), 0);
    }
    now = 59_000;
    assert.equal(limiter.hit('a'), 1, 'the hit at 0 leaves the window in 1 s');
    now = 60_001;
    assert.equal(limiter.hit('a'), 0);
    assert.equal(limiter.hit('a'), 20, 'the hit at 20 s leaves at 80 s');
    assert.equal(limiter.hit('b'), 0);
  });
});

describe('proxy upstream failures', () => {
  it('answers 504 UNAVAILABLE when the service is too slow, even if fetch ignores the signal', async () => {
    const { proxy, logs } = testProxy({ limits: { upstreamTimeoutMs: 30 }, fetch: () => new Promise<Response>(() => {}) });
    const error = await expectError(await proxy(request('GET', `${COMPANY_PATH}/services`)), 504, 'UNAVAILABLE');
    assert.equal(error.message, 'The scheduling service did not answer in time.');
    assert.equal(logs[0]!.reason, 'upstream-timeout');
  });

  it('aborts the upstream fetch at the deadline', async () => {
    let aborted = false;
    const { proxy } = testProxy({
      limits: { upstreamTimeoutMs: 30 },
      fetch: (_, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => ((aborted = true), reject(init.signal!.reason))),
        ),
    });
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 504);
    assert.ok(aborted);
  });

  it('times out a body that never ends', async () => {
    const stalled = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"items":[')) });
    const { proxy } = testProxy(
      { limits: { upstreamTimeoutMs: 30 } },
      fakeUpstream(() => new Response(stalled)),
    );
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 504);
  });

  it('answers 502 UNAVAILABLE without details when the service cannot be reached', async () => {
    const { proxy, logs } = testProxy({
      fetch: async () => {
        throw new TypeError('fetch failed: connect ECONNREFUSED 10.0.0.7:443 secret-api-key');
      },
    });
    await expectError(await proxy(request('GET', `${COMPANY_PATH}/services`)), 502, 'UNAVAILABLE', /ECONNREFUSED|10\.0\.0\.7|secret|at /);
    assert.equal(logs[0]!.reason, 'upstream-unreachable');
  });

  it('answers even when the logger throws', async () => {
    const { proxy } = testProxy({
      log: () => {
        throw new Error('log sink down');
      },
    });
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 200);
  });

  it('answers 500 INTERNAL without a stack when its own code fails', async () => {
    const { proxy, logs } = testProxy({
      clientAddress: () => {
        throw new Error('boom at line 3');
      },
    });
    await expectError(await proxy(postJson('/api/2.0/clients', A_CLIENT)), 500, 'INTERNAL', /boom|line/);
    assert.equal(logs[0]!.reason, 'internal-error');
  });
});

describe('proxy deadline for the browser’s body (finding 4)', () => {
  const encoder = new TextEncoder();
  /** A body that sends its first bytes and then nothing, as a client that promised more. */
  const stalled = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(encoder.encode('{"firstName":')) });
  const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    request('POST', '/api/2.0/clients', {
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit);

  it('answers a body that stalls 408 REQUEST_TIMEOUT at the deadline, and sends nothing upstream', { timeout: 5_000 }, async () => {
    const { proxy, upstream, logs } = testProxy({ limits: { bodyTimeoutMs: 50 } });
    const error = await expectError(await proxy(streamed(stalled(), { 'Content-Length': '100' })), 408, 'REQUEST_TIMEOUT');
    assert.equal(error.message, 'The body did not arrive within 50 ms.');
    assert.equal(logs[0]!.reason, 'body-timeout');
    assert.deepEqual(upstream.calls, []);
  });

  it('has a deadline of its own, however long the service may take', { timeout: 5_000 }, async () => {
    const { proxy } = testProxy({ limits: { bodyTimeoutMs: 50, upstreamTimeoutMs: 600_000 } });
    assert.equal((await proxy(streamed(stalled()))).status, 408);
  });

  it('logs a body cut off by the browser as its problem, not as a failure of the proxy', async () => {
    const cut = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('terminated: other side closed'));
      },
    });
    const { proxy, upstream, logs } = testProxy();
    const error = await expectError(await proxy(streamed(cut)), 400, 'INVALID_PARAMETER', /terminated|closed/);
    assert.equal(error.field, 'body');
    assert.equal(logs[0]!.reason, 'client-disconnected');
    assert.deepEqual(upstream.calls, []);
  });

  it('logs a body that ends short of its Content-Length as cut off, however the runtime ends it', async () => {
    // What Node hands over when the socket closed before the handler read the body: a stream that simply ends.
    const short = new ReadableStream<Uint8Array>({
      start: (controller) => (controller.enqueue(encoder.encode('{"firstName":')), controller.close()),
    });
    const { proxy, upstream, logs } = testProxy();
    await expectError(await proxy(streamed(short, { 'Content-Length': '100' })), 400, 'INVALID_PARAMETER');
    await expectError(
      await proxy(streamed(new ReadableStream({ start: (controller) => controller.close() }), { 'Content-Length': '100' })),
      400,
      'INVALID_PARAMETER',
    );
    assert.deepEqual(
      logs.map((entry) => entry.reason),
      ['client-disconnected', 'client-disconnected'],
    );
    assert.deepEqual(upstream.calls, []);
  });
});
