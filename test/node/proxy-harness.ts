/**
 * Shared pieces of the proxy tests: a recording fake of the service, a proxy wired
 * to it, and request builders. Not a test file itself.
 */
import assert from 'node:assert/strict';
import type { ErrorBody } from 'booking-widget-shared/types';
import { createBookingProxy, type BookingProxyLogEntry, type BookingProxyOptions } from '../../packages/proxy/src/index.js';
import { createSandbox, SANDBOX_CREDENTIALS, type SandboxOptions } from '../../packages/sandbox/src/index.js';

export const PROXY = 'http://proxy.test';
export const UPSTREAM = 'http://service.test/prefix';
export const ORIGIN = 'https://shop.example';
export const COMPANY_PATH = '/api/2.1/scheduling/companies/demo-salon';
export const PARTNER = { apiKey: 'secret-api-key', token: 'secret-sso-token' } as const;
export const OAUTH = { clientId: 'client-id', clientSecret: 'secret-client-secret', refreshToken: 'secret-refresh-0' } as const;

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type Answer = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const isTokenCall = (call: RecordedCall) => call.url.pathname.endsWith('/o/oauth2/token');

/** A `fetch` for the proxy that records every call before `handle` answers it. */
export function recordingUpstream(handle: (request: Request, call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = init.body == null ? undefined : await request.clone().text();
    const call = { url: new URL(request.url), method: request.method, headers: request.headers, body };
    calls.push(call);
    return handle(request, call);
  };
  return {
    calls,
    fetch,
    /** Calls other than the token endpoint's. */
    apiCalls: () => calls.filter((call) => !isTokenCall(call)),
    tokenCalls: () => calls.filter(isTokenCall),
  };
}

/** Answers the token endpoint with numbered tokens, everything else with `answer`. */
export function fakeUpstream(answer: Answer = () => json({ ok: true })) {
  let issued = 0;
  return recordingUpstream((_, call) => {
    if (!isTokenCall(call)) return answer(call);
    issued += 1;
    return json({ access_token: `access-${issued}`, expire_in: 86_400, refresh_token: `secret-refresh-${issued}`, token_type: 'Bearer' });
  });
}

/** The sandbox of the service, on a fixed clock, behind a recording `fetch`. */
export function sandboxUpstream(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ now: SANDBOX_NOW, ...options });
  return { ...recordingUpstream((request) => sandbox(request)), sandbox };
}

export const SANDBOX_NOW = '2026-03-04T15:00:00Z';
export const SANDBOX_PARTNER = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };
export const SANDBOX_COMPANIES = ['demo-salon', 'demo-courts', 'demo-clinic'];

export type FakeUpstream = ReturnType<typeof recordingUpstream>;

/** A company in service-staff mode that the fake service describes (service contract §4), matching AN_APPOINTMENT. */
export const FAKE_CATALOG: Record<'company' | 'services' | 'staff' | 'resources', object> = {
  company: {
    id: 'c-123',
    name: 'Test Salon',
    timeZone: 'Europe/Paris',
    scheduledItems: 'service-staff',
    extendedProperties: { public: { bookingWidget: {} }, private: { margin: 42 } },
  },
  services: { items: [{ id: 'svc-1', name: 'Cut', duration: 30, staff: [{ id: 'st-1', firstName: 'Sam', lastName: 'Stone' }] }] },
  staff: { items: [{ id: 'st-1', firstName: 'Sam', lastName: 'Stone', availableForWidget: true }] },
  resources: { items: [] },
};

/**
 * A fake service that can take bookings: it describes FAKE_CATALOG for every
 * company, creates clients as `cl-1`, and lets `answer` handle everything else.
 */
export function bookingUpstream(answer: Answer = () => json({ id: 'apt-1', status: 'accepted' }, 201), catalog = FAKE_CATALOG) {
  return fakeUpstream((call) => {
    const catalogPath = /\/api\/2\.1\/scheduling\/companies\/[^/]+(\/(services|staff|resources))?$/.exec(call.url.pathname);
    if (call.method === 'GET' && catalogPath) return json(catalog[(catalogPath[2] ?? 'company') as keyof typeof catalog]);
    if (call.method === 'POST' && call.url.pathname.endsWith('/api/2.0/clients'))
      return json({ id: 'cl-1', ...JSON.parse(call.body!) }, 201);
    return answer(call);
  });
}

/** The writes a fake service received (its catalog reads left out). */
export const writes = (upstream: FakeUpstream): RecordedCall[] => upstream.apiCalls().filter((call) => call.method !== 'GET');

/** Creates A_CLIENT through the proxy, as the widget does, and returns the id the browser got for it. */
export async function issuedClientId(
  proxy: (request: Request) => Promise<Response>,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await proxy(postJson('/api/2.0/clients', A_CLIENT, headers));
  assert.ok(response.ok, `client: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

export function testProxy<U extends FakeUpstream = FakeUpstream>(
  options: Partial<BookingProxyOptions> = {},
  upstream: U = fakeUpstream() as U,
) {
  const logs: BookingProxyLogEntry[] = [];
  const proxy = createBookingProxy({
    upstream: UPSTREAM,
    credentials: PARTNER,
    companies: ['demo-salon', 'c-123'],
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    log: (entry) => logs.push(entry),
    // Pinned, so that no test depends on the day it runs.
    now: () => Date.parse(SANDBOX_NOW),
    ...options,
  });
  return { proxy, upstream, logs };
}

/** The proxy in front of an in-process sandbox, with its partner credentials and companies: `testProxy` with the sandbox's settings. */
export function throughSandbox(options: Partial<BookingProxyOptions> = {}, upstream = sandboxUpstream()) {
  return testProxy({ upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER, companies: SANDBOX_COMPANIES, ...options }, upstream);
}

export const request = (method: string, path: string, init: RequestInit = {}): Request => new Request(PROXY + path, { method, ...init });

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}): Request =>
  request('POST', path, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export const A_CLIENT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddresses: [{ email: 'ada@example.org', primary: true }],
  phoneNumbers: [{ number: '+33612345678', primary: true, mobile: true }],
  timeZone: 'Europe/Paris',
  language: 'en',
  explicitConsent: true,
  marketingConsent: false,
};

export const AN_APPOINTMENT = {
  client: { id: 'cl-1' },
  service: { id: 'svc-1' },
  staff: { id: 'st-1' },
  start: { dateTime: '2026-03-09T14:30:00', timeZone: 'Europe/Paris' },
  end: { dateTime: '2026-03-09T15:00:00', timeZone: 'Europe/Paris' },
  notes: 'Second floor',
  resourceCount: 1,
  iterationCount: 1,
  form: [{ id: 'f1', title: 'Allergies', value: 'none' }],
};

/** Checks a service contract §9 error body, and that it repeats nothing matching `hidden`. */
export async function expectError(response: Response, status: number, errorCode: string, hidden?: RegExp): Promise<ErrorBody['error']> {
  assert.equal(response.status, status);
  const text = await response.text();
  if (hidden) assert.doesNotMatch(text, hidden);
  const { error } = JSON.parse(text) as ErrorBody;
  assert.deepEqual([error.code, error.errorCode], [status, errorCode]);
  return error;
}
