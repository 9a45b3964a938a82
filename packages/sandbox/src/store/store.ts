import type { ClientRow, CompanyRow, SandboxState } from './rows.js';
import { toSnapshot, type SandboxSnapshot } from './snapshot.js';

/** The sandbox's state, with the lookups every route needs and the indexes derived from it. */
export class Store {
  /** Goes up with every change, so that the app knows when to persist. */
  revision = 0;

  constructor(readonly state: SandboxState) {}

  changed(): void {
    this.revision++;
  }

  snapshot(): SandboxSnapshot {
    return toSnapshot(this.state);
  }

  companiesOf(accountId: string): CompanyRow[] {
    return [...this.state.companies.values()].filter((company) => company.accountId === accountId);
  }

  /** A live company of the account by id or externalId; `undefined` for any other (deleted ones included). */
  findCompany(accountId: string, idOrExternalId: string): CompanyRow | undefined {
    const companies = this.companiesOf(accountId).filter((company) => !company.deleted);
    return companies.find((row) => row.record.id === idOrExternalId) ?? companies.find((row) => row.record.externalId === idOrExternalId);
  }

  /** The account's clients. */
  clientsOf(accountId: string): Map<string, ClientRow> {
    let clients = this.state.clients.get(accountId);
    if (!clients) this.state.clients.set(accountId, (clients = new Map()));
    return clients;
  }
}
