import type { CompanyRow } from '../store/rows.js';
import type { Store } from '../store/store.js';
import { notFound } from './api-error.js';

/** The live company a path or query names (id or externalId), or the 404 the service gives for any other, deleted ones included. */
export function liveCompany(store: Store, accountId: string, idOrExternalId: string): CompanyRow {
  const company = store.findCompany(accountId, idOrExternalId);
  if (!company) throw notFound(`No company "${idOrExternalId}".`);
  return company;
}
