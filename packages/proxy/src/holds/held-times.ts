/**
 * Which free times a hold takes away from everyone but its holder: the rules of
 * docs/proxy.md, "Held times". The service's answer says only whether what was
 * asked is free; where a hold overlaps, the proxy asks it again with the held
 * part added (more units of a resource, or each performer of a service on its
 * own), for the days with holds only. When that second question fails, the
 * start is hidden: a hold never hides less than it holds.
 */
import type { Resource, Service, Staff } from 'booking-widget-shared/types';
import { instantToWallClock } from 'booking-widget-shared/zone';
import { instantOf } from 'booking-widget-shared/wire-time';
import { isRecord } from 'booking-widget-shared/is-record';
import type { ResolvedProxy } from '../resolve-options.js';
import { performers } from '../rules/appointment-subject.js';
import type { Hold } from './hold-book.js';

/** What a free-slot question or a booking is for (service contract §5, §13). */
export interface SlotSubject {
  serviceId?: string;
  resourceId?: string;
  /** Absent or `"0"`: anyone who performs the service. */
  staffId?: string;
  resourceCount: number;
  iterationCount: number;
}

/** What the rules read of the company: its zone and the records that give lengths, units and performers. */
export interface HeldContext {
  proxy: ResolvedProxy;
  companyId: string;
  zone: string;
  services: readonly Service[];
  resources: readonly Resource[];
  staff: readonly Staff[];
}

const MINUTE_MS = 60_000;
const namesStaff = (staffId: string | undefined): staffId is string => staffId !== undefined && staffId !== '0';

/** The length and buffer of what `subject` books, in ms; `undefined` for a subject the catalog does not know. */
export function lengthOf(context: HeldContext, subject: SlotSubject): { lengthMs: number; bufferMs: number } | undefined {
  if (subject.resourceId !== undefined) {
    const resource = context.resources.find((r) => String(r.id) === subject.resourceId);
    return resource?.duration ? { lengthMs: resource.duration * subject.iterationCount * MINUTE_MS, bufferMs: 0 } : undefined;
  }
  const service = context.services.find((s) => String(s.id) === subject.serviceId);
  if (!service?.duration) return undefined;
  return { lengthMs: service.duration * MINUTE_MS, bufferMs: (service.bufferDuration ?? 0) * MINUTE_MS };
}

/** The staff members a service subject may be booked with: the one named, or everyone shown online who performs it. */
export function candidatesOf(context: HeldContext, subject: SlotSubject): string[] {
  if (namesStaff(subject.staffId)) return [subject.staffId];
  const service = context.services.find((s) => String(s.id) === subject.serviceId);
  if (!service) return [];
  const visible = context.staff.filter((member) => member.availableForWidget !== false);
  return performers(service, visible).map((member) => String(member.id));
}

/**
 * Whether `hold` keeps the staff member or units that a booking of
 * `[startMs, startMs + lengthMs)` (then `bufferMs` kept free) would need. Both
 * buffers count: once the held time is booked, the service keeps its buffer free too.
 */
function staffHoldOverlaps(hold: Hold, staffId: string, startMs: number, lengthMs: number, bufferMs: number): boolean {
  return (
    'staffId' in hold.subject &&
    hold.subject.staffId === staffId &&
    startMs < hold.endMs + hold.bufferMinutes * MINUTE_MS &&
    hold.startMs < startMs + lengthMs + bufferMs
  );
}

function heldUnits(holds: readonly Hold[], resourceId: string, startMs: number, lengthMs: number): number {
  let units = 0;
  for (const hold of holds) {
    if (
      'resourceId' in hold.subject &&
      hold.subject.resourceId === resourceId &&
      startMs < hold.endMs &&
      hold.startMs < startMs + lengthMs
    ) {
      units += hold.subject.units;
    }
  }
  return units;
}

const dayOf = (context: HeldContext, startMs: number) => instantToWallClock(startMs, context.zone).date;

/** The starts the service offers on `day` for `query`, as instants; empty when it cannot say. */
async function freeStartsOn(context: HeldContext, day: string, query: Record<string, string>): Promise<Set<number>> {
  const search = new URLSearchParams({ startDate: day, endDate: day, ...query, timeZone: context.zone });
  const path = ['api', '2.0', 'scheduling', 'companies', context.companyId, 'widget', 'freeSlots'];
  try {
    const answer = await context.proxy.upstream.exchange(
      { method: 'GET', path, query: `?${search}`, headers: new Headers({ Accept: 'application/json' }) },
      async (response, deadline) => (response.ok ? ((await deadline.race(response.json())) as unknown) : undefined),
    );
    return new Set(slotInstants(answer, context.zone).map(({ startMs }) => startMs));
  } catch {
    return new Set();
  }
}

