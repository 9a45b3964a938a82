import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { authenticate } from './http/auth.js';
import type { SandboxEnv } from './http/env.js';
import { forcedFailures } from './http/forced-failures.js';
import { idempotency } from './http/idempotency.js';
import { handleError, handleNotFound, latency, persistChanges, readBody } from './http/middleware.js';
import { resolveClock, type SandboxOptions } from './options.js';
import { mountCollection } from './routes/collection.js';
import { formRoutes } from './routes/forms.js';
import { oauthRoutes } from './routes/oauth.js';
import { queueRoutes } from './routes/queues.js';
import { schedulingRoutes } from './routes/scheduling.js';
import { watcherRoutes } from './routes/watches.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, DEFAULT_RETRY_DELAYS_MS } from './http/watch-delivery.js';
import { Watches } from './records/watches.js';
import { clients } from './records/clients.js';
import { seedState } from './seed/seed.js';
import { fromSnapshot } from './store/snapshot.js';
import { Store } from './store/store.js';

/**
 * A local scheduling service (service contract §1–§14, §16) as a web-standard handler, for
 * Node (see `cli.ts`) and edge runtimes alike.
 *
 * @example
 * const sandbox = createSandbox({ now: '2026-03-04T15:00:00Z' });
 * const response = await sandbox(new Request('http://sandbox/api/2.1/scheduling/companies/demo-salon', {
 *   headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
 * }));
 */
export function createSandbox(options: SandboxOptions = {}): (request: Request) => Promise<Response> {
  const clock = resolveClock(options.now);
  const saved = options.persistence?.load();
  const store = new Store(saved ? fromSnapshot(saved) : seedState(clock()));

  const app = new Hono<SandboxEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  if (options.latencyMs) app.use(latency(options.latencyMs));
  // A local development tool: any page may call it.
  app.use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'apiKey', 'token'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  if (options.failures?.length) app.use(forcedFailures(options.failures));
  app.use(readBody);
  if (options.persistence) app.use(persistChanges(store, options.persistence));

  app.route('/', oauthRoutes(store, clock));
  app.use('/api/*', authenticate(store, clock));
  const watches = new Watches({
    retryDelaysMs: options.watchDelivery?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: options.watchDelivery?.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
  });
  const deps = { store, clock, idempotency: idempotency(store, clock), watches };
  app.route('/api/2.0/scheduling', schedulingRoutes(deps, '2.0'));
  app.route('/api/2.1/scheduling', schedulingRoutes(deps, '2.1'));
  const clientRoutes = new Hono<SandboxEnv>();
  mountCollection(clientRoutes, '/clients', clients, {
    store,
    scopeOf: (c) => ({ store, accountId: c.var.accountId, nowMs: clock() }),
    beforeInsert: deps.idempotency,
  });
  app.route('/api/2.0', clientRoutes);
  app.route('/api/2.0', formRoutes(store));
  app.route('/api/2.0', queueRoutes(store, clock, watches));
  app.route('/api/2.0', watcherRoutes(watches));
  app.route('/api/2.3', formRoutes(store));

  return async (request) => app.fetch(request);
}
