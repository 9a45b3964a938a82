/**
 * A proxy with manage links on, in front of the sandbox on a clock the test moves,
 * and the requests a visitor's link sends: shared by the manage tests.
 */
import assert from 'node:assert/strict';
import type { BookingProxyOptions } from '../../../packages/proxy/src/index.js';
import {
  A_CLIENT,
  ORIGIN,
  postJson,
  request,
  SANDBOX_COMPANIES,
  SANDBOX_NOW,
  SANDBOX_PARTNER,
  sandboxUpstream,
  testProxy,
} from '../proxy-harness.js';

export const KEY = 'k'.repeat(32) + '-current-signing-key';
export const OLD_KEY = 'o'.repeat(32) + '-previous-signing-key';
export const SALON = '/api/2.1/scheduling/companies/demo-salon';
export type Proxy = (request: Request) => Promise<Response>;

export function manageProxy(options: Partial<BookingProxyOptions> = {}) {
  const upstream = sandboxUpstream();
  let nowMs = Date.parse(SANDBOX_NOW);
  const made = testProxy(
    {
      upstream: 'http://sandbox.test',
      credentials: SANDBOX_PARTNER,
      companies: SANDBOX_COMPANIES,
      signingKeys: [KEY],
      manageBookings: true,
      now: () => nowMs,
      limits: { postRateLimit: false },
      ...options,
    },
    upstream,
  );
  return { ...made, setNow: (iso: string) => void (nowMs = Date.parse(iso)) };
}

/** Books Maya's men's cut through the proxy as the widget does; answers the appointment with its manage token. */
export async function book(proxy: Proxy, start = '2026-03-05T09:00:00', end = '2026-03-05T09:30:00') {
  const client = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }));
  assert.equal(client.status, 200);
  const { id } = await client.json();
  const answer = await proxy(
    postJson(
      `${SALON}/appointments`,
      { client: { id }, service: { id: '2002' }, staff: { id: '3001' }, start: { dateTime: start }, end: { dateTime: end } },
      { Origin: ORIGIN },
    ),
  );
  assert.equal(answer.status, 200, await answer.clone().text());
  const appointment = await answer.json();
  assert.equal(typeof appointment.manageToken, 'string');
  return appointment as { id: string; reference: string; manageToken: string };
}

export const withToken = (token: string, extra: Record<string, string> = {}) => ({
  headers: { 'Manage-Token': token, Origin: ORIGIN, ...extra },
});
export const moveBody = (start: string, end: string) => JSON.stringify({ start: { dateTime: start }, end: { dateTime: end } });
export const put = (path: string, token: string, body: string) =>
  request('PUT', path, { body, ...withToken(token, { 'Content-Type': 'application/json' }) });

export async function sandboxRead(upstream: ReturnType<typeof sandboxUpstream>, path: string) {
  return upstream.sandbox(new Request(`http://sandbox.test${path}`, { headers: SANDBOX_PARTNER }));
}
