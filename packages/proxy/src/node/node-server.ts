/**
 * The proxy on a Node HTTP server, as `npm run proxy` runs it: the web-standard
 * handler behind @hono/node-server's listener, counting POSTs by socket address
 * (or by `X-Forwarded-For` when told to trust it).
 *
 * Node and the adapter refuse some requests before the handler runs: a raw
 * backslash in the path, a bad Host, Content-Length together with
 * Transfer-Encoding, a malformed request line, oversized headers. Their own
 * answers are bare; here they get the contract's §9 body and a log line like
 * every other refusal. Node-only, so it stays out of the handler's imports.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { ErrorCode } from 'booking-widget-shared/types';
import { addressGroup, forwardedClientAddress } from '../http/client-address.js';
import { createBookingProxy } from '../create-booking-proxy.js';
import { consoleLog } from '../http/log.js';
import type { BookingProxyLogEntry, BookingProxyOptions } from '../options.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './server-defaults.js';
import { ERROR_HEADERS, errorBodyText, errorResponse, RefusalReason } from '../http/refusal.js';

export interface ProxyServerOptions extends Omit<BookingProxyOptions, 'clientAddress'> {
  /** Reverse proxies of the merchant's whose `X-Forwarded-For` entry is trusted; 0 counts by socket address. */
  trustedHops: number;
  /** Used when a request has no Host header. */
  hostname?: string;
  /** How long a client may take to send its request line and headers; past it, 408 and the connection is closed. Default 20000. */
  headersTimeoutMs?: number;
  /**
   * Connections one address (an IPv6 /64) may hold open at once; more are closed as
   * they arrive. 0: no cap. Default 64 when counting by socket address; with
   * `trustedHops` every connection comes from the front, so there is no cap unless one is given.
   */
  maxConnectionsPerAddress?: number;
}

/**
 * How long a closing connection may take to deliver its last answer before it is
 * destroyed: a client that never reads (nor closes) would otherwise keep its half-open
 * socket, and the proxy's descriptor, for ever.
 */
const LINGER_MS = 1_000;

/** Ends `socket` (with `text`, if any) and destroys it once the answer is out, or after LINGER_MS whatever the client does. */
function closeSoon(socket: Socket, text?: string): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.end(text ?? '', () => {
    clearTimeout(timer);
    socket.destroy();
  });
}

