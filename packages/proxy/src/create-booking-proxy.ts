import { cacheControl } from './http/cache-policy.js';
import { addCorsHeaders, corsGate } from './http/cors.js';
import { forwardedHeaders } from './http/forwarded-headers.js';
import { loggedMethod, loggedOrigin, type Trace } from './http/log.js';
import { checkSlotRange, forwardedQuery } from './http/query.js';
import { errorResponse, forbidden, Refusal, RefusalReason } from './http/refusal.js';
import { checkedJsonBody, refuseUnexpectedBody } from './http/request-body.js';
import { pathSegments } from './http/request-path.js';
import type { BookingProxy, BookingProxyContext, BookingProxyOptions } from './options.js';
import { resolveOptions, type ResolvedProxy } from './resolve-options.js';
import { matchRoute, segmentAt, type Route } from './routes.js';
import type { Forwarding } from './rules/guard.js';
import { rateLimit, readBudget } from './rules/visitor-rate-limit.js';
import { withAppointmentLock } from './state/appointment-lock.js';
import { stateRefusal } from './state/fail-closed.js';
import { idempotently } from './state/idempotency.js';
import { checkManageToken, MANAGE_TOKEN_HEADER } from './tokens/manage-token.js';
import { checkQueueToken, QUEUE_TOKEN_HEADER } from './tokens/queue-token.js';
import { followCompanies } from './live/instance-news.js';
import { registerWatches } from './watches/register-watches.js';
import { type AnswerRewrite, browserResponse, rewriteShared } from './upstream/browser-response.js';

/**
 * Creates the credential-holding proxy: a web-standard handler that runs unchanged
 * on Node (see `cli.ts`), Deno and Cloudflare Workers. It forwards the requests a
 * public booking page needs (service contract §8) with the merchant's credentials added,
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
  followCompanies(proxy);
  const register = () => registerWatches(proxy, proxy.watches!);
  return async (request, context) => {
    const started = performance.now();
    const waitUntil = keepRunning(context);
    proxy.watches?.ensureRegistered(register, waitUntil);
    const trace: Trace = { route: '-' };
    let response: Response;
    let reason: RefusalReason | undefined;
    try {
      response = await handle(proxy, request, trace, waitUntil);
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
        ...(reason === RefusalReason.originNotAllowed ? { refusedOrigin: loggedOrigin(request.headers.get('Origin')) } : {}),
      });
    } catch {
      // A failing logger must not cost the visitor their booking.
    }
    return response;
  };
}

/** The platform's `waitUntil` when it has one, else fire-and-forget; either way a failure of the work is the work's own. */
function keepRunning(context: BookingProxyContext | object | undefined): (work: Promise<unknown>) => void {
  const platform =
    context && 'waitUntil' in context && typeof context.waitUntil === 'function' ? (context as BookingProxyContext) : undefined;
  return (work) => {
    const settled = work.catch(() => {});
    // Called on its object: a Worker's `ctx` passed as it is works as well as a bound `waitUntil`.
    platform?.waitUntil!(settled);
  };
}

/**
 * One pipeline for every route of the table (routes.ts), in this order, so that
 * what is refused costs as little as possible: the origin, the path, the query,
 * the headers; then for a write or a manage link the rate limit, for a manage
 * link its token, and a body's shape; then the route's own rules (rules/), the
 * one call to the service (upstream/exchange.ts), and its answer cleaned for
 * the browser. A booking goes to the service once per key.
 */
