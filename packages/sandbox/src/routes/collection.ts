import type { Context, Hono, MiddlewareHandler } from 'hono';
import { parseJson } from '../http/body.js';
import { notFound } from '../http/api-error.js';
import type { SandboxEnv } from '../http/env.js';
import { linksFor } from '../http/links.js';
import type { Collection } from '../records/collection.js';
import { randomId } from '../store/ids.js';
import type { Store } from '../store/store.js';
import { Reader } from '../validate/reader.js';

export interface MountOptions<Scope, Row = unknown> {
  store: Store;
  scopeOf(c: Context<SandboxEnv>): Scope;
  /** Middleware for inserts and updates (idempotency keys, service contract §7.4 and §7a). */
  beforeInsert?: MiddlewareHandler<SandboxEnv>;
  /** Runs once a change is stored: what else hears of it (the watches, service contract §14). */
  changed?(c: Context<SandboxEnv>, scope: Scope, row: Row, change: Change): void;
}

export type Change = 'insert' | 'update' | 'delete';

/** `GET|POST path`, `GET|PUT|DELETE path/:id`: lists are `{items}`, delete answers 204 with no body. */
export function mountCollection<Scope, Row extends { id: string }>(
  router: Hono<SandboxEnv>,
  path: string,
  collection: Collection<Scope, Row>,
  { store, scopeOf, beforeInsert, changed }: MountOptions<Scope, Row>,
): void {
  const find = (scope: Scope, id: string): Row => {
    const row = collection.rows(scope).get(id);
    if (!row) throw notFound(`No ${collection.noun} "${id}".`);
    return row;
  };
  const save = (c: Context<SandboxEnv>, scope: Scope, previous: Row | undefined, id: string) => {
    const { row, apply } = collection.write(Reader.body(parseJson(c.var.rawBody)), scope, previous, id);
    collection.rows(scope).set(row.id, row);
    apply?.();
    store.changed();
    changed?.(c, scope, row, previous ? 'update' : 'insert');
    return c.json(collection.toWire(row, scope, linksFor(c.req.raw)));
  };
  const idOf = (c: Context<SandboxEnv>): string => c.req.param('id') ?? '';
  if (beforeInsert) router.put(`${path}/:id`, beforeInsert);

  router.get(path, (c) => {
    const scope = scopeOf(c);
    const links = linksFor(c.req.raw);
    return c.json({ items: [...collection.rows(scope).values()].map((row) => collection.toWire(row, scope, links)) });
  });
  router.get(`${path}/:id`, (c) => {
    const scope = scopeOf(c);
    return c.json(collection.toWire(find(scope, idOf(c)), scope, linksFor(c.req.raw)));
  });
  if (beforeInsert) router.post(path, beforeInsert);
  router.post(path, (c) => save(c, scopeOf(c), undefined, randomId()));
  router.put(`${path}/:id`, (c) => {
    const scope = scopeOf(c);
    return save(c, scope, find(scope, idOf(c)), idOf(c));
  });
  router.delete(`${path}/:id`, (c) => {
    const scope = scopeOf(c);
    const row = find(scope, idOf(c));
    collection.rows(scope).delete(row.id);
    collection.forget?.(scope, row);
    store.changed();
    changed?.(c, scope, row, 'delete');
    return c.body(null, 204);
  });
}
