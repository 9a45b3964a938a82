import { forbidden, RefusalReason } from './http/refusal.js';
import type { ObjectShape } from './http/shape.js';
import { APPOINTMENT_SHAPE, CLIENT_SHAPE, REGISTRATION_SHAPE } from './rules/body-shapes.js';
import { guardAppointment, guardClient } from './rules/booking-guard.js';
import type { Guard } from './rules/guard.js';
import { guardHold, guardRelease, HOLD_SHAPE, hideHeld, RELEASE_SHAPE } from './holds/hold-routes.js';
import { liveStream, liveChanges } from './live/live-route.js';
import { cancelBooking, moveBooking, readBooking } from './rules/manage-guard.js';
import { joinQueue, leaveQueue, listQueues, readRegistration } from './rules/queue-guard.js';
import { publicCompany, shownList, shownRecord } from './rules/shown-lists.js';
import { companyDelivered, notificationDelivered } from './watches/delivery-routes.js';
import { issueChallenge } from './rules/booking-challenge.js';

/**
 * The allowlist of service contract §8: what a public booking page needs, nothing more.
 * Listing appointments, reading or changing clients, and every write other than
 * the two POSTs stay out of reach of the browser, except one appointment read,
 * moved or cancelled with the manage token the proxy issued for it (§7a).
 * Every route goes through the same pipeline (create-booking-proxy.ts); what
 * differs is said here.
 */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path segments; `:version`, `:company` and `:id` are placeholders. */
  readonly template: readonly string[];
  /** Query parameters forwarded (service contract §5; §1 for `fields`); any other is refused. */
  readonly query: readonly string[];
  /** The fields a body may carry; a route with a body counts against the visitor's rate limit. */
  readonly body?: ObjectShape;
  /** The company's own records (company, lists, one record): the same for every visitor, and cacheable. */
  readonly catalog?: boolean;
  /** One appointment, reachable only with a manage token for it (service contract §7a), and only in manage mode. */
  readonly manage?: boolean;
  /** What the route's rules check and change on the way (rules/); without one, the request is forwarded as checked. */
  readonly guard?: Guard;
  /** Sent to the service at most once per idempotency key, whatever the service does with keys (a booking). */
  readonly once?: boolean;
  /** The company is named by this query parameter, which is then required (the forms list). */
  readonly companyQuery?: string;
  /** A walk-in line's route (service contract §16): served only when the merchant turned walk-in lines on. */
  readonly walkIn?: boolean;
  /** One registration, reachable only with the queue token the proxy issued for it (service contract §16). */
  readonly queueToken?: boolean;
  /** Answered by the proxy itself with a rate limit of its own (held times), not the POST limit of bookings. */
  readonly ownRateLimit?: boolean;
  /** Free slots: identical queries share one answer for a few seconds (upstream/slot-cache.ts). */
  readonly sharedAnswer?: boolean;
  /** Free slots over a range: `startDate` to `endDate`, no longer than the widget asks for (http/query.ts). */
  readonly dateRange?: boolean;
  /** A delivery of the service's watches (service contract §14): its guard checks the secret and reads the body, whatever its shape. */
  readonly delivery?: boolean;
}

export interface MatchedRoute {
  route: Route;
  /** The path with its company and ids replaced by placeholders: safe to log. */
  family: string;
}

/** Contract §1: every scheduling path is served under 2.0 and 2.1. */
const SCHEDULING_VERSIONS: readonly string[] = ['2.0', '2.1'];
/** Contract §11: forms are served under 2.3 and 2.0. */
const FORMS_VERSIONS: readonly string[] = ['2.0', '2.3'];

// Ids of services, staff and so on: what the service hands out, nothing that a
// decoder downstream could read as structure.
const ID_PATTERN = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}$/;

const FREE_SLOTS_QUERY = ['startDate', 'endDate', 'serviceId', 'resourceId', 'staffId', 'resourceCount', 'iterationCount', 'timeZone'];
const NEXT_SLOTS_QUERY = ['startDate', 'number', 'serviceId', 'resourceId', 'staffId', 'resourceCount', 'iterationCount', 'timeZone'];

/** Families a booking page lists, and may read one by one (a page pre-selecting a service, say). */
const READABLE_FAMILIES = ['services', 'resources', 'staff', 'staffGroups', 'resourceGroups'];

const COMPANY = '/api/:version/scheduling/companies/:company';
/** The proxy's own routes live beside the service's paths, never under them: no upstream path can be shadowed. */
const HOLDS = '/proxy/companies/:company/holds';

const route = (
  method: Route['method'],
  path: string,
  details: Omit<Route, 'method' | 'template' | 'query'> & { query?: readonly string[] } = {},
): Route => ({
  method,
  template: path.slice(1).split('/'),
  query: [],
  ...details,
});

