import { APPOINTMENT_SHAPE, CLIENT_SHAPE } from './rules/body-shapes.js';
import { forbidden, RefusalReason } from './http/refusal.js';
import type { ObjectShape } from './http/shape.js';

/**
 * The allowlist of contract §8: what a public booking page needs, nothing more.
 * Listing appointments, reading or changing clients, and every write other than
 * the two POSTs stay out of reach of the browser, except one appointment read,
 * moved or cancelled with the manage token the proxy issued for it (§7a).
 */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path segments; `:version`, `:company` and `:id` are placeholders. */
  readonly template: readonly string[];
  /** Query parameters forwarded (contract §5; §1 for `fields`); any other is refused. */
  readonly query: readonly string[];
  /** The fields a POST body may carry. */
  readonly body?: ObjectShape;
  /** The company's own records (company, lists, one record): the same for every visitor, and cacheable. */
  readonly catalog?: boolean;
  /** One appointment, reachable only with a manage token for it (contract §7a, manage-guard.ts). */
  readonly manage?: boolean;

  /** The company is named by this query parameter, which is then required (the forms list). */
  readonly companyQuery?: string;
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

/** Read, reschedule, cancel: what a visitor's manage link allows. */
const MANAGE_METHODS = ['GET', 'PUT', 'DELETE'] as const;

const route = (method: Route['method'], path: string, query: readonly string[] = [], body?: ObjectShape, catalog = false): Route => ({
  method,
  template: path.slice(1).split('/'),
  query,
  body,
  catalog,
});

export const ROUTES: readonly Route[] = [
  route('GET', COMPANY, ['fields'], undefined, true),
  ...READABLE_FAMILIES.flatMap((family) => [
    route('GET', `${COMPANY}/${family}`, [], undefined, true),
    route('GET', `${COMPANY}/${family}/:id`, [], undefined, true),
  ]),
  route('GET', `${COMPANY}/widget/freeSlots`, FREE_SLOTS_QUERY),
  route('GET', `${COMPANY}/widget/nextSlots`, NEXT_SLOTS_QUERY),
  // The forms that apply to one served company (§11): never the account's whole list.
  { ...route('GET', '/api/:formsVersion/forms', ['companyId'], undefined, true), companyQuery: 'companyId' },
  route('POST', '/api/2.0/clients', [], CLIENT_SHAPE),
  route('POST', `${COMPANY}/appointments`, [], APPOINTMENT_SHAPE),
  ...MANAGE_METHODS.map((method): Route => ({ ...route(method, `${COMPANY}/appointments/:id`), manage: true })),
];

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
