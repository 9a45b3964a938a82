/**
 * The services behind `npm start`: the sandbox listening on its own port, and
 * the booking proxy mounted on the demo server at /booking-api, in front of it.
 * The page only ever talks to the proxy; the proxy adds the sandbox's partner
 * credentials, and the sandbox checks them, exactly as in production.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { getRequestListener, serve } from '@hono/node-server';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, ViteDevServer } from 'vite';
import type * as Proxy from '../packages/proxy/src/index.js';
import type * as Sandbox from '../packages/sandbox/src/index.js';

/**
 * The proxy and the sandbox, from their TypeScript sources, loaded through tsx as `npm run proxy`
 * and `npm run sandbox` run them. Vite bundles this file into its config but leaves every package
 * import to plain Node, and the shared package (booking-widget-shared) is TypeScript, which Node 20
 * cannot run: imported here statically, they would stop `vite` before it starts.
 */
export const services = async () => {
  const [proxy, sandbox] = await Promise.all([
    tsImport('../packages/proxy/src/index.ts', import.meta.url) as Promise<typeof Proxy>,
    tsImport('../packages/sandbox/src/index.ts', import.meta.url) as Promise<typeof Sandbox>,
  ]);
  return { ...proxy, ...sandbox };
};

export const PROXY_PATH = '/booking-api';
const DEMO_COMPANIES = ['demo-salon', 'demo-courts', 'demo-clinic', 'demo-salon-west'];
/**
 * The key the demo's proxy signs manage links (and client tokens) with. Fixed, so that a link
 * from the demo still works after `npm start` restarts; public, so it is a demo key only: a real
 * proxy takes its own secret from BOOKING_PROXY_SIGNING_KEY (openssl rand -base64 32).
 */
/**
 * `DEMO_NOW` (an ISO 8601 instant) shows the demo on another day: the sandbox and the proxy both read
 * it as "now" (pin the page's clock to the same instant, as the demo's end-to-end test does). Unset: real time.
 */
const DEMO_NOW = process.env.DEMO_NOW || undefined;

export const DEMO_SIGNING_KEY = 'demo-only-signing-key--public--never-use-it-on-a-real-site';

function listen(handler: (request: Request) => Promise<Response>, port: number): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handler, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
    server.once('error', reject);
  });
}

/**
 * Starts the sandbox on the port `SANDBOX_PORT` asks for (`requested`; `0`: any free port), else on 8787, or
 * on any free port when 8787 is taken. Where it ended up is printed, and told to tests by the plugin's `api`.
 * A port asked for that is taken stops the demo with a message that says so: the sandbox quietly elsewhere
 * would leave the developer's curl lines and bookmarks talking to whatever holds that port.
 */
export async function startSandbox({ createSandbox }: typeof Sandbox, requested: string | undefined) {
  const sandbox = createSandbox({ latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0), now: DEMO_NOW });
  const port = requested === undefined || requested === '' ? undefined : Number(requested);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
    throw new Error(`SANDBOX_PORT must be a port number (0 for any free port), not "${requested}".`);
  try {
    return await listen(sandbox, port ?? 8787);
  } catch (error) {
    if (port === undefined) return listen(sandbox, 0);
    throw new Error(
      `SANDBOX_PORT=${port}: the sandbox cannot listen there (${(error as Error).message}). Stop what uses it, choose another port, or leave SANDBOX_PORT unset (8787, else any free port).`,
      { cause: error },
    );
  }
}

/** A dev-only view of what the sandbox holds, so the demo can show a booking arriving. */
async function recentAppointments({ SANDBOX_CREDENTIALS }: typeof Sandbox, sandboxUrl: string): Promise<unknown> {
  const headers = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };
  const lists = await Promise.all(
    DEMO_COMPANIES.map(async (company) => {
      const response = await fetch(`${sandboxUrl}/api/2.1/scheduling/companies/${company}/appointments`, { headers });
      const { items } = (await response.json()) as { items: Record<string, unknown>[] };
      return items.map((item) => ({ ...item, company }));
    }),
  );
  return lists.flat();
}

