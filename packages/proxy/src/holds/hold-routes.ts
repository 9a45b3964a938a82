/**
 * The proxy's own routes for held times, and what holds change in the routes it
 * forwards: free-slot answers leave held starts out, and a booking of a held time
 * without its hold token is refused before anything is written upstream. The
 * rules are in held-times.ts; docs/proxy.md, "Held times", says why.
 */
import type { AppointmentInput, DateTimeInZone } from 'booking-widget-shared/types';
import { instantOf } from 'booking-widget-shared/wire-time';
import { instantToWallClock, isTimeZone } from 'booking-widget-shared/zone';
import type { SlotsChanged } from '../live/live-bus.js';
import { isRecord } from 'booking-widget-shared/is-record';
import { addressKey } from '../rules/visitor-rate-limit.js';
import { ERROR_HEADERS, forbidden, Refusal, RefusalReason } from '../http/refusal.js';
import type { ObjectShape } from '../http/shape.js';
import type { ResolvedProxy } from '../resolve-options.js';
import { checkSubject } from '../rules/appointment-subject.js';
import { checkAppointmentTimes } from '../rules/appointment-times.js';
import { bookingLimits } from '../rules/booking-settings.js';
import type { Forwarding, Guard } from '../rules/guard.js';
import { catalogUnavailable } from '../upstream/catalog.js';
import { editHolds, readHolds, type HeldSubject, type Hold } from './hold-book.js';
import { heldStarts, lengthOf, pinPerformer, slotInstants, type HeldContext, type SlotSubject } from './held-times.js';

/** The header a booking (and a free-slot read) carries its own hold token in. */
export const HOLD_TOKEN_HEADER = 'Hold-Token';
const KIND = 'hold';
/** One visitor holds one time per widget; an address may hold a few (a family, an office behind one address). */
export const MAX_HOLDS_PER_ADDRESS = 3;
/** Hold requests per address and minute: a visitor trying times, and the renewals, stay well within it. */
export const HOLD_RATE = { max: 30, windowSeconds: 60 } as const;

const ID = { id: 'string' } as const;
const DATE_TIME = { dateTime: 'string', timeZone: 'string' } as const;
export const HOLD_SHAPE: ObjectShape = {
  service: ID,
  resource: ID,
  staff: ID,
  start: DATE_TIME,
  end: DATE_TIME,
  resourceCount: 'integer',
  iterationCount: 'integer',
  /** The visitor's current hold: renewed when it is for the same time, otherwise replaced. */
  token: 'string',
};
export const RELEASE_SHAPE: ObjectShape = { token: 'string' };

interface HoldInput {
  service?: { id: string };
  resource?: { id: string };
  staff?: { id: string };
  start?: DateTimeInZone;
  end?: DateTimeInZone;
  resourceCount?: number;
  iterationCount?: number;
  token?: string;
}

const taken = (): Refusal =>
  new Refusal(409, 'DATE_NOT_AVAILABLE', 'That time is being booked by another visitor.', RefusalReason.timeHeld, 'start.dateTime');

const answer = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: ERROR_HEADERS });

async function contextOf(
  proxy: ResolvedProxy,
  companyId: string,
): Promise<HeldContext & { company: Awaited<ReturnType<ResolvedProxy['catalog']['company']>> }> {
  const company = await proxy.catalog.company(companyId);
  if (!isTimeZone(company.timeZone)) throw catalogUnavailable();
  const resourceMode = company.scheduledItems === 'resource';
  const [services, resources, staff] = await Promise.all([
    resourceMode ? [] : proxy.catalog.list(companyId, 'services'),
    resourceMode ? proxy.catalog.list(companyId, 'resources') : [],
    resourceMode ? [] : proxy.catalog.list(companyId, 'staff'),
  ]);
  return { proxy, companyId, zone: company.timeZone, services, resources, staff, company };
}

