/**
 * One appointment read, moved or cancelled by the visitor who booked it (contract
 * §7a). The pipeline has already checked, in this order, so that whatever is
 * refused costs the service nothing: manage mode, the rate limit, the manage
 * token, the body's shape. Here: only `start` and `end` in a move, the merchant's
 * rules, the new time against the notice, the booking's start against the notice
 * when this proxy booked or moved it (known-start.ts); then the proxy reads the
 * appointment (the service is the authority on its current time: a token
 * outlives a reschedule), checks that time against the notice window, checks the
 * new time's length and booking window, that no other visitor holds it (as for a
 * new booking, holds/hold-routes.ts), and sends the change.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import { earliestNewStart, lockedFor, selfServiceRules } from 'booking-widget-shared/manage-rules';
import type { AppointmentInput, Company, DateTimeInZone } from 'booking-widget-shared/types';
import { instantOf } from 'booking-widget-shared/wire-time';
import { isTimeZone } from 'booking-widget-shared/zone';
import { bookingWithHolds, HOLD_TOKEN_HEADER } from '../holds/hold-routes.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { ResolvedProxy } from '../resolve-options.js';
import { checkLinkLife, MANAGE_TOKEN_GRACE_MS } from '../tokens/manage-token.js';
import { browserResponse, type AnswerRewrite } from '../upstream/browser-response.js';
import { catalogUnavailable } from '../upstream/catalog.js';
import { bookedLength } from './appointment-subject.js';
import { checkAppointmentTimes } from './appointment-times.js';
import { bookingLimits } from './booking-settings.js';
import type { Guard, GuardedRequest } from './guard.js';
import { forgetStart, knownStart, rememberStart } from './known-start.js';
import { visitorView } from './visitor-view.js';

type Times = { start?: Partial<DateTimeInZone>; end?: Partial<DateTimeInZone> };

/** The appointment as the service has it, with its times as instants. */
interface Current {
  record: Record<string, unknown>;
  startMs: number;
  endMs: number;
}

const unreadable = (): Refusal =>
  new Refusal(502, 'UNAVAILABLE', 'The booking proxy could not read this booking.', RefusalReason.upstreamUnreadable);

const notAllowed = (message: string, field?: string): Refusal =>
  new Refusal(403, 'FORBIDDEN', message, RefusalReason.manageNotAllowed, field);

/** What a manage link shows of a booking: the visitor's view of a success, the service's own words for a failure. */
const visitorOnly: AnswerRewrite = (value, status) => (status >= 200 && status < 300 ? visitorView(value) : value);

/** GET: the booking, as its link may show it, while the link lives (manage-token.ts). */
export const readBooking: Guard = async ({ proxy, companyId }) => {
  const company = await proxy.catalog.company(companyId!);
  if (!isTimeZone(company.timeZone)) throw catalogUnavailable();
  return {
    rewrite: (value, status) => {
      if (status < 200 || status >= 300) return value;
      const endMs = isRecord(value) ? instantOf(value.end, company.timeZone, instantOf(value.start, company.timeZone)) : undefined;
      if (endMs === undefined) throw unreadable();
      checkLinkLife(endMs, proxy.now());
      return visitorView(value);
    },
  };
};

