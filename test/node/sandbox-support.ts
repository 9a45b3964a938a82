/** Shared by the sandbox-*.test.ts suites: a client for the handler and exact error checks. */
import assert from 'node:assert/strict';
import { createSandbox, SANDBOX_CREDENTIALS, type SandboxOptions } from '../../packages/sandbox/src/index.js';

/** Wednesday 2026-03-04: 10:00 in US/Eastern, 16:00 in Paris, Thursday 04:00 in Auckland. */
export const NOW = '2026-03-04T15:00:00Z';

export const PARTNER = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };

export const SALON = '/api/2.1/scheduling/companies/demo-salon';
export const COURTS = '/api/2.1/scheduling/companies/demo-courts';
export const CLINIC = '/api/2.1/scheduling/companies/demo-clinic';
export const CLIENTS = '/api/2.0/clients';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // Tests read wire JSON of many shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Send {
  body?: unknown;
  /** Sent as is, not as JSON. */
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** Leave the partner credentials out. */
  anonymous?: boolean;
}

export class SandboxClient {
  constructor(readonly handler: (request: Request) => Promise<Response>) {}

  async request(method: string, path: string, send: Send = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...(send.anonymous ? {} : PARTNER), ...send.headers };
    let body = send.raw;
    if (send.body !== undefined) {
      body = JSON.stringify(send.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.handler(new Request(`http://sandbox.test${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  get(path: string, send?: Send): Promise<Reply> {
    return this.request('GET', path, send);
  }

  post(path: string, body: unknown, send: Send = {}): Promise<Reply> {
    return this.request('POST', path, { ...send, body });
  }

  put(path: string, body: unknown, send: Send = {}): Promise<Reply> {
    return this.request('PUT', path, { ...send, body });
  }

  delete(path: string, send?: Send): Promise<Reply> {
    return this.request('DELETE', path, send);
  }

  /** Inserts and returns the record, failing the test on anything but 200. */
  async create(path: string, body: unknown): Promise<{ id: string } & Record<string, unknown>> {
    const reply = await this.post(path, body);
    assert.equal(reply.status, 200, `POST ${path}: ${reply.text}`);
    return reply.body;
  }
}

export function sandbox(options: SandboxOptions = {}): SandboxClient {
  return new SandboxClient(createSandbox({ now: NOW, ...options }));
}

/** A clock a test moves by hand. */
export function manualClock(start = NOW): { now: () => Date; advance(ms: number): void; set(iso: string): void } {
  let ms = Date.parse(start);
  return {
    now: () => new Date(ms),
    advance: (by) => void (ms += by),
    set: (iso) => void (ms = Date.parse(iso)),
  };
}

/** The reply is the contract's §9 error with exactly this status, code and field (or none). */
export function assertError(reply: Reply, status: number, errorCode: string, field?: string): void {
  assert.equal(reply.status, status, `expected ${status} ${errorCode}, got ${reply.status}: ${reply.text}`);
  assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
  const { error } = reply.body as { error: Record<string, unknown> };
  assert.deepEqual(
    Object.keys(error).sort(),
    field === undefined ? ['code', 'errorCode', 'message'] : ['code', 'errorCode', 'field', 'message'],
  );
  assert.equal(error.code, status);
  assert.equal(error.errorCode, errorCode);
  assert.equal(typeof error.message, 'string');
  assert.notEqual(error.message, '', 'the message says what is wrong');
  assert.equal(error.field, field);
}

/** Query string from a record, skipping undefined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** `{ day: ['HH:mm', …] }` from a slots response, for compact exact assertions. */
export function slotTimes(reply: Reply): Record<string, string[]> {
  assert.equal(reply.status, 200, reply.text);
  const days: Record<string, string[]> = {};
  for (const item of reply.body.items as { day: string; slots: string[] }[]) {
    days[item.day] = item.slots.map((slot) => {
      assert.ok(slot.startsWith(`${item.day}T`), `slot ${slot} filed under ${item.day}`);
      return slot.slice(11, 16);
    });
  }
  return days;
}

/** Times every `minutes` from `from` to `to`, both included: `every(30, '09:00', '10:00')` → 09:00, 09:30, 10:00. */
export function every(minutes: number, from: string, to: string): string[] {
  const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
  const times: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += minutes) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

/** A test company created through the API, with a service or resource and the paths to use them. */
export interface TestCompany {
  path: string;
  id: string;
}

export async function createCompany(client: SandboxClient, body: Record<string, unknown>): Promise<TestCompany> {
  const company = await client.create('/api/2.1/scheduling/companies', { name: 'Test company', ...body });
  return { id: company.id, path: `/api/2.1/scheduling/companies/${company.id}` };
}

/** The same periods on each of `days`, in the wire shape. */
export function weekHours(days: string[], ...periods: [string, string][]): unknown[] {
  return days.map((day) => ({ day, hours: periods.map(([start, end]) => ({ start, end })) }));
}

export async function createClient(client: SandboxClient): Promise<string> {
  return (await client.create(CLIENTS, { firstName: 'Test', lastName: 'Client' })).id;
}

/** A company in service mode built through the API: its staff (created in order) all perform one service. */
export interface ServiceSetup {
  timeZone?: string;
  workingHours?: unknown[];
  slotInterval?: number;
  minimumNoticeMinutes?: number;
  vacations?: unknown[];
  duration: number;
  bufferDuration?: number;
  /** Extra fields of each staff member (workingHours, vacations…); one staff member by default. */
  staff?: Record<string, unknown>[];
}

export interface ServiceCompany extends TestCompany {
  serviceId: string;
  staffIds: string[];
}

export async function serviceCompany(client: SandboxClient, setup: ServiceSetup): Promise<ServiceCompany> {
  const { duration, bufferDuration, staff = [{}], ...settings } = setup;
  const company = await createCompany(client, { timeZone: 'Europe/Paris', scheduledItems: 'service-staff', ...settings });
  const staffIds: string[] = [];
  for (const [index, fields] of staff.entries()) {
    staffIds.push((await client.create(`${company.path}/staff`, { firstName: `Staff`, lastName: `${index + 1}`, ...fields })).id);
  }
  const service = await client.create(`${company.path}/services`, {
    name: 'Test service',
    duration,
    bufferDuration,
    staff: staffIds.map((id) => ({ id })),
  });
  return { ...company, serviceId: service.id, staffIds };
}

/** A company in resource mode with one resource. */
export async function resourceCompany(
  client: SandboxClient,
  setup: { timeZone?: string; workingHours?: unknown[]; slotInterval?: number; duration: number; count: number },
): Promise<TestCompany & { resourceId: string }> {
  const { duration, count, ...settings } = setup;
  const company = await createCompany(client, { timeZone: 'Europe/Paris', scheduledItems: 'resource', ...settings });
  const resource = await client.create(`${company.path}/resources`, { name: 'Court', duration, count });
  return { ...company, resourceId: resource.id };
}

export interface Booking {
  clientId: string;
  serviceId?: string;
  resourceId?: string;
  staffId?: string;
  /** `yyyy-MM-ddTHH:mm:ss` */
  start: string;
  end: string;
  timeZone?: string;
  resourceCount?: number;
  iterationCount?: number;
}

/** The body of an appointment insert. */
export function appointmentBody(booking: Booking): Record<string, unknown> {
  const at = (dateTime: string) => (booking.timeZone ? { dateTime, timeZone: booking.timeZone } : { dateTime });
  return {
    client: { id: booking.clientId },
    ...(booking.serviceId && { service: { id: booking.serviceId } }),
    ...(booking.resourceId && { resource: { id: booking.resourceId } }),
    ...(booking.staffId && { staff: { id: booking.staffId } }),
    start: at(booking.start),
    end: at(booking.end),
    ...(booking.resourceCount && { resourceCount: booking.resourceCount }),
    ...(booking.iterationCount && { iterationCount: booking.iterationCount }),
  };
}

export function book(client: SandboxClient, company: TestCompany, booking: Booking, send: Send = {}): Promise<Reply> {
  return client.post(`${company.path}/appointments`, appointmentBody(booking), send);
}

export function freeSlots(
  client: SandboxClient,
  company: TestCompany,
  params: Record<string, string | number | undefined>,
): Promise<Reply> {
  return client.get(`${company.path}/widget/freeSlots?${query(params)}`);
}