const subjectOf = (input: {
  service?: { id: string };
  resource?: { id: string };
  staff?: { id: string };
  resourceCount?: number;
  iterationCount?: number;
}): SlotSubject => ({
  serviceId: input.service?.id,
  resourceId: input.resource?.id,
  staffId: input.staff?.id,
  resourceCount: input.resourceCount ?? 1,
  iterationCount: input.iterationCount ?? 1,
});

async function holdIdOf(proxy: ResolvedProxy, companyId: string, token: string | null | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  const payload = await proxy.signer.verify(token, KIND, proxy.now());
  return payload?.company === companyId && typeof payload.id === 'string' ? payload.id : undefined;
}

const sameTime = (hold: Hold, subject: HeldSubject, startMs: number) =>
  hold.startMs === startMs && JSON.stringify(hold.subject) === JSON.stringify(subject);

function conflicts(holds: readonly Hold[], candidate: Hold, count: number): boolean {
  const overlapping = holds.filter(
    (hold) =>
      hold.startMs < candidate.endMs + candidate.bufferMinutes * 60_000 && candidate.startMs < hold.endMs + hold.bufferMinutes * 60_000,
  );
  const subject = candidate.subject;
  if ('staffId' in subject) return overlapping.some((hold) => 'staffId' in hold.subject && hold.subject.staffId === subject.staffId);
  const held = overlapping.reduce(
    (sum, hold) => sum + ('resourceId' in hold.subject && hold.subject.resourceId === subject.resourceId ? hold.subject.units : 0),
    0,
  );
  return held + subject.units > count;
}

/** `POST …/holds`: hold (or renew, or move) the visitor's one held time. */
export const guardHold: Guard = async ({ proxy, companyId, body, request }) => {
  if (proxy.holdSeconds === 0) throw forbidden(RefusalReason.pathNotAllowed);
  // Per address as every limit counts (an IPv6 /64), so that one subscriber cannot hold a fresh time from each of its addresses.
  const address = await addressKey(proxy, proxy.clientAddress(request));
  const waitSeconds = await proxy.state.hit(`hold-rate:${address}`, HOLD_RATE.max, HOLD_RATE.windowSeconds);
  if (waitSeconds > 0) {
    throw new Refusal(
      429,
      'RATE_LIMITED',
      'Too many held times from this address; try again later.',
      RefusalReason.rateLimited,
      undefined,
      {
        'Retry-After': String(waitSeconds),
      },
    );
  }
  const input = body as HoldInput;
  const context = await contextOf(proxy, companyId!);
  const limits = bookingLimits(context.company);
  const minutes = await checkSubject(input as Partial<AppointmentInput>, context.company.scheduledItems, companyId!, proxy.catalog, limits);
  checkAppointmentTimes(input.start, input.end, context.zone, minutes, limits, proxy.now());
  const startMs = instantOf(input.start, context.zone)!;
  const slot = subjectOf(input);
  const length = lengthOf(context, slot)!;
  const previousId = await holdIdOf(proxy, companyId!, input.token);
  const others = (await readHolds(proxy.state, companyId!, proxy.now())).filter((hold) => hold.id !== previousId);

  let subject: HeldSubject;
  if (slot.resourceId !== undefined) {
    subject = { resourceId: slot.resourceId, units: slot.resourceCount };
  } else {
    const staffId = slot.staffId && slot.staffId !== '0' ? slot.staffId : await pinPerformer(context, slot, startMs, others);
    if (!staffId) throw taken();
    subject = { staffId, serviceId: slot.serviceId! };
  }
  if ((await heldStarts(context, slot, [startMs], others)).size) throw taken();

  const now = proxy.now();
  const count = slot.resourceId === undefined ? 1 : (context.resources.find((r) => String(r.id) === slot.resourceId)?.count ?? 1);
  let moved: Hold | undefined;
  const hold = await editHolds(proxy.state, companyId!, proxy.now, (holds) => {
    const previous = holds.find((h) => h.id === previousId);
    moved = previous;
    const rest = holds.filter((h) => h.id !== previousId);
    const next: Hold = {
      id: previous && sameTime(previous, subject, startMs) ? previous.id : crypto.randomUUID(),
      address,
      subject,
      startMs,
      endMs: startMs + length.lengthMs,
      bufferMinutes: length.bufferMs / 60_000,
      expiresAt: now + proxy.holdSeconds * 1000,
    };
    if (conflicts(rest, next, count)) throw taken();
    if (rest.filter((h) => h.address === address).length >= MAX_HOLDS_PER_ADDRESS) {
      throw new Refusal(429, 'RATE_LIMITED', 'This address already holds several times.', RefusalReason.rateLimited);
    }
    return { holds: [...rest, next], result: next };
  });
  const token = await proxy.signer.sign({ kind: KIND, exp: hold.expiresAt, id: hold.id, company: companyId! });
  await tellPages(proxy, companyId!, context.zone, startMs, 'held');
  if (moved && moved.startMs !== startMs) await tellPages(proxy, companyId!, context.zone, moved.startMs, 'released');
  await whenLapsed(proxy, companyId!, context.zone, hold);
  return answer(201, { token, expiresAt: new Date(hold.expiresAt).toISOString(), seconds: proxy.holdSeconds });
};

