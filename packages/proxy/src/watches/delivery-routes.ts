/**
 * The proxy's side of the service's deliveries (service contract §14): a booking made by
 * phone or in the dashboard leaves the open pages' times, and a service renamed or hidden
 * leaves the proxy's catalog, within seconds. Each route checks the secret (403 without
 * it) and answers 204 at once: what needs a call to the service (reading the appointment)
 * comes after, as the service waits for no one. Handling a delivery twice changes nothing
 * more, since the service may send one twice.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import { instantOf } from 'booking-widget-shared/wire-time';
import { instantToWallClock } from 'booking-widget-shared/zone';
import { forbidden, RefusalReason } from '../http/refusal.js';
import { jsonBody } from '../http/request-body.js';
import type { CatalogChanged, SlotsChanged } from '../live/live-bus.js';
import type { ResolvedProxy } from '../resolve-options.js';
import type { Guard } from '../rules/guard.js';
import { sameSecret, type ServiceWatches } from './service-watches.js';

/** A Company or a Notification with an e-mail's HTML: larger than any visitor's body may be. */
const DELIVERY_MAX_BYTES = 1_048_576;
const SECRET_HEADER = 'X-Watch-Secret';

const accepted = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

async function checkSecret(watches: ServiceWatches | undefined, given: string | null | undefined): Promise<ServiceWatches> {
  if (!watches || !given || !sameSecret(given, await watches.secret())) {
    throw forbidden(RefusalReason.watchSecretInvalid, 'This delivery does not carry the secret of a watch of this proxy.');
  }
  return watches;
}

/** `POST {publicUrl}/proxy/companies/{company}/hooks/notifications/{secret}`: a message about one appointment. */
export const notificationDelivered: Guard = async ({ proxy, companyId, path, request, waitUntil }) => {
  const watches = await checkSecret(proxy.watches, path.at(-1));
  const body = await jsonBody(request, DELIVERY_MAX_BYTES, proxy.bodyTimeoutMs);
  const appointment = isRecord(body) && isRecord(body.appointment) ? body.appointment.id : undefined;
  if (typeof appointment === 'string' || typeof appointment === 'number') {
    // A read that fails still leaves no stale shared answer behind; the pages hear of it at their next load.
    const work = () => appointmentChanged(proxy, companyId!, String(appointment)).catch(() => proxy.slotCache.forget(companyId!));
    // The service is answered first; a Worker is kept running until the pages are told.
    waitUntil(watches.after(companyId!, work));
  }
  return accepted();
};

/** `POST {publicUrl}/proxy/hooks/company/{tag}`: a company of the account, created or updated. */
export const companyDelivered: Guard = async ({ proxy, request, waitUntil }) => {
  await checkSecret(proxy.watches, request.headers.get(SECRET_HEADER));
  const body = await jsonBody(request, DELIVERY_MAX_BYTES, proxy.bodyTimeoutMs);
  const names = isRecord(body) ? [body.id, body.externalId].filter((name) => typeof name === 'string' || typeof name === 'number') : [];
  // The widget may name the company by either: every served name of it forgets what it read.
  for (const served of proxy.companies) {
    if (!names.some((name) => String(name) === served)) continue;
    catalogChanged(proxy, served);
    // The other instances forget theirs as they hear it, and the open pages read the catalog again (live/live-route.ts).
    const news: CatalogChanged = { type: 'catalog' };
    waitUntil(proxy.live.publish(served, news));
  }
  return accepted();
};

/** What an instance forgets when a company changed: what it read of it, and, as its hours or services may have changed, every day's free times. */
export function catalogChanged(proxy: ResolvedProxy, companyId: string): void {
  proxy.catalog.forget(companyId);
  proxy.slotCache.forget(companyId);
}

/** When an appointment the watch told of starts and ends, as the proxy last heard; kept until it ends. */
interface Seen {
  startMs: number;
  endMs: number;
}

const seenKey = (companyId: string, appointmentId: string) => `watched-appointment:${companyId}:${appointmentId}`;

/**
 * Reads the appointment and compares it with what the proxy last heard of it: a new or moved
 * time, or a booking gone, tells the pages of each day that changed; the same time again
 * (the same delivery twice, a reminder) tells nobody.
 */
async function appointmentChanged(proxy: ResolvedProxy, companyId: string, appointmentId: string): Promise<void> {
  const { timeZone } = await proxy.catalog.company(companyId);
  const now = await readTimes(proxy, companyId, appointmentId, timeZone);
  const key = seenKey(companyId, appointmentId);
  const before = parseSeen(await proxy.state.get(key).catch(() => undefined));
  if (now && before && now.startMs === before.startMs && now.endMs === before.endMs) return;
  if (!now && !before) return;
  const changes: SlotsChanged[] = [];
  const dayOf = (instant: number) => instantToWallClock(instant, timeZone).date;
  if (now) {
    changes.push({ type: 'slots', day: dayOf(now.startMs), reason: 'booked' });
    await proxy.state.set(key, JSON.stringify(now), Math.max(now.endMs - proxy.now(), 60_000)).catch(() => {});
  } else {
    await proxy.state.delete(key).catch(() => {});
  }
  if (before && dayOf(before.startMs) !== changes[0]?.day) changes.push({ type: 'slots', day: dayOf(before.startMs), reason: 'freed' });
  proxy.slotCache.forget(companyId);
  for (const change of changes) await proxy.live.publish(companyId, change);
}

/** The appointment's times, or `undefined` when it is gone (cancelled: 404, or kept with a cancelled status). */
async function readTimes(proxy: ResolvedProxy, companyId: string, appointmentId: string, zone: string): Promise<Seen | undefined> {
  const path = ['api', '2.1', 'scheduling', 'companies', companyId, 'appointments', appointmentId];
  return proxy.upstream.exchange(
    { method: 'GET', path, headers: new Headers({ Accept: 'application/json' }) },
    async (answer, deadline) => {
      const text = await deadline.race(answer.text());
      if (answer.status === 404) return undefined;
      if (!answer.ok) throw new Error(`The service answered ${answer.status} to the appointment's read.`);
      const value = JSON.parse(text) as unknown;
      if (!isRecord(value) || (typeof value.status === 'string' && /^cancel/i.test(value.status))) return undefined;
      const startMs = instantOf(value.start, zone);
      const endMs = instantOf(value.end, zone, startMs);
      if (startMs === undefined || endMs === undefined) throw new Error("The appointment's times could not be read.");
      return { startMs, endMs };
    },
  );
}

function parseSeen(text: string | undefined): Seen | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return isRecord(value) && typeof value.startMs === 'number' && typeof value.endMs === 'number'
      ? { startMs: value.startMs, endMs: value.endMs }
      : undefined;
  } catch {
    return undefined;
  }
}