/** PUT: the booking moved to another time, and nothing else about it changed. */
export const moveBooking: Guard = async (request) => {
  const { proxy, companyId, appointmentId, body } = request;
  const other = Object.keys(body as Record<string, unknown>).find((key) => key !== 'start' && key !== 'end');
  if (other !== undefined) throw notAllowed('A booking can only be moved to another time: send start and end, nothing else.', other);
  const times = body as Times;
  const checked = await checkChange(request, times);
  if (checked instanceof Response) return checked;
  const { company, current, newStartMs } = checked;
  const lengthMs = current.endMs - current.startMs;
  checkAppointmentTimes(times.start, times.end, company.timeZone, lengthMs / 60_000, bookingLimits(company), proxy.now());
  // The appointment as the service has it, only the times replaced: nothing else can be switched.
  const moved = { ...current.record, start: times.start, end: times.end };
  // A time someone else holds is refused as a new booking of it is (409, nothing written).
  const held = await bookingWithHolds(proxy, companyId!, heldSubject(moved), request.request.headers.get(HOLD_TOKEN_HEADER));
  return {
    body: moved,
    rewrite: visitorOnly,
    settled: async (answer) => {
      await held.settled?.(answer);
      if (!answer.ok || newStartMs === undefined) return;
      await rememberStart(proxy, companyId!, appointmentId!, newStartMs, newStartMs + lengthMs + MANAGE_TOKEN_GRACE_MS);
    },
  };
};

/** What a booking holds, as the hold rules read it: the record's ids as strings (a service may send numbers), its counts, the new times. */
function heldSubject(record: Record<string, unknown>): Partial<AppointmentInput> {
  const id = (value: unknown) => (isRecord(value) && value.id != null ? { id: String(value.id) } : undefined);
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    service: id(record.service),
    staff: id(record.staff),
    resource: id(record.resource),
    resourceCount: count(record.resourceCount),
    iterationCount: count(record.iterationCount),
    start: record.start as DateTimeInZone,
    end: record.end as DateTimeInZone,
  };
}

/** DELETE: the booking cancelled. */
export const cancelBooking: Guard = async (request) => {
  const { proxy, companyId, appointmentId } = request;
  const checked = await checkChange(request, undefined);
  if (checked instanceof Response) return checked;
  return {
    rewrite: visitorOnly,
    settled: async (answer) => {
      if (answer.ok) await forgetStart(proxy, companyId!, appointmentId!);
    },
  };
};

/** A move (`times` given) or a cancellation the merchant allows, not too late: the booking as it stands, or the service's refusal to read it. */
async function checkChange(
  { proxy, path, companyId, appointmentId, trace }: GuardedRequest,
  times: Times | undefined,
): Promise<{ company: Company; current: Current; newStartMs: number | undefined } | Response> {
  const company = await proxy.catalog.company(companyId!);
  if (!isTimeZone(company.timeZone)) throw catalogUnavailable();
  // Read as the page reads them (booking-widget-shared/manage-rules), so the page never offers what the proxy refuses; a bad value is the page's to warn of.
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
  const known = await knownStart(proxy, companyId!, appointmentId!);
  if (known !== undefined) checkNotice(known);
  const current = await readCurrent(proxy, path, companyId!, company, trace);
  if (current instanceof Response) return current;
  checkLinkLife(current.endMs, proxy.now());
  checkNotice(current.startMs);
  return { company, current, newStartMs };
}

/** The whole appointment, as the service has it (the visitor's view has fewer fields), with its times as instants. */
async function readCurrent(
  proxy: ResolvedProxy,
  path: readonly string[],
  companyId: string,
  company: Company,
  trace: GuardedRequest['trace'],
): Promise<Current | Response> {
  const read = await proxy.upstream.exchange(
    { method: 'GET', path, headers: new Headers({ Accept: 'application/json' }) },
    // Gone (cancelled before) or refused: the browser hears what the service said.
    async (response, deadline) =>
      response.ok ? { value: (await deadline.race(response.json())) as unknown } : browserResponse(response, deadline),
    trace,
  );
  if (read instanceof Response) return read;
  const record = read.value;
  if (!isRecord(record)) throw unreadable();
  const startMs = instantOf(record.start, company.timeZone);
  // The end as the instant its length after the start: one in the hour repeated when clocks go back reads as an earlier one.
  const length = await bookedLength(record, company.scheduledItems, companyId, proxy.catalog);
  const endMs = instantOf(record.end, company.timeZone, startMs, length);
  if (startMs === undefined || endMs === undefined) throw unreadable();
  return { record, startMs, endMs };
}
