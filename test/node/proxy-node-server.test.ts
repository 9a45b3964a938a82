/**
 * The Node entry over raw HTTP, as the security review tried it (issue 17):
 * bodies that stall or stop, and requests that Node refuses before the handler
 * runs, all get the contract's §9 body.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { BookingProxyLogEntry } from '../../packages/proxy/src/index.js';
import { createProxyServer } from '../../packages/proxy/src/node/node-server.js';
import { fakeUpstream, ORIGIN, PARTNER, UPSTREAM } from './proxy-harness.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `text` as it is, and reads what comes back until the server closes the connection. */
function raw(port: number, text: string, { hangUp = false } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (hangUp) socket.destroy();
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const error = (answer: RawAnswer) => (JSON.parse(answer.body) as { error: { code: number; errorCode: string } }).error;

describe('proxy Node entry over raw HTTP', () => {
  const upstream = fakeUpstream();
  const logs: BookingProxyLogEntry[] = [];
  let next: ((entry: BookingProxyLogEntry) => void) | undefined;
  /** The next log entry, for refusals whose answer nobody is left to read. */
  const nextLog = () => new Promise<BookingProxyLogEntry>((resolve) => (next = resolve));
  let server: Server;
  let port: number;

  before(async () => {
    server = createProxyServer({
      upstream: UPSTREAM,
      credentials: PARTNER,
      companies: ['demo-salon'],
      allowedOrigins: [ORIGIN],
      fetch: upstream.fetch,
      limits: { bodyTimeoutMs: 100 },
      log: (entry) => {
        logs.push(entry);
        next?.(entry);
      },
      trustedHops: 0,
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  const post = (headers: string, body: string) =>
    `POST /api/2.0/clients HTTP/1.1\r\nHost: proxy.test\r\nContent-Type: application/json\r\n${headers}\r\n\r\n${body}`;

  it('answers a body shorter than its Content-Length 408 at the deadline, and closes the connection', { timeout: 5_000 }, async () => {
    const answer = await raw(port, post('Content-Length: 100', '{"firstNam'));
    assert.equal(answer.status, 408);
    assert.equal(answer.headers.connection, 'close');
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(error(answer).errorCode, 'REQUEST_TIMEOUT');
    assert.equal(logs.at(-1)!.reason, 'body-timeout');
  });

  it('answers a chunked body that stalls 408 at the deadline', { timeout: 5_000 }, async () => {
    const answer = await raw(port, post('Transfer-Encoding: chunked', 'a\r\n{"firstNam\r\n'));
    assert.equal(answer.status, 408);
    assert.equal(error(answer).code, 408);
  });

  it('logs a client that hangs up mid-body as a client error', { timeout: 5_000 }, async () => {
    const logged = nextLog();
    await raw(port, post('Content-Length: 100', '{"firstNam'), { hangUp: true });
    const entry = await logged;
    assert.equal(entry.reason, 'client-disconnected');
    assert.equal(entry.status, 400);
  });

  it('gives a raw backslash in the path the §9 403', async () => {
    const answer = await raw(
      port,
      'GET /api/2.1/scheduling/companies/demo-salon\\..\\appointments HTTP/1.1\r\nHost: proxy.test\r\nConnection: close\r\n\r\n',
    );
    assert.equal(answer.status, 403);
    assert.deepEqual(error(answer), { code: 403, errorCode: 'FORBIDDEN', message: 'This request is not forwarded by the booking proxy.' });
    assert.equal(logs.at(-1)!.reason, 'unsafe-path');
  });

  it('gives Content-Length with Transfer-Encoding the §9 400', async () => {
    const answer = await raw(port, post('Content-Length: 5\r\nTransfer-Encoding: chunked', '0\r\n\r\n'));
    assert.equal(answer.status, 400);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(error(answer).errorCode, 'INVALID_PARAMETER');
    assert.equal(logs.at(-1)!.reason, 'malformed-request');
  });

  // Issue 29 point 9: these got no answer at all, and a log that blamed the visitor's connection.
  for (const [what, headers, body] of [
    ['an unknown Transfer-Encoding', 'Transfer-Encoding: gzip', '{"firstName":"Ada"}'],
    ['an oversized chunk', 'Transfer-Encoding: chunked', 'ffffffffffffffffffff\r\n{"firstName":"Ada"}\r\n0\r\n\r\n'],
  ] as const) {
    it(`answers a POST with ${what} the §9 400 and closes the connection`, { timeout: 5_000 }, async () => {
      const before = logs.length;
      const answer = await raw(port, post(headers, body));
      assert.equal(answer.status, 400);
      assert.equal(answer.headers.connection, 'close');
      assert.equal(error(answer).errorCode, 'INVALID_PARAMETER');
      // The handler's own read of that body fails too, after the answer: a request that comes later is logged after it.
      const later = nextLog();
      await raw(port, 'GET /api/2.0/nothing-here HTTP/1.1\r\nHost: proxy.test\r\nConnection: close\r\n\r\n');
      await later;
      assert.deepEqual(
        logs.slice(before, -1).map((entry) => entry.reason),
        ['malformed-request'],
        'one line, naming a request Node could not read (not a second one blaming its body)',
      );
    });
  }

  it('refuses HEAD with the §9 headers; HTTP gives an answer to HEAD no body', async () => {
    const answer = await raw(
      port,
      'HEAD /api/2.1/scheduling/companies/demo-salon HTTP/1.1\r\nHost: proxy.test\r\nConnection: close\r\n\r\n',
    );
    assert.equal(answer.status, 403);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(answer.body, '');
    assert.equal(logs.at(-1)!.reason, 'method-not-allowed');
  });

  it('sent none of these upstream', () => {
    assert.deepEqual(upstream.calls, []);
  });
});
