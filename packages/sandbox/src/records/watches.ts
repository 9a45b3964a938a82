/**
 * The service's watches (service contract §14): who asked to hear of a company's
 * changes, and what each hears. Kept in memory only, as a receiver registers its
 * watches again when it starts: a sandbox restarted from its data file has none.
 */
import { formatWallClock, instantToWallClock } from 'booking-widget-shared/zone';
import { invalid, notFound } from '../http/api-error.js';
import type { Links } from '../http/links.js';
import { WatchDeliveries, type DeliveryTiming } from '../http/watch-delivery.js';
import { randomId } from '../store/ids.js';
import type { AppointmentRow, CompanyRow, QueueNotification } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import type { Reader } from '../validate/reader.js';

const MAX_URL = 2048;
const MAX_HEADERS = 20;

/** A company watch (`POST /companies/watch`): every company of its account, created or updated. */
export interface CompanyWatch {
  id: string;
  accountId: string;
  address: string;
  name?: string;
  method: string;
  httpRequestHeader: Record<string, string>;
  status: 'enabled' | 'disabled';
}

/** A notifications watch (`POST /companies/{companyId}/notifications/watch`): one company's messages. */
export interface NotificationsWatch {
  id: string;
  companyId: string;
  address: string;
}

/** What happened to an appointment, as its message to the client says. */
export const AppointmentEvent = { booked: 'booked', moved: 'moved', cancelled: 'cancelled' } as const;
export type AppointmentEvent = (typeof AppointmentEvent)[keyof typeof AppointmentEvent];

/**
 * An address the sandbox may POST to: an absolute https URL, or http to this machine
 * (a proxy under development); never one that carries a user name or password.
 */
function readAddress(body: Reader): string {
  const address = body.string('address', { required: true, max: MAX_URL })!;
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  const local = url && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && local)) || url.username || url.password) {
    throw invalid('address', '"address" must be an absolute https URL (http only to this machine), without user name or password.');
  }
  return url.href;
}

function readHeaders(body: Reader): Record<string, string> {
  const headers = body.object('httpRequestHeader');
  if (!headers) return {};
  const entries = Object.keys(readRaw(body, 'httpRequestHeader')).map((name) => {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(name))
      throw invalid(headers.field(name), 'A header name may hold letters, digits and -.');
    return [name, headers.string(name, { required: true, max: 1000 })!] as const;
  });
  if (entries.length > MAX_HEADERS) throw invalid('httpRequestHeader', `At most ${MAX_HEADERS} headers.`);
  return Object.fromEntries(entries);
}

const readRaw = (body: Reader, key: string): Record<string, unknown> => body.raw(key) as Record<string, unknown>;

export class Watches {
  readonly companyWatches = new Map<string, CompanyWatch>();
  /** By company id, then by the caller's id for the watch. */
  readonly notificationsWatches = new Map<string, Map<string, NotificationsWatch>>();
  readonly deliveries: WatchDeliveries;

  constructor(timing: DeliveryTiming) {
    this.deliveries = new WatchDeliveries(timing);
  }

  addCompanyWatch(accountId: string, body: Reader): CompanyWatch {
    const method = body.string('method', { pattern: /^(POST|PUT|PATCH|DELETE)$/, format: 'POST, PUT, PATCH or DELETE' }) ?? 'POST';
    const status = body.string('status', { pattern: /^(enabled|disabled)$/, format: 'enabled or disabled' }) ?? 'enabled';
    const watch: CompanyWatch = {
      id: randomId(),
      accountId,
      address: readAddress(body),
      name: body.string('name', { max: 200 }),
      method,
      httpRequestHeader: readHeaders(body),
      status: status as CompanyWatch['status'],
    };
    this.companyWatches.set(watch.id, watch);
    return watch;
  }

  /** The same `id` again for the same company replaces the watch: a receiver re-registers at every start. */
  addNotificationsWatch(company: CompanyRow, body: Reader): NotificationsWatch {
    const watch: NotificationsWatch = {
      id: body.string('id', { required: true, max: 200 })!,
      companyId: company.record.id,
      address: readAddress(body),
    };
    let watches = this.notificationsWatches.get(watch.companyId);
    if (!watches) this.notificationsWatches.set(watch.companyId, (watches = new Map()));
    watches.set(watch.id, watch);
    return watch;
  }