async function handle(
  proxy: ResolvedProxy,
  request: Request,
  trace: Trace,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  const preflight = corsGate(request, proxy.origins, proxy.manageBookings, proxy.walkInQueues);
  if (preflight) return preflight;

  const url = new URL(request.url);
  const path = pathSegments(url.pathname, proxy.basePath);
  const { route, family } = matchRoute(request.method, path, proxy.companies, url.searchParams);
  trace.route = family;
  // Visitor self-service (service contract §7a) is the merchant's choice: off, its routes are not served.
  if (route.manage && !proxy.manageBookings) throw forbidden(RefusalReason.pathNotAllowed);
  // So are walk-in lines (§16); the list of them is simply empty, so that a widget asking whether there is
  // one (its default) hears "none" rather than an error in the page's console.
  if (route.walkIn && !proxy.walkInQueues) {
    if (route.method !== 'GET' || route.queueToken) throw forbidden(RefusalReason.pathNotAllowed);
    return Response.json({ items: [] }, { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
  }
  if (!route.body && !route.delivery) refuseUnexpectedBody(request);
  const query = forwardedQuery(url.searchParams, route.query);
  if (route.dateRange) checkSlotRange(url.searchParams);
  const headers = forwardedHeaders(request, route.body !== undefined);
  const companyId = segmentAt(route, path, ':company');
  const appointmentId = route.manage ? segmentAt(route, path, ':id') : undefined;
  const registrationId = route.queueToken ? segmentAt(route, path, ':id') : undefined;

  // A place in a line is read every few seconds: its reads have their own limit (rules/queue-guard.ts), leaving counts as a write.
  if ((route.body && !route.ownRateLimit) || (route.manage && route.method !== 'GET') || (route.queueToken && route.method !== 'GET'))
    await rateLimit(proxy, request);
  else if (route.manage) await rateLimit(proxy, request, 'manage-read');
  if (route.manage) await checkManageToken(proxy.signer, request.headers.get(MANAGE_TOKEN_HEADER), companyId!, appointmentId!);
  if (route.queueToken)
    await checkQueueToken(proxy.signer, request.headers.get(QUEUE_TOKEN_HEADER), registrationId!, proxy.companies, proxy.now());
  const body = route.body ? await checkedJsonBody(request, route.body, proxy.maxBodyBytes, proxy.bodyTimeoutMs) : undefined;
  const checked = { route, path, query, params: url.searchParams, headers, companyId, appointmentId, registrationId, body, waitUntil };
  const proceed = () => guardAndForward(proxy, request, trace, checked);
  // A change of one booking at a time: the guard reads it, so a second change in flight would be checked against a stale time.
  if (route.manage && route.method !== 'GET') {
    return withAppointmentLock(
      proxy.state,
      companyId!,
      appointmentId!,
      CHANGE_STEPS * proxy.upstreamTimeoutMs + IN_FLIGHT_MARGIN_MS,
      proceed,
    );
  }
  if (route.method !== 'GET' || route.manage) return proceed();
  // A read: counted against the address's read budget, apart from the POST limit, and one of the few it may have in flight.
  const release = await readBudget(proxy, request, route.sharedAnswer === true);
  try {
    return await proceed();
  } finally {
    release();
  }
}

interface Checked {
  route: Route;
  path: readonly string[];
  query: string;
  /** The query as the browser sent it, for a guard that reads it (held times). */
  params: URLSearchParams;
  headers: Headers;
  companyId: string | undefined;
  appointmentId: string | undefined;
  registrationId: string | undefined;
  body: unknown;
  waitUntil: (work: Promise<unknown>) => void;
}

/** The route's own rules, the one call to the service, and its answer cleaned for the browser. */
async function guardAndForward(proxy: ResolvedProxy, request: Request, trace: Trace, checked: Checked): Promise<Response> {
  const { route, path, query, params, headers, companyId, appointmentId, registrationId, body, waitUntil } = checked;
  const clientAddress = proxy.clientAddress(request);
  const guarded: Forwarding | Response = route.guard
    ? await route.guard({
        proxy,
        path,
        companyId,
        appointmentId,
        registrationId,
        clientAddress,
        body,
        trace,
        request,
        query: params,
        waitUntil,
      })
    : { body };
  if (guarded instanceof Response) return guarded;

  // The service receives the canonical encoding of exactly the segments that were checked, and the proxy's serialisation of the checked body.
  const sent = guarded.body === undefined ? undefined : JSON.stringify(guarded.body);
  const exchange = (rewrite: AnswerRewrite | undefined) =>
    proxy.upstream.exchange(
      { method: route.method, path, query, headers, body: sent },
      (response, deadline) => browserResponse(response, deadline, rewrite),
      trace,
    );
  const forward = async () => {
    // Free slots are times, the same in every language: the path and query are the whole question. What is shared is
    // the service's answer; the route's rewrite (times held right now) runs on each visitor's copy.
    const answer = route.sharedAnswer
      ? await rewriteShared(await proxy.slotCache.answer(`${path.join('/')}${query}`, () => exchange(undefined)), guarded.rewrite)
      : await exchange(guarded.rewrite);
    const caching = cacheControl(route.catalog === true, answer.status, proxy.catalogCaching);
    answer.headers.set('Cache-Control', caching);
    // The service words names and descriptions in the visitor's language: a shared cache must keep each language apart.
    if (caching !== 'no-store') answer.headers.append('Vary', 'Accept-Language');
    await guarded.settled?.(answer);
    // A change of the company's appointments (a booking, a move, a cancellation), or the service's word that a time
    // was taken meanwhile (409, by phone or on another instance): its shared free times are stale, and the visitor
    // who is sent back to the day's times must not be shown the taken one again.
    if (route.method !== 'GET' && companyId && (answer.ok || answer.status === 409)) proxy.slotCache.forget(companyId);
    return answer;
  };
  if (!route.once || sent === undefined) return forward();
  // The answer kept for replays is the one the browser gets (its client token already signed in).
  // One booking whichever API version it names (§1 serves both): a key replayed on the other version is the same booking.
  const scope = path.filter((_, index) => route.template[index] !== ':version').join('/');
  const booking = { scope, key: headers.get('Idempotency-Key'), clientAddress: proxy.clientAddress(request), body: sent };
  return idempotently(proxy.state, booking, proxy.upstreamTimeoutMs + IN_FLIGHT_MARGIN_MS, forward);
}

/** An "in flight" record outlives its request's deadline by this much before another instance may take over. */
const IN_FLIGHT_MARGIN_MS = 1000;
/** Calls to the service a change may make under its lock, each within the upstream timeout: the company, the booking, the change. */
const CHANGE_STEPS = 3;