/** Every start of a free-slot answer (service contract §5) with its day; what is not a start is left out. */
export function slotInstants(answer: unknown, zone: string): { day: string; slot: string; startMs: number }[] {
  if (!isRecord(answer) || !Array.isArray(answer.items)) return [];
  const found: { day: string; slot: string; startMs: number }[] = [];
  for (const item of answer.items) {
    if (!isRecord(item) || typeof item.day !== 'string' || !Array.isArray(item.slots)) continue;
    const timeZone = typeof item.timeZone === 'string' ? item.timeZone : zone;
    for (const slot of item.slots) {
      if (typeof slot !== 'string') continue;
      const startMs = instantOf({ dateTime: slot.includes('T') ? slot : `${item.day}T${slot}`, timeZone }, zone);
      if (startMs !== undefined) found.push({ day: item.day, slot, startMs });
    }
  }
  return found;
}

/**
 * The starts among `starts` (each free for `subject` by the service's own answer)
 * that `holds` take: every one the service would refuse once the held times were booked.
 */
export async function heldStarts(
  context: HeldContext,
  subject: SlotSubject,
  starts: readonly number[],
  holds: readonly Hold[],
): Promise<Set<number>> {
  const hidden = new Set<number>();
  const length = lengthOf(context, subject);
  if (!holds.length || !starts.length || !length) return hidden;

  if (subject.resourceId !== undefined) {
    const resourceId = subject.resourceId;
    const count = context.resources.find((r) => String(r.id) === resourceId)?.count ?? 1;
    // One question per day and per number of units the holds take at some start of it.
    const asked = new Map<string, Promise<Set<number>>>();
    for (const startMs of starts) {
      const held = heldUnits(holds, resourceId, startMs, length.lengthMs);
      if (held === 0) continue;
      const units = subject.resourceCount + held;
      if (units > count) {
        hidden.add(startMs);
        continue;
      }
      const day = dayOf(context, startMs);
      const key = `${day}/${units}`;
      if (!asked.has(key)) {
        asked.set(
          key,
          freeStartsOn(context, day, { resourceId, resourceCount: String(units), iterationCount: String(subject.iterationCount) }),
        );
      }
      if (!(await asked.get(key)!).has(startMs)) hidden.add(startMs);
    }
    return hidden;
  }

  const candidates = candidatesOf(context, subject);
  const heldFor = (staffId: string, startMs: number) =>
    holds.some((hold) => staffHoldOverlaps(hold, staffId, startMs, length.lengthMs, length.bufferMs));
  if (namesStaff(subject.staffId)) {
    for (const startMs of starts) if (heldFor(subject.staffId, startMs)) hidden.add(startMs);
    return hidden;
  }
  // "Anyone": the start stays when some performer is free at it and holds nothing there.
  const asked = new Map<string, Promise<Set<number>>>();
  for (const startMs of starts) {
    if (!candidates.some((staffId) => heldFor(staffId, startMs))) continue;
    const day = dayOf(context, startMs);
    let stillFree = false;
    for (const staffId of candidates) {
      if (heldFor(staffId, startMs)) continue;
      const key = `${day}/${staffId}`;
      if (!asked.has(key)) asked.set(key, freeStartsOn(context, day, { serviceId: subject.serviceId!, staffId }));
      if ((await asked.get(key)!).has(startMs)) {
        stillFree = true;
        break;
      }
    }
    if (!stillFree) hidden.add(startMs);
  }
  return hidden;
}

/** The performer an "anyone" hold is counted against: the first who is free at the start and holds nothing there. */
export async function pinPerformer(
  context: HeldContext,
  subject: SlotSubject,
  startMs: number,
  holds: readonly Hold[],
): Promise<string | undefined> {
  const length = lengthOf(context, subject);
  if (!length) return undefined;
  const day = dayOf(context, startMs);
  for (const staffId of candidatesOf(context, subject)) {
    if (holds.some((hold) => staffHoldOverlaps(hold, staffId, startMs, length.lengthMs, length.bufferMs))) continue;
    if ((await freeStartsOn(context, day, { serviceId: subject.serviceId!, staffId })).has(startMs)) return staffId;
  }
  return undefined;
}
