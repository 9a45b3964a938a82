import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { liveCompany } from '../http/company.js';
import { appointments } from '../records/appointments.js';
import { resourceGroups, staffGroups } from '../records/groups.js';
import { resources } from '../records/resources.js';
import { serviceResources } from '../records/service-resources.js';
import { services } from '../records/services.js';
import { staff } from '../records/staff.js';
import type { CompanyScope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { Collection } from '../records/collection.js';
import { mountCollection } from './collection.js';
import { mountCompanies } from './companies.js';
import { mountWidget } from './widget.js';

export interface RouteDeps {
  store: Store;
  clock: () => number;
  /** Shared by every path that honours `Idempotency-Key`, so that versions share nothing by accident. */
  idempotency: MiddlewareHandler<SandboxEnv>;
}

/** Everything under `/api/{version}/scheduling`; service resources exist in 2.1 only. */
export function schedulingRoutes({ store, clock, idempotency }: RouteDeps, version: '2.0' | '2.1'): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  mountCompanies(router, store, clock);

  router.use('/companies/:companyId/*', async (c, next) => {
    c.set('company', liveCompany(store, c.var.accountId, c.req.param('companyId') ?? ''));
    await next();
  });
  const scopeOf = (c: Context<SandboxEnv>): CompanyScope => ({
    store,
    accountId: c.var.accountId,
    nowMs: clock(),
    company: c.var.company,
  });
  const mount = <Row extends { id: string }>(segment: string, collection: Collection<CompanyScope, Row>, idempotent = false) =>
    mountCollection(router, `/companies/:companyId/${segment}`, collection, {
      store,
      scopeOf,
      beforeInsert: idempotent ? idempotency : undefined,
    });

  mount('services', services);
  mount('resources', resources);
  mount('staff', staff);
  mount('staffGroups', staffGroups);
  mount('resourceGroups', resourceGroups);
  mount('appointments', appointments, true);
  if (version === '2.1') mount('service-resources', serviceResources);
  mountWidget(router, scopeOf);
  return router;
}
