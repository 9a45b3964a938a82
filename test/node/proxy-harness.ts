/**
 * Shared pieces of the proxy tests: a recording fake of the service, a proxy wired
 * to it, and request builders. Not a test file itself.
 */
import assert from 'node:assert/strict';
import type { ErrorBody } from '../../src/api/types.js';
import { createBookingProxy, type BookingProxyLogEntry, type BookingProxyOptions } from '../../src/proxy/index.js';
import { createSandbox, SANDBOX_CREDENTIALS, type SandboxOptions } from '../../src/sandbox/index.js';

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

export function testProxy<U extends FakeUpstream = FakeUpstream>(options: Partial<BookingProxyOptions> = {}, upstream: U = fakeUpstream() as U) {
  const logs: BookingProxyLogEntry[] = [];
  const proxy = createBookingProxy({
    upstream: UPSTREAM,
    credentials: PARTNER,
    companies: ['demo-salon', 'c-123'],
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    log: (entry) => logs.push(entry),
    ...options,
  });
  return { proxy, upstream, logs };
}

export const request = (method: string, path: string, init: RequestInit = {}): Request =>
  new Request(PROXY + path, { method, ...init });

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}): Request =>
  request('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });

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

/** Checks a contract §9 error body, and that it repeats nothing matching `hidden`. */
export async function expectError(response: Response, status: number, errorCode: string, hidden?: RegExp): Promise<ErrorBody['error']> {
  assert.equal(response.status, status);
  const text = await response.text();
  if (hidden) assert.doesNotMatch(text, hidden);
  const { error } = JSON.parse(text) as ErrorBody;
  assert.deepEqual([error.code, error.errorCode], [status, errorCode]);
  return error;
}
