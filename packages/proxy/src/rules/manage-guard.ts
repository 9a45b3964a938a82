import { isTimeZone } from 'booking-widget-shared/zone';
import type { Company, DateTimeInZone } from 'booking-widget-shared/types';
import { earliestNewStart, lockedFor, selfServiceRules } from 'booking-widget-shared/manage-rules';
import { checkAppointmentTimes } from './appointment-times.js';
import { APPOINTMENT_SHAPE } from './body-shapes.js';
import { bookingLimits } from './booking-settings.js';
import { browserResponse } from '../upstream/browser-response.js';
import { catalogUnavailable } from '../upstream/catalog.js';
import { startDeadline } from '../upstream/deadline.js';
import { forwardedHeaders } from '../http/forwarded-headers.js';
import type { BookingProxyLogEntry } from '../options.js';
import { forgetStart, knownStart, rememberStart } from './known-start.js';
import { checkManageToken, MANAGE_TOKEN_GRACE_MS, MANAGE_TOKEN_HEADER } from '../tokens/manage-token.js';
import { forbidden, Refusal, RefusalReason } from '../http/refusal.js';
import { checkedJsonBody } from '../http/request-body.js';
import type { ResolvedProxy } from '../resolve-options.js';
import type { Route } from '../routes.js';
import { callUpstream, upstreamFailure } from '../upstream/exchange.js';
import { visitorView } from './visitor-view.js';
import { instantOf } from 'booking-widget-shared/wire-time';
import { rateLimit } from './visitor-rate-limit.js';
import { isRecord } from 'booking-widget-shared/is-record';

type Trace = Pick<BookingProxyLogEntry, 'route' | 'upstreamStatus'>;

const notAllowed = (message: string, field?: string): Refusal =>
  new Refusal(403, 'FORBIDDEN', message, RefusalReason.manageNotAllowed, field);

/**
 * One appointment read, moved or cancelled by the visitor who booked it (contract
 * §7a). In this order, so that whatever is refused costs the service nothing:
 * rate limit, manage token, body (only `start` and `end`), the merchant's rules,
 * the new time against the notice, the booking's start against the notice when this
 * proxy booked or moved it (known-start.ts); then the proxy reads the appointment
 * (the service is the authority on its current time: a token outlives a reschedule),
 * checks that time against the notice window, checks the new time's length and
 * booking window, and sends the change.
 */
