import type { Context, Hono } from 'hono';
import type { SlotsResponse } from 'booking-widget-shared/types';
import { addDays, daysBetween } from 'booking-widget-shared/calendar-date';
import { slotSearch, targetOf } from '../engine/targets.js';
import { freeSlotDays, nextSlotDays } from '../engine/slot-list.js';
import { invalid } from '../http/api-error.js';
import type { SandboxEnv } from '../http/env.js';
import { linksFor } from '../http/links.js';
import { QueryReader } from '../http/query.js';
import type { CompanyScope } from '../store/scope.js';

/** The longest freeSlots range, in days. */
export const MAX_RANGE_DAYS = 62;

/** The selectors both endpoints share, checked, and the response fields that echo them. */
function readSelectors(query: QueryReader, scope: CompanyScope, c: Context<SandboxEnv>) {
  const { company } = scope;
  const serviceId = query.string('serviceId');
  const resourceId = query.string('resourceId');
  if (serviceId !== undefined && resourceId !== undefined) {
    throw invalid('resourceId', 'Give serviceId (service modes) or resourceId (resource mode), not both.');
  }
  if (serviceId === undefined && resourceId === undefined) {
    throw invalid('serviceId', 'serviceId (service modes) or resourceId (resource mode) is required.');
  }
  const unknown = (name: string, id: string) => invalid(name, `No ${name.slice(0, -2)} "${id}" in this company.`);
  const service = serviceId === undefined ? undefined : company.services.get(serviceId);
  if (serviceId !== undefined && !service) throw unknown('serviceId', serviceId);
  const resource = resourceId === undefined ? undefined : company.resources.get(resourceId);
  if (resourceId !== undefined && !resource) throw unknown('resourceId', resourceId);
  const staffId = service ? query.string('staffId') : undefined;
  const staff = staffId === undefined || staffId === '0' ? undefined : company.staff.get(staffId);
  if (staffId !== undefined && staffId !== '0' && !staff) throw unknown('staffId', staffId);

  const iterationCount = query.integer('iterationCount', 1, 1440) ?? 1;
  const resourceCount = query.integer('resourceCount', 1, 10_000) ?? 1;
  const target = targetOf(company, { service, resource, staff, resourceCount, iterationCount }, 'staffId');

  const base = linksFor(c.req.raw).company(company.record.id);
  const echo: Omit<SlotsResponse, 'items'> = {};
  if (service) echo.service = { id: service.id, name: service.name, selfLink: `${base}/services/${service.id}` };
  if (staff) {
    const { id, firstName, lastName } = staff;
    echo.staff = { id, firstName, lastName, selfLink: `${base}/staff/${id}` };
  }
  return {
    search: slotSearch(scope, target, iterationCount),
    timeZone: query.timeZone('timeZone') ?? company.record.timeZone,
    startDate: query.date('startDate', true)!,
    echo,
  };
}

export function mountWidget(router: Hono<SandboxEnv>, scopeOf: (c: Context<SandboxEnv>) => CompanyScope): void {
  router.get('/companies/:companyId/widget/freeSlots', (c) => {
    const query = QueryReader.of(c.req.url);
    const { search, timeZone, startDate, echo } = readSelectors(query, scopeOf(c), c);
    const endDate = query.date('endDate', true)!;
    if (endDate < startDate) throw invalid('endDate', `"endDate" (${endDate}) is before "startDate" (${startDate}).`);
    if (daysBetween(startDate, endDate) >= MAX_RANGE_DAYS) {
      throw invalid(
        'endDate',
        `The range is longer than ${MAX_RANGE_DAYS} days: "endDate" must be ${addDays(startDate, MAX_RANGE_DAYS - 1)} or earlier.`,
      );
    }
    return c.json({ items: freeSlotDays(search, startDate, endDate, timeZone), ...echo } satisfies SlotsResponse);
  });

  router.get('/companies/:companyId/widget/nextSlots', (c) => {
    const query = QueryReader.of(c.req.url);
    const { search, timeZone, startDate, echo } = readSelectors(query, scopeOf(c), c);
    const count = query.integer('number', 1, 20) ?? 1;
    return c.json({ items: nextSlotDays(search, startDate, count, timeZone), ...echo } satisfies SlotsResponse);
  });
}
