import { SANDBOX_ACCOUNT } from '../credentials.js';
import type { SandboxState } from '../store/rows.js';
import { clinic } from './clinic.js';
import { SEED_CLIENTS } from './clients.js';
import { courts } from './courts.js';
import { seedForms } from './forms.js';
import { salon } from './salon.js';
import { salonWest } from './salon-west.js';
import { seedQueueForms, seedQueues } from './queues.js';

/**
 * The demo companies (the salon has two locations), their intake forms, clients and appointments. Everything dated is
 * placed relative to `nowMs` (in each company's zone), so a fixed clock gives the
 * same availability on every run.
 */
export function seedState(nowMs: number): SandboxState {
  const companies = [salon(nowMs), courts(nowMs), clinic(nowMs), salonWest(nowMs)];
  const clients = Object.values(SEED_CLIENTS).map((client) => structuredClone(client));
  return {
    companies: new Map(companies.map((company) => [company.record.id, company])),
    forms: new Map([...seedForms(), ...seedQueueForms()].map((form) => [form.id, form])),
    clients: new Map([[SANDBOX_ACCOUNT, new Map(clients.map((client) => [client.id, client]))]]),
    oauthCodes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    idempotency: new Map(),
    queues: new Map(seedQueues().map((queue) => [queue.id, queue])),
    registrations: new Map(),
    queueNotifications: [],
  };
}
