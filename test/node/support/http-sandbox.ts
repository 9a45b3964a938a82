/**
 * The sandbox of the service over real HTTP on 127.0.0.1, for proxies that run in
 * other processes (Node CLIs, workerd, Deno). It counts what the proxies send, its
 * clock is the test's, and it can be told to ignore `Idempotency-Key`, so that a
 * test proves the proxy's own guarantee rather than the sandbox's.
 */
import { serve, type ServerType } from '@hono/node-server';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createSandbox, SANDBOX_CREDENTIALS } from '../../../packages/sandbox/src/index.js';
import { SANDBOX_NOW } from '../proxy-harness.js';

export interface HttpSandbox {
  url: string;
  /** Requests to the token endpoint so far. */
  tokenCalls(): number;
  /** Appointment POSTs that reached the sandbox so far. */
  appointmentPosts(): number;
  /** Requests that may change what the sandbox holds (any method but GET, HEAD and OPTIONS; the token endpoint aside) so far. */
  writes(): number;
  /** `false`: drop `Idempotency-Key` before the sandbox sees it, like a service that does not honour keys. */
  honourKeys(honour: boolean): void;
  /** Milliseconds the sandbox takes over each appointment POST, so that a test can catch one in flight. */
  slowBookings(ms: number): void;
  /** Settles when an appointment POST whose body contains `text` reaches the sandbox. */
  bookingArrives(text: string): Promise<void>;
  /** The sandbox's current instant. */
  now(): Date;
  /** Moves the sandbox's clock forward. */
  advance(ms: number): void;
  /** A request straight to the sandbox with the partner credentials: not counted, not through a proxy. */
  direct(path: string, init?: RequestInit): Promise<Response>;
  /** Every appointment of `company`, read directly. */
  appointments(company: string): Promise<{ id: string }[]>;
  /** A refresh token of the sandbox account, through the authorization-code grant. */
  refreshToken(): Promise<string>;
  close(): Promise<void>;
}

export interface HttpSandboxOptions {
  /**
   * The instant the sandbox's clock starts at (it moves only by `advance`). Default `SANDBOX_NOW`.
   * @example '2026-06-09T11:00:00Z'
   */
  now?: string;
}

export async function startHttpSandbox({ now = SANDBOX_NOW }: HttpSandboxOptions = {}): Promise<HttpSandbox> {
  let nowMs = Date.parse(now);
  const sandbox = createSandbox({ now: () => new Date(nowMs) });
  let tokenCalls = 0;
  let appointmentPosts = 0;
  let writes = 0;
  let honoursKeys = true;
  let bookingMs = 0;
  const watchers: { text: string; arrived: () => void }[] = [];

  const booking = async (request: Request): Promise<Response> => {
    appointmentPosts++;
    const body = await request.clone().text();
    for (const watcher of watchers.filter((w) => body.includes(w.text))) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.arrived();
    }
    const headers = new Headers(request.headers);
    if (!honoursKeys) headers.delete('Idempotency-Key');
    const response = await sandbox(new Request(request, { headers }));
    // The service's own time: the booking is made, the answer is on its way.
    if (bookingMs) await new Promise((resolve) => setTimeout(resolve, bookingMs));
    return response;
  };
  const handle = (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/o/oauth2/token')) tokenCalls++;
    else if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) writes++;
    return request.method === 'POST' && path.endsWith('/appointments') ? booking(request) : sandbox(request);
  };
  const server: ServerType = serve({ fetch: handle, hostname: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const partner = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };
  const direct = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(partner)) headers.set(name, value);
    return sandbox(new Request(url + path, { ...init, headers }));
  };

  return {
    url,
    tokenCalls: () => tokenCalls,
    appointmentPosts: () => appointmentPosts,
    writes: () => writes,
    honourKeys: (honour) => {
      honoursKeys = honour;
    },
    slowBookings: (ms) => {
      bookingMs = ms;
    },
    bookingArrives: (text) => new Promise<void>((arrived) => watchers.push({ text, arrived })),
    now: () => new Date(nowMs),
    advance: (ms) => {
      nowMs += ms;
    },
    direct,
    appointments: async (company) => {
      const answer = await direct(`/api/2.1/scheduling/companies/${company}/appointments`);
      return ((await answer.json()) as { items: { id: string }[] }).items;
    },
    refreshToken: async () => {
      const { oauth } = SANDBOX_CREDENTIALS;
      const authorize = await sandbox(
        new Request(`${url}/o/oauth2/auth?client_id=${oauth.clientId}&redirect_uri=${encodeURIComponent(oauth.redirectUri)}`),
      );
      const code = new URL(authorize.headers.get('Location')!).searchParams.get('code')!;
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: oauth.redirectUri,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
      };
      const answer = await sandbox(
        new Request(`${url}/o/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form),
        }),
      );
      return ((await answer.json()) as { refresh_token: string }).refresh_token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections from the proxies would hold `close` open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
