/**
 * A visitor's held time, kept by the booking proxy (docs/proxy.md, "Held times"):
 * asked for, renewed and moved with one request, released with another. Only a
 * proxy holds times; the service itself knows nothing of them. Loads with the
 * booking code, never on the first screen.
 */
import type { DateTimeInZone } from 'booking-widget-shared/types';
import { within } from './abort.js';
import { appointmentTimes } from './slots.js';
import { DEFAULT_TIMEOUT_MS, proxyUrl } from './transport.js';
import type { SlotSubject } from './subject.js';

/** The header a booking carries its hold in. */
export const HOLD_TOKEN_HEADER = 'Hold-Token';

export interface HeldTime {
  /** Sent back to renew, move or release the hold, and with the booking. */
  token: string;
  /** Epoch ms the hold lapses at unless renewed. */
  expiresAt: number;
  /** How long each renewal keeps it. */
  seconds: number;
}

export interface HoldRequest {
  apiBase: string;
  fetch?: typeof fetch | undefined;
  companyId: string;
  subject: SlotSubject;
  start: Date;
  durationMinutes: number;
  companyTimeZone: string;
  /** The hold the visitor has now: the same time renews it, another moves it. */
  token?: string | undefined;
}

/** What a proxy's answer to a hold means for the visitor. */
export type HoldOutcome = HeldTime | 'taken' | 'none';

const holdsUrl = (apiBase: string, companyId: string) => proxyUrl(apiBase, `/companies/${encodeURIComponent(companyId)}/holds`);

function holdBody(request: HoldRequest): Record<string, unknown> {
  const { subject } = request;
  const iterationCount = subject.kind === 'resource' ? (subject.iterationCount ?? 1) : 1;
  const times: { start: DateTimeInZone; end: DateTimeInZone } = appointmentTimes(
    request.start,
    request.durationMinutes,
    request.companyTimeZone,
    iterationCount,
  );
  const subjectFields =
    subject.kind === 'service'
      ? { service: { id: subject.serviceId }, ...(subject.staffId ? { staff: { id: subject.staffId } } : {}) }
      : { resource: { id: subject.resourceId }, resourceCount: subject.resourceCount ?? 1, iterationCount };
  return { ...subjectFields, ...times, ...(request.token ? { token: request.token } : {}) };
}

/**
 * How long Book waits for the hold's first answer (the booking carries its token): as long as
 * any request waits for its answer, so that a busy proxy's hold is not given up while its
 * booking would still be waited for. A hold given up on that the proxy grants after all would
 * refuse the visitor's own booking of the time (issue 27, point 9: a busy run's booking answered
 * "that time was just taken"); and a proxy that never answers must not keep Book waiting.
 */
const HOLD_ANSWER_MS = DEFAULT_TIMEOUT_MS;

/**
 * Holds (or renews, or moves) the visitor's time. `taken`: someone else holds it
 * or booked it; `none`: no hold, for any other reason (a proxy without holds, a
 * network failure, no answer within `limitMs`): the booking goes on without one,
 * as it did before holds. A hold the proxy grants after `limitMs` is given back as
 * soon as its answer comes: the visitor has gone on without it.
 */
export async function holdTime(request: HoldRequest, signal?: AbortSignal, limitMs = HOLD_ANSWER_MS): Promise<HoldOutcome> {
  const answer = ask(request, signal);
  const outcome = await within(answer, limitMs);
  if (outcome) return outcome;
  void answer.then((granted) => {
    if (typeof granted === 'object') void releaseTime(request.apiBase, request.fetch, request.companyId, granted.token);
  });
  return 'none';
}

/** The proxy's answer to the hold, however long it takes; `none` when the caller moves on (`signal`) or the request fails. */
async function ask(request: HoldRequest, signal?: AbortSignal): Promise<HoldOutcome> {
  try {
    const response = await (request.fetch ?? globalThis.fetch)(holdsUrl(request.apiBase, request.companyId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(holdBody(request)),
      signal,
    });
    if (response.status === 409) return 'taken';
    if (response.status !== 201) return 'none';
    const body = (await response.json()) as { token?: unknown; expiresAt?: unknown; seconds?: unknown };
    const expiresAt = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : NaN;
    if (typeof body.token !== 'string' || !Number.isFinite(expiresAt) || typeof body.seconds !== 'number') return 'none';
    return { token: body.token, expiresAt, seconds: body.seconds };
  } catch {
    return 'none';
  }
}

/**
 * Gives the time back. `keepalive` lets the request outlive a page being left
 * (`pagehide`); if it is lost anyway, the hold lapses on its own. Resolves once the
 * proxy has answered (or the request failed): from then on the proxy offers the time again.
 */
export function releaseTime(apiBase: string, fetcher: typeof fetch | undefined, companyId: string, token: string): Promise<void> {
  return (fetcher ?? globalThis.fetch)(`${holdsUrl(apiBase, companyId)}/release`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
    keepalive: true,
  }).then(
    () => {},
    () => {},
  );
}
