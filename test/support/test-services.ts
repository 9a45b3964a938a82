/**
 * Services for browser tests, mounted on the test server itself: each test asks
 * for a fresh sandbox (its own seed, clock, latency and forced failures), with
 * the real proxy in front by default, so the widget runs the production chain
 * widget → proxy → sandbox over real HTTP on 127.0.0.1.
 *
 *   POST /__services            { proxy?, latencyMs?, failures?, now?, origin } → { apiBase, accessToken? }
 *   ANY  /svc/<id>/…            the proxy (or the sandbox itself, with proxy: false)
 *   ANY  /__services/<id>/sandbox/…  the sandbox with partner credentials, to inspect what was booked
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createBookingProxy } from '../../packages/proxy/src/index.js';
import { type ForcedFailure, SANDBOX_CREDENTIALS, createSandbox } from '../../packages/sandbox/src/index.js';

type Handler = (request: Request) => Promise<Response>;

export interface ServiceSetup {
  /** Put the proxy in front of the sandbox. Default true. */
  proxy?: boolean;
  latencyMs?: number;
  failures?: (Omit<ForcedFailure, 'path'> & { path: string })[];
  now?: string;
  /** The test page's origin, allowed by the proxy's CORS. */
  origin?: string;
  /** POSTs per minute per address; the default, off, keeps tests that book often independent. */
  postRateLimit?: number;
  /** Companies the proxy serves besides the seed's (ones the test creates). */
  companies?: string[];
  /** Turn on the proxy's manage links (service contract §7a), with a fixed test signing key. */
  manage?: boolean;
  /** Turn on the proxy's walk-in lines (service contract §16), with the same key. */
  queues?: boolean;
  /** Turn on the proxy's booking challenge (docs/proxy.md, "Bots: the booking challenge"), at its default difficulty. */
  challenge?: boolean;
  /**
   * The proxy names its public URL (this server, under its `/svc/<id>`), so the sandbox's watches
   * reach it (service contract §14): a change made on the sandbox is heard by open pages.
   */
  watches?: boolean;
  /** Paths the front answers itself, before the proxy (a path contains `path`): a front that refuses the live stream, say. */
  refuse?: { path: string; status: number }[];
}

/** The signing key of test proxies with manage links: fixed, so a test can sign a token itself (an expired one, say). */
export const TEST_SIGNING_KEY = 'test-signing-key-of-at-least-32-characters';

interface Instance {
  /** What the widget talks to. */
  front: Handler;
  sandbox: Handler;
}

const instances = new Map<string, Instance>();
let counter = 0;

async function accessTokenFor(sandbox: Handler): Promise<string> {
  const { clientId, clientSecret, redirectUri } = SANDBOX_CREDENTIALS.oauth;
  const authorize = new URL('http://sandbox.test/o/oauth2/auth');
  authorize.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state: 'test' }).toString();
  const redirect = await sandbox(new Request(authorize));
  const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
  const token = await sandbox(
    new Request('http://sandbox.test/o/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    }),
  );
  return ((await token.json()) as { access_token: string }).access_token;
}

export async function createServices(setup: ServiceSetup): Promise<{ id: string; apiBase: string; accessToken?: string }> {
  const id = `s${++counter}`;
  const sandbox = createSandbox({
    ...(setup.latencyMs !== undefined && { latencyMs: setup.latencyMs }),
    ...(setup.now !== undefined && { now: setup.now }),
    ...(setup.failures && { failures: setup.failures }),
  });
  const apiBase = `/svc/${id}`;
  if (setup.proxy === false) {
    instances.set(id, { front: stripPrefix(apiBase, sandbox), sandbox });
    return { id, apiBase, accessToken: await accessTokenFor(sandbox) };
  }
  const proxy = createBookingProxy({
    upstream: 'http://sandbox.test',
    credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
    companies: ['demo-salon', 'demo-courts', 'demo-clinic', 'demo-salon-west', '1001', '1002', '1003', '1004', ...(setup.companies ?? [])],
    allowedOrigins: setup.origin ? [setup.origin] : [],
    basePath: apiBase,
    limits: { postRateLimit: setup.postRateLimit ? { max: setup.postRateLimit, windowSeconds: 60 } : false },
    fetch: (input, init) => sandbox(new Request(input, init)),
    log: false,
    ...(setup.manage && { manageBookings: true, signingKeys: [TEST_SIGNING_KEY] }),
    ...(setup.queues && { walkInQueues: true, signingKeys: [TEST_SIGNING_KEY] }),
    ...(setup.challenge && { challenge: true }),
    ...(setup.watches && setup.origin && { publicUrl: `${setup.origin}${apiBase}`, signingKeys: [TEST_SIGNING_KEY] }),
    // The proxy checks the booking window against the same clock as the sandbox.
    ...(setup.now !== undefined && { now: () => Date.parse(setup.now!) }),
  });
  instances.set(id, { front: setup.refuse?.length ? refusing(setup.refuse, proxy) : proxy, sandbox });
  return { id, apiBase };
}

/** A front in front of the proxy that answers some paths itself, as a misconfigured CDN or load balancer would. */
function refusing(refused: { path: string; status: number }[], handler: Handler): Handler {
  return (request) => {
    const { pathname } = new URL(request.url);
    const refusal = refused.find(({ path }) => pathname.includes(path));
    return refusal ? Promise.resolve(new Response('Refused by the front', { status: refusal.status })) : handler(request);
  };
}

function stripPrefix(prefix: string, handler: Handler): Handler {
  return (request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    return handler(new Request(url, request));
  };
}

function withPartnerCredentials(prefix: string, handler: Handler): Handler {
  return (request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    const headers = new Headers(request.headers);
    headers.set('apiKey', SANDBOX_CREDENTIALS.apiKey);
    headers.set('token', SANDBOX_CREDENTIALS.token);
    return handler(new Request(url, { method: request.method, headers, body: request.body, duplex: 'half' } as RequestInit));
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** One web-standard handler for everything above; anything else is not ours (`undefined`). */
export async function handleServices(request: Request): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (pathname === '/__services' && request.method === 'POST') {
    return json(await createServices((await request.json()) as ServiceSetup));
  }
  const inspect = /^\/__services\/([^/]+)\/sandbox(?=\/)/.exec(pathname);
  if (inspect) {
    const instance = instances.get(inspect[1]!);
    return instance ? withPartnerCredentials(inspect[0], instance.sandbox)(request) : json({ error: 'no such services' }, 404);
  }
  const front = /^\/svc\/([^/]+)(?=\/)/.exec(pathname);
  if (front) {
    const instance = instances.get(front[1]!);
    return instance ? instance.front(request) : json({ error: 'no such services' }, 404);
  }
  return undefined;
}

type Koa = { path: string; req: IncomingMessage; res: ServerResponse; respond?: boolean };

/** The same, as middleware for web-test-runner's Koa server. */
export function servicesMiddleware() {
  const listener = getRequestListener(async (request) => (await handleServices(request)) ?? new Response(null, { status: 404 }));
  return async (context: Koa, next: () => Promise<unknown>): Promise<unknown> => {
    if (!/^\/(__services|svc)\//.test(context.path) && context.path !== '/__services') return next();
    context.respond = false;
    return listener(context.req, context.res);
  };
}
