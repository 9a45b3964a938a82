import { Hono } from 'hono';
import { invalid } from '../http/api-error.js';
import { parseJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { QueryReader } from '../http/query.js';
import { watcherOf, type Watches } from '../records/watches.js';
import { Reader } from '../validate/reader.js';

/**
 * The two watches of service contract §14, under `/api/{version}/scheduling`: the company
 * watch (every company of the account) and a company's notifications watch. The sandbox
 * serves the notifications watch's beta base under its own base.
 */
export function mountWatches(router: Hono<SandboxEnv>, watches: Watches): void {
  router.post('/companies/watch', (c) => {
    const watch = watches.addCompanyWatch(c.var.accountId, Reader.body(parseJson(c.var.rawBody)));
    return c.json(watcherOf(watch));
  });
}

/** Mounted after the company middleware: the path's company must be one of the account's. */
export function mountNotificationsWatch(router: Hono<SandboxEnv>, watches: Watches): void {
  router.post('/companies/:companyId/notifications/watch', (c) => {
    const watch = watches.addNotificationsWatch(c.var.company, Reader.body(parseJson(c.var.rawBody)));
    return c.json({ id: watch.id, address: watch.address, companyId: watch.companyId, status: 'enabled' });
  });
}

const OBJECT_TYPES = ['schedulingCompany', 'callTracking', 'clickToCall'];

/** `GET/DELETE /api/2.0/watchers[/{id}]`: the account's company watches (the other object types have none here). */
export function watcherRoutes(watches: Watches): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  router.get('/watchers', (c) => {
    const objectType = QueryReader.of(c.req.url).string('objectType');
    if (objectType !== undefined && !OBJECT_TYPES.includes(objectType)) {
      throw invalid('objectType', `"objectType" must be one of ${OBJECT_TYPES.join(', ')}.`);
    }
    const mine = [...watches.companyWatches.values()].filter((watch) => watch.accountId === c.var.accountId);
    return c.json({ items: objectType === undefined || objectType === 'schedulingCompany' ? mine.map(watcherOf) : [] });
  });
  router.get('/watchers/:id', (c) => c.json(watcherOf(watches.companyWatchOf(c.var.accountId, c.req.param('id')))));
  router.delete('/watchers/:id', (c) => {
    watches.companyWatches.delete(watches.companyWatchOf(c.var.accountId, c.req.param('id')).id);
    return c.body(null, 204);
  });
  return router;
}
