import type { Context, Hono } from 'hono';
import { formatWallClock, instantToWallClock } from 'booking-widget-shared/zone';
import { invalid } from '../http/api-error.js';
import { parseJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { liveCompany } from '../http/company.js';
import { QueryReader } from '../http/query.js';
import { readCompany } from '../records/company.js';
import { randomId } from '../store/ids.js';
import { emptyCollections, type CompanyRecord, type CompanyRow } from '../store/rows.js';
import type { Watches } from '../records/watches.js';
import type { Store } from '../store/store.js';
import { Reader } from '../validate/reader.js';

/** The company as the service answers it, and as a company watch delivers it (service contract §14). */
export const companyWire = (company: CompanyRow): Record<string, unknown> => wire(company, undefined);

/** The company as listed: flagged when deleted, cut to `fields` when asked. */
function wire(company: CompanyRow, fields: string[] | undefined): Record<string, unknown> {
  const full: Record<string, unknown> = company.deleted ? { ...company.record, deleted: true } : { ...company.record };
  if (!fields) return full;
  return Object.fromEntries(fields.filter((field) => field in full).map((field) => [field, full[field]]));
}

/** Companies: list (`showDeleted`, `fields`), get (`fields`), insert, update, delete (kept, flagged). */
export function mountCompanies(router: Hono<SandboxEnv>, store: Store, clock: () => number, watches: Watches): void {
  const company = (c: Context<SandboxEnv>) => liveCompany(store, c.var.accountId, c.req.param('companyId') ?? '');

  const write = (c: Context<SandboxEnv>, previous: CompanyRecord | undefined): CompanyRecord => {
    const record = readCompany(Reader.body(parseJson(c.var.rawBody)), previous, previous?.id ?? randomId());
    const taken = store
      .companiesOf(c.var.accountId)
      .some((other) => other.record.id !== record.id && record.externalId && other.record.externalId === record.externalId);
    if (taken) throw invalid('externalId', `Another company already has the externalId "${record.externalId}".`);
    const updated = { dateTime: formatWallClock(instantToWallClock(clock(), record.timeZone)), timeZone: record.timeZone };
    store.changed();
    return { ...record, updated };
  };

  router.get('/companies', (c) => {
    const query = QueryReader.of(c.req.url);
    const showDeleted = query.boolean('showDeleted') ?? false;
    const fields = query.list('fields');
    const companies = store.companiesOf(c.var.accountId).filter((row) => showDeleted || !row.deleted);
    return c.json({ items: companies.map((row) => wire(row, fields)) });
  });

  router.get('/companies/:companyId', (c) => c.json(wire(company(c), QueryReader.of(c.req.url).list('fields'))));

  router.post('/companies', (c) => {
    const record = write(c, undefined);
    const row: CompanyRow = { accountId: c.var.accountId, deleted: false, record, ...emptyCollections() };
    store.state.companies.set(record.id, row);
    watches.companyChanged(row, 'created', wire(row, undefined));
    return c.json(wire(row, undefined));
  });

  router.put('/companies/:companyId', (c) => {
    const row = company(c);
    row.record = write(c, row.record);
    watches.companyChanged(row, 'updated', wire(row, undefined));
    return c.json(wire(row, undefined));
  });

  router.delete('/companies/:companyId', (c) => {
    company(c).deleted = true;
    store.changed();
    return c.body(null, 204);
  });
}