/** `POST …/holds/release`: the visitor went back, left, or booked. Answers 204 whatever the token was: nothing to learn from it. */
export const guardRelease: Guard = async ({ proxy, companyId, body }) => {
  const id = await holdIdOf(proxy, companyId!, (body as { token?: string }).token);
  if (id !== undefined && proxy.holdSeconds > 0) await releaseHold(proxy, companyId!, id);
  return answer(204);
};

export async function releaseHold(proxy: ResolvedProxy, companyId: string, id: string): Promise<void> {
  const released = await editHolds(proxy.state, companyId, proxy.now, (holds) => ({
    holds: holds.filter((hold) => hold.id !== id),
    result: holds.find((hold) => hold.id === id),
  }));
  if (released) {
    const { timeZone } = await proxy.catalog.company(companyId);
    if (isTimeZone(timeZone)) await tellPages(proxy, companyId, timeZone, released.startMs, 'released');
  }
}

/**
 * Tells the company's open pages that a day's free times changed (live/); a bus that fails costs only the news.
 * Awaited before the answer: a Worker may stop what is still running once it has answered, and the news is
 * one short call (a Redis PUBLISH, a POST to the company's Durable Object).
 */
async function tellPages(
  proxy: ResolvedProxy,
  companyId: string,
  zone: string,
  startMs: number,
  reason: SlotsChanged['reason'],
): Promise<void> {
  const message: SlotsChanged = { type: 'slots', day: instantToWallClock(startMs, zone).date, reason };
  await proxy.live.publish(companyId, message).catch(() => {});
}

/**
 * A hold that lapses is news too. Where the bus can publish later (a Worker's Durable Object,
 * whose alarm outlives the request), it is told now, for the moment the hold should lapse: if
 * the hold was renewed meanwhile, the pages read the day again and find it still held. Elsewhere
 * this instance keeps a timer and says so only if the hold was neither renewed nor released; if
 * the instance goes first, pages learn of it when they next ask.
 */
async function whenLapsed(proxy: ResolvedProxy, companyId: string, zone: string, hold: Hold): Promise<void> {
  const delayMs = Math.max(0, hold.expiresAt - proxy.now()) + 50;
  if (proxy.live.publishLater) {
    const message: SlotsChanged = { type: 'slots', day: instantToWallClock(hold.startMs, zone).date, reason: 'released' };
    await proxy.live.publishLater(companyId, message, delayMs).catch(() => {});
    return;
  }
  const timer = setTimeout(async () => {
    const current = (await readHolds(proxy.state, companyId, proxy.now()).catch(() => undefined))?.find((h) => h.id === hold.id);
    if (current === undefined) await tellPages(proxy, companyId, zone, hold.startMs, 'released');
  }, delayMs);
  (timer as { unref?: () => void }).unref?.();
}

