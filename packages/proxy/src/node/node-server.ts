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
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { ErrorCode } from 'booking-widget-shared/types';
import { forwardedClientAddress } from '../http/client-address.js';
import { createBookingProxy } from '../create-booking-proxy.js';
import { consoleLog } from '../http/log.js';
import type { BookingProxyLogEntry, BookingProxyOptions } from '../options.js';
import { ERROR_HEADERS, errorBodyText, errorResponse, RefusalReason } from '../http/refusal.js';

export interface ProxyServerOptions extends Omit<BookingProxyOptions, 'clientAddress'> {
  /** Reverse proxies of the merchant's whose `X-Forwarded-For` entry is trusted; 0 counts by socket address. */
  trustedHops: number;
  /** Used when a request has no Host header. */
  hostname?: string;
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
  const { trustedHops, hostname, ...handlerOptions } = options;
  const socketAddresses = new WeakMap<Request, string>();
  const socketAddress = (request: Request): string => socketAddresses.get(request) ?? 'unknown';
  const proxy = createBookingProxy({
    ...handlerOptions,
    clientAddress: trustedHops > 0 ? (request) => forwardedClientAddress(request, trustedHops) ?? socketAddress(request) : socketAddress,
  });
  const log = options.log === false ? () => {} : (options.log ?? consoleLog);
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
      socketAddresses.set(request, (env as HttpBindings).incoming.socket.remoteAddress ?? 'unknown');
      const response = await proxy(request);
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

  const server = createServer(listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A connection reset, or an answer already under way: nothing sensible to write.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const refusal = parserRefusal(error.code);
    logRefusal(refusal);
    const body = errorBodyText(refusal.status, refusal.errorCode, refusal.message);
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status]}`,
      ...Object.entries(ERROR_HEADERS).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
  return server;
}
