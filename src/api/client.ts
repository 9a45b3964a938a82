/**
 * `createSchedulingClient`: the one way the widget, and any booking UI built on
 * this package, talks to the scheduling service or to a merchant's proxy.
 */
import { type AccessTokenSource, type PartnerCredentials, createAuthenticate } from './credentials.js';
import { SchedulingError } from './errors.js';
import { paths } from './paths.js';
import type { Form } from 'booking-widget-shared/form-types';
import type { RetryPolicy } from './retry.js';
import { sharedRead } from './shared-reads.js';
import { type SlotSubject, assertSubject, subjectQuery } from './subject.js';
import { type QueryValue, createTransport } from './transport.js';
import type {
  Appointment,
  AppointmentInput,
  Client,
  ClientInput,
  Company,
  ListResponse,
  Resource,
  ResourceGroup,
  Service,
  SlotsResponse,
  Staff,
  StaffGroup,
} from 'booking-widget-shared/types';

export interface SchedulingClientOptions {
  /**
   * The merchant's booking proxy, or the service itself, path prefix included.
   * Relative URLs resolve against the page.
   * @example 'https://salon.example/booking-api'
   */
  apiBase: string;
  /**
   * An OAuth access token a signed-in user already holds, or a function that
   * returns the current one. Without it (and without `partner`) no credentials
   * are sent at all: the proxy mode, and the default.
   * @example () => auth.getAccessToken()
   */
  accessToken?: AccessTokenSource;
  /**
   * Partner credentials, for Node scripts and proxies only: refused in a browser.
   * @example { apiKey: process.env.API_KEY, token: process.env.API_TOKEN }
   */
  partner?: PartnerCredentials;
  /**
   * A `fetch` to use instead of the global one (custom transports, tests).
   * @example (input, init) => myInstrumentedFetch(input, init)
   */
  fetch?: typeof fetch;
  /**
   * Extra headers sent with every request.
   * @example { 'X-Booking-Source': 'landing-page' }
   */
  headers?: Record<string, string>;
  /**
   * Milliseconds to wait for each attempt before giving up on it. Default 15000.
   * @example 8000
   */
  timeoutMs?: number;
  /**
   * Retries of reads (and of writes that carry an idempotency key) on network
   * errors, timeouts, 429 and 5xx. Default `{ retries: 2, baseDelayMs: 300, maxDelayMs: 5000 }`.
   * @example { retries: 0 }
   */
  retry?: Partial<RetryPolicy>;
  /**
   * How long company, services, staff, resources and groups are reused, shared by
   * every client with the same `apiBase` on the page. Default 60000. `0` still
   * shares identical requests in flight.
   * @example 0
   */
  cacheTtlMs?: number;
}

export interface CallOptions {
  /** Abandons the call: its promise rejects with a `SchedulingError` whose `errorCode` is `ABORTED`. */
  signal?: AbortSignal | undefined;
}

export interface WriteOptions extends CallOptions {
  /**
   * Makes the write safe to retry: a repeat with the same key and body returns the
   * first result instead of acting twice. With it, failed writes are retried like reads.
   */
  idempotencyKey?: string | undefined;
  /** A booking proxy's hold of the time (docs/proxy.md, "Held times"): the holder may book it. */
  holdToken?: string | undefined;
  /** A booking proxy's solved challenge (docs/proxy.md, "Bots: the booking challenge"): the proxy books only with one, when it asks. */
  altcha?: string | undefined;
}

export interface CompanyOptions extends CallOptions {
  /** Only these top-level fields. */
  fields?: readonly string[];
}

export type FreeSlotsQuery = SlotSubject & {
  /** First day, `yyyy-MM-dd`, in `timeZone`. */
  startDate: string;
  /** Last day, included. At most 62 days after `startDate`. */
  endDate: string;
  /** The zone of the dates and of the slots; default the company's. */
  timeZone?: string | undefined;
};

export type NextSlotsQuery = SlotSubject & {
  startDate: string;
  /** How many free slots, 1 to 20. Default 1. */
  number?: number;
  timeZone?: string | undefined;
};