const numberOf = (value: string | null): number => (value === null || !/^\d+$/.test(value) ? 1 : Math.max(1, Number(value)));

/** freeSlots and nextSlots: the starts others hold are left out of the answer (for the holder too, who has chosen already). */
export const hideHeld: Guard = async ({ proxy, companyId, query }) => {
  if (proxy.holdSeconds === 0) return {};
  return {
    rewrite: async (value, status) => {
      if (status !== 200 || !isRecord(value) || !Array.isArray(value.items)) return value;
      const holds = await readHolds(proxy.state, companyId!, proxy.now()).catch(() => []);
      if (!holds.length) return value;
      const context = await contextOf(proxy, companyId!);
      const subject: SlotSubject = {
        serviceId: query.get('serviceId') ?? undefined,
        resourceId: query.get('resourceId') ?? undefined,
        staffId: query.get('staffId') ?? undefined,
        resourceCount: numberOf(query.get('resourceCount')),
        iterationCount: numberOf(query.get('iterationCount')),
      };
      const starts = slotInstants(value, context.zone);
      const hidden = await heldStarts(context, subject, [...new Set(starts.map((start) => start.startMs))], holds);
      if (!hidden.size) return value;
      const kept = new Set(starts.filter((start) => !hidden.has(start.startMs)).map((start) => `${start.day}/${start.slot}`));
      return {
        ...value,
        items: value.items.map((item) =>
          isRecord(item) && Array.isArray(item.slots)
            ? { ...item, slots: item.slots.filter((slot) => kept.has(`${String(item.day)}/${String(slot)}`)) }
            : item,
        ),
      };
    },
  };
};

/**
 * What holds change in a booking: a time others hold is refused (409, nothing
 * written); the holder's own hold lets it through, and an "anyone" booking is
 * sent with the performer its hold was counted against (or, without a hold, one
 * who holds nothing then), so the service cannot give away someone's held time.
 * `settled` releases the holder's hold once the booking is made.
 */
export async function bookingWithHolds(
  proxy: ResolvedProxy,
  companyId: string,
  input: Partial<AppointmentInput>,
  holdToken: string | null,
): Promise<{ body: Partial<AppointmentInput>; settled?: Forwarding['settled'] }> {
  const context = await contextOf(proxy, companyId);
  const startMs = instantOf(input.start, context.zone);
  if (startMs === undefined) return { body: input };
  const holds = proxy.holdSeconds === 0 ? [] : await readHolds(proxy.state, companyId, proxy.now());
  const ownId = await holdIdOf(proxy, companyId, holdToken);
  const own = holds.find((hold) => hold.id === ownId);
  const others = holds.filter((hold) => hold.id !== ownId);
  // Every booking is news for the open pages, held or not.
  const settled: Forwarding['settled'] = async (response) => {
    if (!response.ok) return;
    await tellPages(proxy, companyId, context.zone, startMs, 'booked');
    if (own) await releaseHold(proxy, companyId, own.id).catch(() => {});
  };
  if (!others.length && !own) return { body: input, settled };
  const slot = subjectOf(input);
  const anyone = slot.resourceId === undefined && (slot.staffId === undefined || slot.staffId === '0');
  let body = input;
  if (anyone) {
    const pinned = own && 'staffId' in own.subject && own.startMs === startMs ? own.subject.staffId : undefined;
    const staffId = pinned ?? (others.length ? await pinPerformer(context, slot, startMs, others) : undefined);
    if (others.length && !staffId) throw taken();
    if (staffId) body = { ...input, staff: { id: staffId } };
  }
  if (others.length && (await heldStarts(context, subjectOf(body), [startMs], others)).size) throw taken();
  return { body, settled };
}
