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
import { linksFor } from '../http/links.js';
import { AppointmentEvent, type Watches } from '../records/watches.js';
import { mountCollection, type Change } from './collection.js';
import { companyWire, mountCompanies } from './companies.js';
import { mountNotificationsWatch, mountWatches } from './watches.js';
import { mountWidget } from './widget.js';

export interface RouteDeps {
  store: Store;
  clock: () => number;
  /** Shared by every path that honours `Idempotency-Key`, so that versions share nothing by accident. */
  idempotency: MiddlewareHandler<SandboxEnv>;
  /** Who hears of a change (service contract §14). */
  watches: Watches;
}

const APPOINTMENT_EVENTS: Readonly<Record<Change, AppointmentEvent>> = {
  insert: AppointmentEvent.booked,
  update: AppointmentEvent.moved,
  delete: AppointmentEvent.cancelled,
};

/** Everything under `/api/{version}/scheduling`; service resources exist in 2.1 only. */
export function schedulingRoutes({ store, clock, idempotency, watches }: RouteDeps, version: '2.0' | '2.1'): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  mountWatches(router, watches);
  mountCompanies(router, store, clock, watches);

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
  // The sandbox counts a change of what a company offers (its services, staff, resources, groups) as an
  // update of the company, as its dashboard edits them on the company's pages (service contract §14).
  const catalogChanged = (c: Context<SandboxEnv>) => watches.companyChanged(c.var.company, 'updated', companyWire(c.var.company));
  const mount = <Row extends { id: string }>(segment: string, collection: Collection<CompanyScope, Row>) =>
    mountCollection(router, `/companies/:companyId/${segment}`, collection, { store, scopeOf, changed: catalogChanged });

  mount('services', services);
  mount('resources', resources);
  mount('staff', staff);
  mount('staffGroups', staffGroups);
  mount('resourceGroups', resourceGroups);
  // Appointments honour `Idempotency-Key` (a replay books nothing and notifies no one) and tell the notifications watches.
  mountCollection(router, '/companies/:companyId/appointments', appointments, {
    store,
    scopeOf,
    beforeInsert: idempotency,
    changed: (c, scope, row, change) => watches.appointmentChanged(scope, row, APPOINTMENT_EVENTS[change], linksFor(c.req.raw)),
  });
  if (version === '2.1') mount('service-resources', serviceResources);
  mountNotificationsWatch(router, watches);
  mountWidget(router, scopeOf);
  return router;
}
