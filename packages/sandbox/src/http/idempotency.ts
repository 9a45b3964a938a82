import type { MiddlewareHandler } from 'hono';
import type { Store } from '../store/store.js';
import { ApiError, invalid } from './api-error.js';
import type { SandboxEnv } from './env.js';

const KEPT_MS = 24 * 3_600_000;
const MAX_KEY_LENGTH = 255;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `Idempotency-Key` (service contract §7), scoped by account, method and path: the same key
 * and body within 24 h of the sandbox clock replay the first answer; the same key
 * with another body is a 409. Only successes are remembered, so a request that
 * failed (invalid, slot taken) can be retried with its key. A duplicate that
 * arrives while the first is running waits for it.
 */
export function idempotency(store: Store, clock: () => number): MiddlewareHandler<SandboxEnv> {
  const running = new Map<string, Promise<void>>();
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (key.trim() === '' || key.length > MAX_KEY_LENGTH) {
      throw invalid('Idempotency-Key', `"Idempotency-Key" must be 1 to ${MAX_KEY_LENGTH} characters.`);
    }
    const id = JSON.stringify([c.var.accountId, c.req.method, c.req.path, key]);
    const fingerprint = await sha256(c.var.rawBody ?? '');
    while (running.has(id)) await running.get(id);

    const { idempotency: remembered } = store.state;
    const nowMs = clock();
    const previous = remembered.get(id);
    if (previous && previous.createdMs + KEPT_MS > nowMs) {
      if (previous.fingerprint !== fingerprint) {
        throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used with another body.', 'Idempotency-Key');
      }
      return new Response(previous.body, {
        status: previous.status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' },
      });
    }

    let finish = () => {};
    running.set(id, new Promise<void>((resolve) => (finish = resolve)));
    try {
      await next();
      if (c.res.ok) {
        for (const [otherId, record] of remembered) if (record.createdMs + KEPT_MS <= nowMs) remembered.delete(otherId);
        remembered.set(id, { id, fingerprint, status: c.res.status, body: await c.res.clone().text(), createdMs: nowMs });
        store.changed();
      }
    } finally {
      running.delete(id);
      finish();
    }
  };
}