export const ROUTES: readonly Route[] = [
  route('GET', COMPANY, { query: ['fields'], catalog: true, guard: publicCompany }),
  ...READABLE_FAMILIES.flatMap((family) => [
    route('GET', `${COMPANY}/${family}`, { catalog: true, guard: shownList(family) }),
    route('GET', `${COMPANY}/${family}/:id`, { catalog: true, guard: shownRecord(family) }),
  ]),
  route('GET', `${COMPANY}/widget/freeSlots`, { query: FREE_SLOTS_QUERY, dateRange: true, sharedAnswer: true, guard: hideHeld }),
  route('GET', `${COMPANY}/widget/nextSlots`, { query: NEXT_SLOTS_QUERY, sharedAnswer: true, guard: hideHeld }),
  // The forms that apply to one served company (§11): never the account's whole list.
  route('GET', '/api/:formsVersion/forms', { query: ['companyId'], catalog: true, companyQuery: 'companyId' }),
  route('POST', '/api/2.0/clients', { body: CLIENT_SHAPE, guard: guardClient }),
  route('POST', `${COMPANY}/appointments`, { body: APPOINTMENT_SHAPE, guard: guardAppointment, once: true }),
  // What a visitor's manage link allows: read, reschedule, cancel.
  route('GET', `${COMPANY}/appointments/:id`, { manage: true, guard: readBooking }),
  route('PUT', `${COMPANY}/appointments/:id`, { manage: true, body: APPOINTMENT_SHAPE, guard: moveBooking }),
  route('DELETE', `${COMPANY}/appointments/:id`, { manage: true, guard: cancelBooking }),
  // A walk-in line (§16): the served company's queues, joining one, and one's own place with its token.
  // Never the whole line (GET registrations) nor the staff's call of the next person (PUT registrations/next).
  route('GET', '/api/2.0/queues', { query: ['companyId'], companyQuery: 'companyId', walkIn: true, guard: listQueues }),
  route('POST', '/api/2.0/registrations', { body: REGISTRATION_SHAPE, walkIn: true, guard: joinQueue }),
  route('GET', '/api/2.0/registrations/:id', { walkIn: true, queueToken: true, guard: readRegistration }),
  route('DELETE', '/api/2.0/registrations/:id', { walkIn: true, queueToken: true, guard: leaveQueue }),
  // The proxy's own: a visitor's held time (holds/), never sent to the service.
  route('POST', HOLDS, { body: HOLD_SHAPE, guard: guardHold, ownRateLimit: true }),
  route('POST', `${HOLDS}/release`, { body: RELEASE_SHAPE, guard: guardRelease, ownRateLimit: true }),
  // A booking challenge to solve (rules/booking-challenge.ts): 204, nothing to solve, while the merchant has not turned them on.
  route('GET', '/proxy/challenge', { guard: issueChallenge }),
  // The page's one stream of what changes (live/): free times held, released, booked.
  route('GET', '/proxy/companies/:company/live', { guard: liveStream }),
  // Where that stream is cut: the company's version, polled (live/live-version.ts).
  route('GET', '/proxy/companies/:company/changes', { guard: liveChanges }),
  // The service's deliveries (watches/, service contract §14): the secret is the path's last segment, or a header.
  route('POST', '/proxy/companies/:company/hooks/notifications/:id', { delivery: true, guard: notificationDelivered }),
  route('POST', '/proxy/hooks/company/:id', { delivery: true, guard: companyDelivered }),
];

/** The segment a route's template has `placeholder` at (`:company`, `:id`), if it has one. */
export function segmentAt(route: Route, segments: readonly string[], placeholder: string): string | undefined {
  const index = route.template.indexOf(placeholder);
  return index < 0 ? undefined : segments[index];
}

/** `undefined` when the path is not this route's; otherwise whether it names a served company. */
function matchTemplate(
  template: readonly string[],
  segments: readonly string[],
  companies: ReadonlySet<string>,
): { companyServed: boolean } | undefined {
  if (template.length !== segments.length) return undefined;
  let companyServed = true;
  for (const [index, part] of template.entries()) {
    const segment = segments[index]!;
    if (part === ':version') {
      if (!SCHEDULING_VERSIONS.includes(segment)) return undefined;
    } else if (part === ':formsVersion') {
      if (!FORMS_VERSIONS.includes(segment)) return undefined;
    } else if (part === ':company') {
      companyServed = companies.has(segment);
    } else if (part === ':id') {
      if (!ID_PATTERN.test(segment)) return undefined;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return { companyServed };
}

/**
 * The route a request may take, or a 403 refusal. The refusal reasons differ only
 * in the log: the browser always gets the same FORBIDDEN answer.
 */
export function matchRoute(
  method: string,
  segments: readonly string[],
  companies: ReadonlySet<string>,
  query: URLSearchParams = new URLSearchParams(),
): MatchedRoute {
  let reason: RefusalReason = RefusalReason.pathNotAllowed;
  for (const candidate of ROUTES) {
    const match = matchTemplate(candidate.template, segments, companies);
    if (!match) continue;
    if (candidate.companyQuery) match.companyServed = companies.has(query.get(candidate.companyQuery) ?? '');
    if (!match.companyServed) {
      reason = RefusalReason.companyNotServed;
      continue;
    }
    if (candidate.method !== method) {
      if (reason === RefusalReason.pathNotAllowed) reason = RefusalReason.methodNotAllowed;
      continue;
    }
    const version = segments[1]!;
    const family = '/' + candidate.template.map((part) => (part === ':version' || part === ':formsVersion' ? version : part)).join('/');
    return { route: candidate, family };
  }
  throw forbidden(reason);
}
