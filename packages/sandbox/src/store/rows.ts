/**
 * What the sandbox stores. Records keep their wire shape, except that each relation
 * is stored once (a service lists its staff ids; a staff member's services are
 * derived from that), so an update on one side can never disagree with the other.
 */
import type {
  Appointment,
  Client,
  Company,
  ExtendedProperties,
  Resource,
  ResourceGroup,
  Service,
  Staff,
  StaffGroup,
} from 'booking-widget-shared/types';
import type { Form } from 'booking-widget-shared/form-types';
import type { QueueRow, QueueNotification, RegistrationRow } from './queue-rows.js';

export type { QueueRow, QueueNotification, RegistrationRow };

export interface CompanyRecord extends Company {
  /** Sandbox setting: minutes between slot starts; default the service's or resource's duration. */
  slotInterval?: number;
  /** Sandbox setting: slots that start sooner than this after now are not offered. */
  minimumNoticeMinutes?: number;
  businessCategory?: string[];
  externalCalendars?: { address: string; type: string }[];
  socialMedias?: Record<string, string>;
}

export type ServiceRow = Omit<Service, 'staff'> & { staffIds: string[] };
export type StaffRow = Omit<Staff, 'services'>;
export type ResourceRow = Resource;
export type StaffGroupRow = Omit<StaffGroup, 'members'> & { memberIds: string[] };
export type ResourceGroupRow = Omit<ResourceGroup, 'members'> & { memberIds: string[] };

/** The spec does not show this record's fields; the sandbox keeps a plain named record. */
export interface ServiceResourceRow {
  id: string;
  name: string;
  description?: string;
  extendedProperties?: ExtendedProperties;
}

export interface AppointmentRow extends Omit<Appointment, 'company' | 'start' | 'end'> {
  startMs: number;
  endMs: number;
  /** The service's buffer when booked: the staff member stays busy this long after `endMs`. */
  bufferMinutes: number;
}

export interface ClientRow extends Client {
  accountId: string;
  extendedProperties?: ExtendedProperties;
}

/** The records that live under a company, by collection. */
export interface CompanyCollections {
  services: Map<string, ServiceRow>;
  staff: Map<string, StaffRow>;
  resources: Map<string, ResourceRow>;
  staffGroups: Map<string, StaffGroupRow>;
  resourceGroups: Map<string, ResourceGroupRow>;
  serviceResources: Map<string, ServiceResourceRow>;
  appointments: Map<string, AppointmentRow>;
}

export const COMPANY_COLLECTIONS = [
  'services',
  'staff',
  'resources',
  'staffGroups',
  'resourceGroups',
  'serviceResources',
  'appointments',
] as const satisfies readonly (keyof CompanyCollections)[];

export interface CompanyRow extends CompanyCollections {
  accountId: string;
  /** Deleted companies are kept, and listed only with `showDeleted=true`. */
  deleted: boolean;
  record: CompanyRecord;
}

export interface OAuthCode {
  id: string;
  accountId: string;
  redirectUri: string;
  expiresMs: number;
}

export interface AccessToken {
  id: string;
  accountId: string;
  expiresMs: number;
}

export interface RefreshToken {
  id: string;
  accountId: string;
}

/** A remembered answer to a request that carried an `Idempotency-Key`. */
export interface IdempotencyRecord {
  /** Account, method, path and key. */
  id: string;
  /** SHA-256 of the request body. */
  fingerprint: string;
  status: number;
  body: string;
  createdMs: number;
}

/** An intake form (service contract §11), owned by one account. */
export interface FormRow extends Form {
  accountId: string;
}

export interface SandboxState {
  companies: Map<string, CompanyRow>;
  /** The accounts' intake forms, in list order. */
  forms: Map<string, FormRow>;
  /** Clients by account, then by id. */
  clients: Map<string, Map<string, ClientRow>>;
  oauthCodes: Map<string, OAuthCode>;
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
  idempotency: Map<string, IdempotencyRecord>;
  /** Walk-in queues and the people in them (service contract §16); the notifications their calls sent. */
  queues: Map<string, QueueRow>;
  registrations: Map<string, RegistrationRow>;
  queueNotifications: QueueNotification[];
}

/** An empty collection of each kind, for a new company. */
export function emptyCollections(): CompanyCollections {
  return {
    services: new Map(),
    staff: new Map(),
    resources: new Map(),
    staffGroups: new Map(),
    resourceGroups: new Map(),
    serviceResources: new Map(),
    appointments: new Map(),
  };
}
