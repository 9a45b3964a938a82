import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxPersistence } from '../options.js';
import type { Store } from '../store/store.js';
import { ApiError, notFound } from './api-error.js';
import { readBodyText } from './body.js';
import type { SandboxEnv } from './env.js';

export function latency(ms: number): MiddlewareHandler {
  return async (_c, next) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await next();
  };
}

/** Reads the body once, within the size limit, for the routes and the idempotency check. */
export const readBody: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  c.set('rawBody', c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await readBodyText(c.req.raw));
  await next();
};

/** Saves the state after a request that changed it, before the client gets the answer. */
export function persistChanges(store: Store, persistence: SandboxPersistence): MiddlewareHandler {
  return async (_c, next) => {
    const before = store.revision;
    await next();
    if (store.revision !== before) await persistence.save(store.snapshot());
  };
}

/** Replaces Hono's default (a text 500): every error is a §9 body, and only a bug is a 5xx. */
export function handleError(error: Error): Response {
  if (error instanceof ApiError) return error.toResponse();
  console.error('sandbox: unexpected error', error);
  return new ApiError(500, 'INTERNAL', `The sandbox failed unexpectedly: ${error.message}`).toResponse();
}

export function handleNotFound(c: Context): Response {
  return notFound(`No route for ${c.req.method} ${c.req.path}.`).toResponse();
}
