import { APPOINTMENT_SHAPE } from './rules/body-shapes.js';
import { type AnswerRewrite, guardPost } from './rules/booking-guard.js';
import { browserResponse } from './upstream/browser-response.js';
import { cacheControl } from './http/cache-policy.js';
import { addCorsHeaders, corsGate } from './http/cors.js';
import { startDeadline } from './upstream/deadline.js';
import { forwardedHeaders } from './http/forwarded-headers.js';
import { idempotently } from './state/idempotency.js';
import { loggedMethod } from './http/log.js';
import type { BookingProxy, BookingProxyLogEntry, BookingProxyOptions } from './options.js';
import { forwardedQuery } from './http/query.js';
import { errorResponse, Refusal, RefusalReason } from './http/refusal.js';
import { manageAppointment } from './rules/manage-guard.js';
import { rateLimit } from './rules/visitor-rate-limit.js';
import { checkedJsonBody } from './http/request-body.js';
import { pathSegments } from './http/request-path.js';
import { resolveOptions, type ResolvedProxy } from './resolve-options.js';
import { matchRoute } from './routes.js';
import { stateRefusal } from './state/fail-closed.js';
import { callUpstream, upstreamFailure } from './upstream/exchange.js';

/** What the log learns while a request goes through; never anything the visitor sent. */
type Trace = Pick<BookingProxyLogEntry, 'route' | 'upstreamStatus'>;

/**
 * Creates the credential-holding proxy: a web-standard handler that runs unchanged
 * on Node (see `cli.ts`), Deno and Cloudflare Workers. It forwards the requests a
 * public booking page needs (contract §8) with the merchant's credentials added,
 * and answers everything else itself. Throws a `TypeError` for invalid options.
 *
 * @example
 * const proxy = createBookingProxy({
 *   upstream: 'https://api.scheduling.example',
 *   credentials: { apiKey: env.API_KEY, token: env.TOKEN },
 *   companies: ['demo-salon'],
 *   allowedOrigins: ['https://www.my-salon.example'],
 *   basePath: '/booking-api',
 * });
 * const response = await proxy(request);
 */
export function createBookingProxy(options: BookingProxyOptions): BookingProxy {
  const proxy = resolveOptions(options);
  return async (request) => {
    const started = performance.now();
    const trace: Trace = { route: '-' };
    let response: Response;
    let reason: RefusalReason | undefined;
    try {
      response = await handle(proxy, request, trace);
    } catch (error) {
      const refusal = error instanceof Refusal ? error : stateRefusal(error);
      reason = refusal?.reason ?? RefusalReason.internalError;
      response = refusal?.toResponse() ?? errorResponse(500, 'INTERNAL', 'The booking proxy failed.');
    }
    addCorsHeaders(response.headers, request.headers.get('Origin'), proxy.origins);
    try {
      proxy.log({
        method: loggedMethod(request.method),
        ...trace,
        status: response.status,
        durationMs: Math.round(performance.now() - started),
        ...(reason ? { reason } : {}),
      });
    } catch {
      // A failing logger must not cost the visitor their booking.
    }
    return response;
  };
}

async function handle(proxy: ResolvedProxy, request: Request, trace: Trace): Promise<Response> {
  const preflight = corsGate(request, proxy.origins, proxy.manageBookings);
  if (preflight) return preflight;

  const url = new URL(request.url);
  const segments = pathSegments(url.pathname, proxy.basePath);
  const { route, family } = matchRoute(request.method, segments, proxy.companies, url.searchParams);
  trace.route = family;
  if (route.manage) return manageAppointment(proxy, request, route, segments, trace);
  const query = forwardedQuery(url.searchParams, route.query);

  const headers = forwardedHeaders(request, route.body !== undefined);
  let body: string | undefined;
  let rewrite: AnswerRewrite | undefined;
  if (route.body) {
    await rateLimit(proxy, request);
    const guarded = await guardPost(
      proxy,
      route,
      segments,
      await checkedJsonBody(request, route.body, proxy.maxBodyBytes, proxy.bodyTimeoutMs),
    );
    body = JSON.stringify(guarded.body);
    rewrite = guarded.rewrite;
  }

  // The service receives the canonical encoding of exactly the segments that were checked.
  const target = `${proxy.upstreamBase}/${segments.map(encodeURIComponent).join('/')}${query}`;
  const forward = async () => {
    const deadline = startDeadline(proxy.upstreamTimeoutMs);
    try {
      const upstream = await callUpstream({ url: target, method: route.method, headers, body }, proxy.credentials, proxy.fetch, deadline);
      trace.upstreamStatus = upstream.status;
      const answer = await browserResponse(upstream, deadline, rewrite);
      answer.headers.set('Cache-Control', cacheControl(route.catalog === true, answer.status, proxy.catalogCaching));
      return answer;
    } catch (error) {
      throw upstreamFailure(error);
    } finally {
      deadline.clear();
    }
  };
  if (route.body !== APPOINTMENT_SHAPE || body === undefined) return forward();
  // A booking goes to the service once per key, whatever the service does with keys; the answer
  // kept for replays is the one the browser gets (its client token already signed in).
  const booking = { scope: segments.join('/'), key: headers.get('Idempotency-Key'), clientAddress: proxy.clientAddress(request), body };
  return idempotently(proxy.state, booking, proxy.upstreamTimeoutMs + IN_FLIGHT_MARGIN_MS, forward);
}

/** An "in flight" record outlives its request's deadline by this much before another instance may take over. */
const IN_FLIGHT_MARGIN_MS = 1000;
