import { BusyIndex } from '../engine/busy-index.js';
import { notFound } from '../http/api-error.js';
import type { ClientRow, CompanyRow, SandboxState } from './rows.js';
import { toSnapshot, type SandboxSnapshot } from './snapshot.js';

/** The sandbox's state, with the lookups every route needs and the indexes derived from it. */
export class Store {
  /** Goes up with every change, so that the app knows when to persist. */
  revision = 0;
  private readonly _busy = new WeakMap<CompanyRow, BusyIndex>();

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

  /** A live company of the account by id or externalId; 404 otherwise (deleted ones included). */
  company(accountId: string, idOrExternalId: string): CompanyRow {
    const companies = this.companiesOf(accountId).filter((company) => !company.deleted);
    const company =
      companies.find((row) => row.record.id === idOrExternalId) ?? companies.find((row) => row.record.externalId === idOrExternalId);
    if (!company) throw notFound(`No company "${idOrExternalId}".`);
    return company;
  }

  /** The account's clients. */
  clientsOf(accountId: string): Map<string, ClientRow> {
    let clients = this.state.clients.get(accountId);
    if (!clients) this.state.clients.set(accountId, (clients = new Map()));
    return clients;
  }

  /** Who and what is booked when, for the availability engine. */
  busy(company: CompanyRow): BusyIndex {
    let index = this._busy.get(company);
    if (!index) this._busy.set(company, (index = new BusyIndex(company.appointments.values())));
    return index;
  }
}
