import type { CompanyRow } from './rows.js';
import type { Store } from './store.js';

/** What a request may read and change: its account's data, at the sandbox's now. */
export interface AccountScope {
  store: Store;
  accountId: string;
  nowMs: number;
}

/** A request under `/companies/{companyId}/…`. */
export interface CompanyScope extends AccountScope {
  company: CompanyRow;
}