interface EarlyRefusal {
  status: number;
  errorCode: ErrorCode;
  message: string;
  reason: RefusalReason;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

const malformed = (message: string): EarlyRefusal => ({
  status: 400,
  errorCode: 'INVALID_PARAMETER',
  message,
  reason: RefusalReason.malformedRequest,
});

/** What the adapter could not turn into a `Request` (@hono/node-server's `RequestError`). */
function requestRefusal(error: Error): EarlyRefusal {
  if (/backslash/i.test(error.message)) {
    // As the proxy answers an encoded backslash (%5C): something a decoder downstream could read as a separator.
    return {
      status: 403,
      errorCode: 'FORBIDDEN',
      message: 'This request is not forwarded by the booking proxy.',
      reason: RefusalReason.unsafePath,
    };
  }
  return malformed('The request line or Host header is not valid.');
}

/** What Node's HTTP parser refused (`clientError`), by its code. */
function parserRefusal(code: string | undefined): EarlyRefusal {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, errorCode: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.', reason: RefusalReason.bodyTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { ...malformed('The request headers are too large.'), status: 431 };
  return malformed('The request is not well-formed HTTP (for instance, both Content-Length and Transfer-Encoding).');
}

export function createProxyServer(options: ProxyServerOptions): Server {
  const { trustedHops, hostname, headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS, maxConnectionsPerAddress, ...handlerOptions } = options;
  const connectionCap = maxConnectionsPerAddress ?? (trustedHops > 0 ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
  const socketAddresses = new WeakMap<Request, string>();
  const socketAddress = (request: Request): string => socketAddresses.get(request) ?? 'unknown';
  const log = options.log === false ? () => {} : (options.log ?? consoleLog);
  // Requests whose body Node's parser refused and answered here: the handler, still reading it, then fails too, and
  // its line would blame the body for what this one logged as a malformed request. The request it runs for is known by
  // the handler's async context.
  const answeredHere = new WeakSet<IncomingMessage>();
  const handling = new AsyncLocalStorage<IncomingMessage>();
  const proxy = createBookingProxy({
    ...handlerOptions,
    clientAddress: trustedHops > 0 ? (request) => forwardedClientAddress(request, trustedHops) ?? socketAddress(request) : socketAddress,
    log: (entry) => {
      const incoming = handling.getStore();
      if (!incoming || !answeredHere.has(incoming)) log(entry);
    },
  });
  const logRefusal = (refusal: EarlyRefusal) => {
    const entry: BookingProxyLogEntry = { method: 'OTHER', route: '-', status: refusal.status, durationMs: 0, reason: refusal.reason };
    try {
      log(entry);
    } catch {
      // As in the handler: a failing logger changes nothing for the visitor.
    }
  };

  const listener = getRequestListener(
    async (request, env) => {
      const { incoming } = env as HttpBindings;
      socketAddresses.set(request, incoming.socket.remoteAddress ?? 'unknown');
      const response = await handling.run(incoming, () => proxy(request));
      // The rest of a body that timed out may never come: do not keep the connection for it.
      if (response.status === 408) response.headers.set('Connection', 'close');
      return response;
    },
    {
      hostname,
      errorHandler: (error: unknown) => {
        const refusal = requestRefusal(error instanceof Error ? error : new Error(String(error)));
        logRefusal(refusal);
        return errorResponse(refusal.status, refusal.errorCode, refusal.message, undefined, { Connection: 'close' });
      },
    },
  );

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: Math.max(headersTimeoutMs, 300_000),
      // Node checks the timeouts above at this pace (30 s by default): a short timeout needs a shorter check.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(headersTimeoutMs / 4))),
    },
    (incoming, outgoing) => {
      // Answered before its body was whole (a refusal, a GET that announced a body, a 408):
      // the rest may never come, and waiting for it would keep the connection for it.
      outgoing.once('finish', () => {
        if (!incoming.complete) closeSoon(incoming.socket);
      });
      return listener(incoming, outgoing);
    },
  );
  if (connectionCap > 0) capConnections(server, connectionCap);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean; req?: IncomingMessage } })._httpMessage;
    // A body Node cannot read (an unknown Transfer-Encoding, an oversized chunk) fails once its request is in the
    // handler: no answer has started, so the 400 the docs promise can still be written, and the connection closed.
    // (A body cut short is the browser hanging up: that is the handler's `client-disconnected`, nobody to answer.)
    const badBody = inFlight && !inFlight.headersSent && error.code?.startsWith('HPE_') && error.code !== 'HPE_INVALID_EOF_STATE';
    // A connection reset, or an answer already under way: nothing sensible to write.
    if (error.code === 'ECONNRESET' || !socket.writable || (inFlight && !badBody)) {
      socket.destroy();
      return;
    }
    const refusal = parserRefusal(error.code);
    if (inFlight?.req) answeredHere.add(inFlight.req);
    logRefusal(refusal);
    const body = errorBodyText(refusal.status, refusal.errorCode, refusal.message);
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status]}`,
      ...Object.entries(ERROR_HEADERS).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    closeSoon(socket, `${head.join('\r\n')}\r\n\r\n${body}`);
  });
  return server;
}

/** Closes each connection past `max` open ones from one address (one IPv6 /64) as it arrives, before it costs a parser. */
function capConnections(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress ?? 'unknown');
    const count = (open.get(group) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(group, count);
    socket.once('close', () => {
      const left = open.get(group)! - 1;
      if (left > 0) open.set(group, left);
      else open.delete(group);
    });
  });
}