/** Staff calling the next person in the salon's walk-in line (a sandbox route no proxy forwards); answers the sandbox's status. */
async function callNext({ SANDBOX_CREDENTIALS }: typeof Sandbox, sandboxUrl: string): Promise<number> {
  const headers = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };
  const answer = await fetch(`${sandboxUrl}/api/2.0/registrations/next?queueId=7001`, { method: 'PUT', headers }).catch(() => undefined);
  return answer?.status ?? 502;
}

export const DEMO_SERVICES_PLUGIN = 'booking-widget-demo-services';

/** What the plugin tells a test that runs the dev server (Vite's `plugin.api`, found by DEMO_SERVICES_PLUGIN). */
export interface DemoServicesApi {
  /**
   * The sandbox's address as it was bound (`http://127.0.0.1:<port>`): set once `createServer` has
   * resolved (its `configureServer` starts the sandbox), `undefined` before.
   */
  sandboxUrl(): string | undefined;
}

export function demoServices(): Plugin<DemoServicesApi> {
  let sandboxUrl: string | undefined;
  return {
    name: DEMO_SERVICES_PLUGIN,
    apply: 'serve',
    api: { sandboxUrl: () => sandboxUrl },
    async configureServer(server: ViteDevServer) {
      const loaded = await services();
      const { createBookingProxy, SANDBOX_CREDENTIALS } = loaded;
      const sandbox = await startSandbox(loaded, process.env.SANDBOX_PORT);
      sandboxUrl = sandbox.url;
      // The proxy admits the page's origin, known once the dev server listens.
      let proxyListener: ReturnType<typeof getRequestListener> | undefined;
      server.httpServer?.once('listening', () => {
        const origins = (server.resolvedUrls?.local ?? []).map((url) => new URL(url).origin);
        const proxy = createBookingProxy({
          upstream: sandbox.url,
          credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
          companies: DEMO_COMPANIES,
          allowedOrigins: [...origins, ...origins.map((origin) => origin.replace('localhost', '127.0.0.1'))],
          basePath: PROXY_PATH,
          limits: { postRateLimit: { max: 30, windowSeconds: 60 } },
          // The confirmation's "Reschedule or cancel" link and the answer's manageToken, as a merchant turns them on;
          // walk-in lines (service contract §16) sign each place with the same key.
          manageBookings: true,
          walkInQueues: true,
          signingKeys: [DEMO_SIGNING_KEY],
          ...(DEMO_NOW && { now: () => Date.parse(DEMO_NOW) }),
          // Where the sandbox's watches reach this proxy (service contract §14): a booking made or cancelled on the
          // sandbox's own API (as staff would in the dashboard) leaves or rejoins the open pages' times within seconds.
          ...(origins[0] && { publicUrl: `${origins[0]}${PROXY_PATH}` }),
        });
        proxyListener = getRequestListener(proxy);
        server.config.logger.info(
          `\n  Sandbox of the scheduling service: ${sandbox.url} (apiKey ${SANDBOX_CREDENTIALS.apiKey}, token ${SANDBOX_CREDENTIALS.token})` +
            `\n  Booking proxy for the page:        ${PROXY_PATH} → ${sandbox.url}` +
            `\n  Manage links:                      on, signed with a fixed demo key (public: never use it on a real site)` +
            `\n  Live times:                        the sandbox's watches deliver to ${origins[0] ?? ''}${PROXY_PATH}` +
            `\n  Bookings made in the demo:         ${origins[0] ?? ''}/demo-api/appointments\n`,
        );
      });
      server.middlewares.use((request, response, next) => {
        const path = request.url ?? '';
        if (path === '/demo-api/appointments') {
          void recentAppointments(loaded, sandbox.url).then(
            (items) => {
              response.setHeader('Content-Type', 'application/json');
              response.end(JSON.stringify({ items }));
            },
            (error: Error) => {
              response.statusCode = 502;
              response.end(JSON.stringify({ error: error.message }));
            },
          );
          return;
        }
        // The demo's staff button: calls the next person in the salon's walk-in line, as staff would in their dashboard.
        if (path === '/demo-api/queue-next' && request.method === 'POST') {
          void callNext(loaded, sandbox.url).then((status) => ((response.statusCode = status), response.end()));
          return;
        }
        if (proxyListener && (path === PROXY_PATH || path.startsWith(`${PROXY_PATH}/`))) return void proxyListener(request, response);
        next();
      });
      server.httpServer?.once('close', () => sandbox.server.close());
    },
  };
}
