import { sha256Hex } from './digest.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { ProxyState } from './proxy-state.js';

/** How long answers are replayed: service contract §7.4 promises 24 hours for a key. */
export const KEPT_MS = 24 * 3_600_000;
/**
 * A booking sent without a key is matched on its body and client address for this
 * long: a double click or an old widget's resubmit books once, while the same body
 * sent again deliberately later is a new request.
 */
export const DERIVED_WINDOW_MS = 10_000;
/** A refusal (400, 409…) is replayed this long, so concurrent duplicates all get it, yet a later retry is free to try again. */
const REFUSAL_KEPT_MS = 10_000;
/** Answers larger than this are not kept: an appointment is well under 2 KB. */
const MAX_KEPT_BYTES = 32_768;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

interface Running {
  state: 'running';
  fingerprint: string;
  owner: string;
}

interface Done {
  state: 'done';
  fingerprint: string;
  status: number;
  headers: [string, string][];
  body: string;
}

type IdempotencyRecord = Running | Done;

export interface IdempotentRequest {
  /** What the key is scoped to: the path without its API version, so another company never shares a key and another version does. */
  scope: string;
  /** The visitor's `Idempotency-Key`, or `null` to derive one from the body and the address. */
  key: string | null;
  clientAddress: string;
  /** The checked body as it will be sent. */
  body: string;
}

const conflict = (): Refusal =>
  new Refusal(
    409,
    'IDEMPOTENCY_CONFLICT',
    'This Idempotency-Key was used with another body.',
    RefusalReason.idempotencyConflict,
    'Idempotency-Key',
  );

const stillRunning = (): Refusal =>
  new Refusal(
    409,
    'IDEMPOTENCY_CONFLICT',
    'A request with this Idempotency-Key is still being processed; try again.',
    RefusalReason.idempotencyConflict,
    'Idempotency-Key',
    {
      'Retry-After': '1',
    },
  );

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a booking at most once per key, whatever the service does with keys, and
 * however many instances share `state`. The first request records "in flight" and
 * goes to the service; a duplicate meanwhile waits for its answer, or is refused 409
 * when its body differs. A success is kept 24 hours and replayed as it was.
 *
 * `inFlightMs` bounds how long a record stays "in flight" if its instance dies: it
 * must exceed the time a request may take upstream.
 */
export async function idempotently(
  state: ProxyState,
  request: IdempotentRequest,
  inFlightMs: number,
  forward: () => Promise<Response>,
): Promise<Response> {
  const fingerprint = await sha256Hex(request.body);
  const derived = request.key === null;
  const id = `idem:${await sha256Hex([request.scope, derived ? `derived ${request.clientAddress} ${fingerprint}` : `key ${request.key}`].join('\n'))}`;
  const running = JSON.stringify({ state: 'running', fingerprint, owner: crypto.randomUUID() } satisfies Running);
  const giveUpAt = Date.now() + inFlightMs + 1000;
  for (let pollMs = FIRST_POLL_MS; ; pollMs = Math.min(pollMs * 2, MAX_POLL_MS)) {
    if (await state.setIfAbsent(id, running, inFlightMs))
      return sendOnce(state, id, running, fingerprint, derived ? DERIVED_WINDOW_MS : KEPT_MS, forward);
    const value = await state.get(id);
    // Gone between the two calls (finished with an answer not kept, or expired): try to take it.
    if (value === undefined) continue;
    const found = parse(value);
    if (found?.fingerprint !== fingerprint) throw conflict();
    if (found.state === 'done') return replay(found);
    if (Date.now() >= giveUpAt) throw stillRunning();
    await wait(pollMs);
  }
}

async function sendOnce(
  state: ProxyState,
  id: string,
  running: string,
  fingerprint: string,
  keptMs: number,
  forward: () => Promise<Response>,
): Promise<Response> {
  const release = () => state.delete(id, running).catch(() => {});
  let response: Response;
  try {
    response = await forward();
  } catch (error) {
    await release();
    throw error;
  }
  const kept = keepFor(response.status, keptMs);
  const body = kept ? await response.text() : '';
  if (!kept || body.length > MAX_KEPT_BYTES) {
    await release();
    return kept ? new Response(body, response) : response;
  }
  const done: Done = { state: 'done', fingerprint, status: response.status, headers: [...response.headers], body };
  try {
    await state.set(id, JSON.stringify(done), kept);
  } catch {
    // The service has booked: the visitor gets the answer. The record stays "in flight"
    // until it expires, and a retry then goes to the service with the same key.
  }
  return replay(done);
}

/** Successes are kept for `keptMs`; refusals briefly; failures worth retrying (429, 5xx) not at all. */
function keepFor(status: number, keptMs: number): number {
  if (status >= 200 && status < 300) return keptMs;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return Math.min(REFUSAL_KEPT_MS, keptMs);
  return 0;
}

function replay(done: Done): Response {
  return new Response(done.body || null, { status: done.status, headers: done.headers });
}

function parse(value: string | undefined): IdempotencyRecord | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as IdempotencyRecord;
  } catch {
    return undefined;
  }
}