  companyWatchOf(accountId: string, id: string): CompanyWatch {
    const watch = this.companyWatches.get(id);
    if (!watch || watch.accountId !== accountId) throw notFound(`No watcher "${id}".`);
    return watch;
  }

  /** Tells the account's enabled company watches that `company` was created or updated. */
  companyChanged(company: CompanyRow, event: 'created' | 'updated', wire: unknown): void {
    const body = JSON.stringify(wire);
    for (const watch of this.companyWatches.values()) {
      if (watch.accountId !== company.accountId || watch.status !== 'enabled') continue;
      this.deliveries.send(company.record.id, {
        address: watch.address,
        method: watch.method,
        headers: { ...watch.httpRequestHeader, 'Content-Type': 'application/json', 'X-Service-objectEvent': event },
        body,
      });
    }
  }

  /** Sends the client's message about `appointment` to the company's notifications watches. */
  appointmentChanged(scope: CompanyScope, appointment: AppointmentRow, event: AppointmentEvent, links: Links): void {
    const watches = this.notificationsWatches.get(scope.company.record.id);
    if (!watches?.size) return;
    const body = JSON.stringify(notificationOf(scope, appointment, event, links));
    for (const watch of watches.values()) {
      this.deliveries.send(scope.company.record.id, {
        address: watch.address,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-objectEvent': 'notification' },
        body,
      });
    }
  }

  /** Sends a walk-in line's "it's your turn" text (service contract §16) to its company's notifications watches. */
  registrationNotified({ companyId, type, registration, date, recipients, content }: QueueNotification): void {
    const watches = this.notificationsWatches.get(companyId);
    if (!watches?.size) return;
    const body = JSON.stringify({ type, registration, date, recipients, content });
    for (const watch of watches.values()) {
      this.deliveries.send(companyId, {
        address: watch.address,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-objectEvent': 'notification' },
        body,
      });
    }
  }
}

/**
 * The message the service sends the client (§14's Notification): an e-mail when the client
 * gave an address, else a text. The sandbox sends one for every change, also to a client who
 * gave neither (with no recipient), so that a watch hears of every booking.
 */
function notificationOf(scope: CompanyScope, appointment: AppointmentRow, event: AppointmentEvent, links: Links) {
  const { record } = scope.company;
  const client = scope.store.clientsOf(scope.accountId).get(appointment.client.id);
  const email = client?.emailAddresses?.find((entry) => entry.primary)?.email ?? client?.emailAddresses?.[0]?.email;
  const phone = client?.phoneNumbers?.find((entry) => entry.primary)?.number ?? client?.phoneNumbers?.[0]?.number;
  const type = email || !phone ? 'email' : 'sms';
  const recipient = email
    ? { id: appointment.client.id, type, emailAddress: email }
    : phone
      ? { id: appointment.client.id, type, phoneNumber: phone }
      : undefined;
  const when = formatWallClock(instantToWallClock(appointment.startMs, record.timeZone)).replace('T', ' ').slice(0, 16);
  const what = appointment.service?.name ?? appointment.resource?.name ?? 'appointment';
  const subject = `${record.name}: your ${what} on ${when} is ${event}`;
  return {
    type,
    appointment: { id: appointment.id, selfLink: `${links.company(record.id)}/appointments/${encodeURIComponent(appointment.id)}` },
    date: { dateTime: formatWallClock(instantToWallClock(scope.nowMs, record.timeZone)), timeZone: record.timeZone },
    recipients: recipient ? [recipient] : [],
    content: { content: `${subject}.`, mimeType: 'text', ...(type === 'email' ? { subject } : {}) },
  };
}

/** The Watcher of `GET /api/2.0/watchers` (spec fields). */
export const watcherOf = (watch: CompanyWatch) => ({
  id: watch.id,
  address: watch.address,
  ...(watch.name === undefined ? {} : { name: watch.name }),
  status: watch.status,
  objectOwner: { type: 'schedulingCompany', id: watch.accountId },
});