export interface SchedulingClient {
  getCompany(companyId: string, options?: CompanyOptions): Promise<Company>;
  listServices(companyId: string, options?: CallOptions): Promise<Service[]>;
  listStaff(companyId: string, options?: CallOptions): Promise<Staff[]>;
  listResources(companyId: string, options?: CallOptions): Promise<Resource[]>;
  listStaffGroups(companyId: string, options?: CallOptions): Promise<StaffGroup[]>;
  listResourceGroups(companyId: string, options?: CallOptions): Promise<ResourceGroup[]>;
  /** Free start times per day (service contract §5); see `slotInstants` to turn them into instants. */
  getFreeSlots(companyId: string, query: FreeSlotsQuery, options?: CallOptions): Promise<SlotsResponse>;
  /** The first `number` free slots from `startDate` on. */
  getNextSlots(companyId: string, query: NextSlotsQuery, options?: CallOptions): Promise<SlotsResponse>;
  /** The forms of intake questions that apply somewhere in the company (service contract §11). */
  listForms(companyId: string, options?: CallOptions): Promise<Form[]>;
  insertClient(client: ClientInput, options?: WriteOptions): Promise<Client>;
  insertAppointment(companyId: string, appointment: AppointmentInput, options?: WriteOptions): Promise<Appointment>;
}

const DEFAULT_CACHE_TTL_MS = 60_000;

let privateScopes = 0;

/**
 * @example
 * // In a page, through the merchant's proxy (no credentials in the browser):
 * const api = createSchedulingClient({ apiBase: '/booking-api' });
 * const company = await api.getCompany('demo-salon');
 */
export function createSchedulingClient(options: SchedulingClientOptions): SchedulingClient {
  const authenticate = createAuthenticate(options);
  const transport = createTransport({ ...options, authenticate });
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  // Anonymous (proxy) reads are the same for everyone on the page; authenticated
  // ones are only shared within this client, since another may see other data.
  const scope = options.accessToken === undefined && options.partner === undefined ? 'public' : `private-${++privateScopes}`;

  function read<T>(path: string, query: Record<string, QueryValue>, ttlMs: number, signal?: AbortSignal): Promise<T> {
    const url = transport.url(path, query);
    return sharedRead(`${scope} ${url}`, (shared) => transport.send<T>({ method: 'GET', path, query, signal: shared }), {
      ttlMs,
      signal,
    });
  }

  async function list<T>(path: string, signal?: AbortSignal): Promise<T[]> {
    const body = await read<ListResponse<T>>(path, {}, cacheTtlMs, signal);
    if (!body || !Array.isArray(body.items)) throw invalidResponse(path, 'a list without "items"');
    return body.items;
  }

  /** Free-slot answers are never cached (they change as people book), only shared while in flight. */
  async function slots(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<SlotsResponse> {
    const body = await read<SlotsResponse>(path, query, 0, signal);
    if (!body || !Array.isArray(body.items)) throw invalidResponse(path, 'no "items" list');
    return body;
  }

  function slotQuery(query: FreeSlotsQuery | NextSlotsQuery): Record<string, QueryValue> {
    assertSubject(query, 'Slot queries need');
    return { startDate: query.startDate, ...subjectQuery(query), timeZone: query.timeZone };
  }

  return {
    getCompany(companyId, { fields, signal } = {}) {
      return read<Company>(paths.company(companyId), { fields: fields?.join(',') }, cacheTtlMs, signal);
    },
    listServices: (companyId, { signal } = {}) => list<Service>(paths.services(companyId), signal),
    listStaff: (companyId, { signal } = {}) => list<Staff>(paths.staff(companyId), signal),
    listResources: (companyId, { signal } = {}) => list<Resource>(paths.resources(companyId), signal),
    listStaffGroups: (companyId, { signal } = {}) => list<StaffGroup>(paths.staffGroups(companyId), signal),
    listResourceGroups: (companyId, { signal } = {}) => list<ResourceGroup>(paths.resourceGroups(companyId), signal),

    getFreeSlots: (companyId, query, { signal } = {}) =>
      slots(paths.freeSlots(companyId), { ...slotQuery(query), endDate: query.endDate }, signal),

    getNextSlots: (companyId, query, { signal } = {}) =>
      slots(paths.nextSlots(companyId), { ...slotQuery(query), number: query.number }, signal),

    async listForms(companyId, { signal } = {}) {
      const body = await read<ListResponse<Form>>(paths.forms(), { companyId }, cacheTtlMs, signal);
      if (!body || !Array.isArray(body.items)) throw invalidResponse(paths.forms(), 'a list without "items"');
      return body.items;
    },

    // The write options are the request's own (signal, idempotency key, hold token, solved challenge): passed on whole.
    insertClient: (client, options) => transport.send<Client>({ method: 'POST', path: paths.clients(), body: client, ...options }),

    insertAppointment: (companyId, appointment, options) =>
      transport.send<Appointment>({ method: 'POST', path: paths.appointments(companyId), body: appointment, ...options }),
  };
}

function invalidResponse(path: string, what: string): SchedulingError {
  return new SchedulingError({
    status: 200,
    errorCode: 'INVALID_RESPONSE',
    message: `Unexpected answer from ${path}: ${what}.`,
    retryable: false,
  });
}
