/**
 * The state as plain JSON (maps become arrays of records with their `id`), for
 * persistence. Derived indexes are not part of it; they are rebuilt on load.
 */
import {
  COMPANY_COLLECTIONS,
  type AccessToken,
  type ClientRow,
  type CompanyCollections,
  type CompanyRow,
  type FormRow,
  type IdempotencyRecord,
  type OAuthCode,
  type QueueNotification,
  type QueueRow,
  type RegistrationRow,
  type RefreshToken,
  type SandboxState,
} from './rows.js';

type Arrays<T> = { [K in keyof T]: T[K] extends Map<string, infer V> ? V[] : T[K] };

export type CompanySnapshot = Arrays<CompanyRow>;

export interface SandboxSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  companies: CompanySnapshot[];
  /** Absent in snapshots written before forms existed. */
  forms?: FormRow[];
  clients: ClientRow[];
  oauthCodes: OAuthCode[];
  accessTokens: AccessToken[];
  refreshTokens: RefreshToken[];
  idempotency: IdempotencyRecord[];
  /** Absent in snapshots written before walk-in queues existed. */
  queues?: QueueRow[];
  registrations?: RegistrationRow[];
  queueNotifications?: QueueNotification[];
}

export const SNAPSHOT_FORMAT = 'booking-widget-sandbox';

const toMap = <T extends { id: string }>(rows: T[]): Map<string, T> => new Map(rows.map((row) => [row.id, row]));

export function toSnapshot(state: SandboxState): SandboxSnapshot {
  const companies = [...state.companies.values()].map((company) => {
    const copy = { ...company } as unknown as CompanySnapshot;
    for (const name of COMPANY_COLLECTIONS) (copy[name] as unknown[]) = [...company[name].values()];
    return copy;
  });
  return {
    format: SNAPSHOT_FORMAT,
    version: 1,
    companies,
    forms: [...state.forms.values()],
    clients: [...state.clients.values()].flatMap((clients) => [...clients.values()]),
    oauthCodes: [...state.oauthCodes.values()],
    accessTokens: [...state.accessTokens.values()],
    refreshTokens: [...state.refreshTokens.values()],
    idempotency: [...state.idempotency.values()],
    queues: [...state.queues.values()],
    registrations: [...state.registrations.values()],
    queueNotifications: state.queueNotifications,
  };
}

function groupByAccount(clients: ClientRow[]): Map<string, Map<string, ClientRow>> {
  const accounts = new Map<string, Map<string, ClientRow>>();
  for (const client of clients) {
    if (!accounts.has(client.accountId)) accounts.set(client.accountId, new Map());
    accounts.get(client.accountId)!.set(client.id, client);
  }
  return accounts;
}

/** Throws a readable error when `value` is not a snapshot this version wrote. */
export function fromSnapshot(value: unknown): SandboxState {
  const snapshot = value as Partial<SandboxSnapshot> | null;
  if (snapshot?.format !== SNAPSHOT_FORMAT || snapshot.version !== 1 || !Array.isArray(snapshot.companies)) {
    throw new Error(`Not a sandbox state (expected "format": "${SNAPSHOT_FORMAT}", "version": 1).`);
  }
  const companies = snapshot.companies.map((company) => {
    const row = { ...company } as unknown as CompanyRow;
    for (const name of COMPANY_COLLECTIONS) {
      (row[name] as CompanyCollections[typeof name]) = toMap((company[name] ?? []) as { id: string }[]) as never;
    }
    return row;
  });
  return {
    companies: new Map(companies.map((company) => [company.record.id, company])),
    forms: toMap(snapshot.forms ?? []),
    clients: groupByAccount(snapshot.clients ?? []),
    oauthCodes: toMap(snapshot.oauthCodes ?? []),
    accessTokens: toMap(snapshot.accessTokens ?? []),
    refreshTokens: toMap(snapshot.refreshTokens ?? []),
    idempotency: toMap(snapshot.idempotency ?? []),
    queues: toMap(snapshot.queues ?? []),
    registrations: toMap(snapshot.registrations ?? []),
    queueNotifications: snapshot.queueNotifications ?? [],
  };
}