export async function manageAppointment(
  proxy: ResolvedProxy,
  request: Request,
  route: Route,
  segments: readonly string[],
  trace: Trace,
): Promise<Response> {
  if (!proxy.manageBookings) throw forbidden(RefusalReason.pathNotAllowed);
  await rateLimit(proxy, request);
  const companyId = segments[route.template.indexOf(':company')]!;
  const appointmentId = segments.at(-1)!;
  await checkManageToken(proxy.signer, request.headers.get(MANAGE_TOKEN_HEADER), companyId, appointmentId, proxy.now());

  const url = `${proxy.upstreamBase}/${segments.map(encodeURIComponent).join('/')}`;
  const headers = forwardedHeaders(request, route.method === 'PUT');
  const send = async (method: string, body?: string): Promise<Response> => {
    const deadline = startDeadline(proxy.upstreamTimeoutMs);
    try {
      const upstream = await callUpstream({ url, method, headers, body }, proxy.credentials, proxy.fetch, deadline);
      trace.upstreamStatus = upstream.status;
      const answer = await browserResponse(upstream, deadline, (value, status) =>
        status >= 200 && status < 300 ? visitorView(value) : value,
      );
      answer.headers.set('Cache-Control', 'no-store');
      return answer;
    } catch (error) {
      throw upstreamFailure(error);
    } finally {
      deadline.clear();
    }
  };
  if (route.method === 'GET') return send('GET');

  let times: { start?: Partial<DateTimeInZone>; end?: Partial<DateTimeInZone> } | undefined;
  if (route.method === 'PUT') {
    const body = (await checkedJsonBody(request, APPOINTMENT_SHAPE, proxy.maxBodyBytes, proxy.bodyTimeoutMs)) as Record<string, unknown>;
    const other = Object.keys(body).find((key) => key !== 'start' && key !== 'end');
    if (other !== undefined) throw notAllowed('A booking can only be moved to another time: send start and end, nothing else.', other);
    times = body as typeof times;
  }
  const company = await proxy.catalog.company(companyId);
  if (!isTimeZone(company.timeZone)) throw catalogUnavailable();
  // Read as the page reads them (src/booking/manage-rules.ts), so the page never offers what the proxy refuses; a bad value is the page's to warn of.
  const rules = selfServiceRules(company, () => {});
  if (times ? !rules.allowReschedule : !rules.allowCancel) {
    throw notAllowed(times ? 'This company does not let visitors reschedule online.' : 'This company does not let visitors cancel online.');
  }

  // The new time is held to the same notice: a move may not create a booking that could not be moved again (no call needed).
  const newStartMs = times ? instantOf(times.start, company.timeZone) : undefined;
  if (newStartMs !== undefined && newStartMs < earliestNewStart(proxy.now(), rules)) {
    throw notAllowed('The new time is too close to be booked by a change online; contact the company.', 'start.dateTime');
  }
  // A booking that has started can no longer change; nor one closer to its start than the notice (the widget's own rule).
  const checkNotice = (startMs: number) => {
    if (lockedFor(times ? 'reschedule' : 'cancel', startMs, proxy.now(), rules)) {
      throw notAllowed('This booking is too close to its start (or past) to be changed online; contact the company.', 'start.dateTime');
    }
  };
  // A booking this proxy made or moved: its start is known, so a change too late costs the service nothing (known-start.ts).
  const known = await knownStart(proxy, companyId, appointmentId);
  if (known !== undefined) checkNotice(known);
  const current = await readCurrent(proxy, url, company, trace);
  if (current instanceof Response) return current;
  checkNotice(current.startMs);
  if (!times) {
    const cancelled = await send('DELETE');
    if (cancelled.ok) await forgetStart(proxy, companyId, appointmentId);
    return cancelled;
  }
  checkAppointmentTimes(
    times.start,
    times.end,
    company.timeZone,
    (current.endMs - current.startMs) / 60_000,
    bookingLimits(company),
    proxy.now(),
  );
  // The appointment as the service has it, only the times replaced: nothing else can be switched.
  const moved = await send('PUT', JSON.stringify({ ...current.record, start: times.start, end: times.end }));
  if (moved.ok && newStartMs !== undefined) {
    await rememberStart(
      proxy,
      companyId,
      appointmentId,
      newStartMs,
      newStartMs + (current.endMs - current.startMs) + MANAGE_TOKEN_GRACE_MS,
    );
  }
  return moved;
}

/** The whole appointment, as the service has it (the visitor's view has fewer fields), with its times as instants. */
async function readCurrent(
  proxy: ResolvedProxy,
  url: string,
  company: Company,
  trace: Trace,
): Promise<{ record: Record<string, unknown>; startMs: number; endMs: number } | Response> {
  const deadline = startDeadline(proxy.upstreamTimeoutMs);
  let record: unknown;
  try {
    const response = await callUpstream(
      { url, method: 'GET', headers: new Headers({ Accept: 'application/json' }) },
      proxy.credentials,
      proxy.fetch,
      deadline,
    );
    trace.upstreamStatus = response.status;
    // Gone (cancelled before) or refused: the browser hears what the service said.
    if (!response.ok) return await browserResponse(response, deadline);
    record = await deadline.race(response.json());
  } catch (error) {
    throw upstreamFailure(error);
  } finally {
    deadline.clear();
  }
  const startMs = isRecord(record) ? instantOf(record.start, company.timeZone) : undefined;
  const endMs = isRecord(record) ? instantOf(record.end, company.timeZone) : undefined;
  if (!isRecord(record) || startMs === undefined || endMs === undefined) {
    throw new Refusal(502, 'UNAVAILABLE', 'The booking proxy could not read this booking.', RefusalReason.upstreamUnreadable);
  }
  return { record, startMs, endMs };
}
