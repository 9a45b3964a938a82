/**
 * A walk-in line through the proxy (service contract §16): the queues of a served company
 * (without who set them up), joining one for a client this proxy created, and reading or
 * leaving that one registration with the queue token issued on joining. The line itself
 * and the staff's call of the next person have no route at all (routes.ts).
 *
 * Joining is limited tightly, per address and per phone number, since each join is a
 * person a merchant will call: the phone number is known only as the signer's digest
 * the client token carries (tokens/client-token.ts), so the state store never holds it.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import { MAX_PARTY_SIZE, type RegistrationInput } from 'booking-widget-shared/queue-types';
import { addressKey } from './visitor-rate-limit.js';
import { invalidParameter, Refusal, RefusalReason } from '../http/refusal.js';
import type { ResolvedProxy } from '../resolve-options.js';
import { sha256Hex } from '../state/digest.js';
import { issuedClient } from '../tokens/client-token.js';
import { issueQueueToken } from '../tokens/queue-token.js';
import { browserResponse, type AnswerRewrite } from '../upstream/browser-response.js';
import { checkFormAnswers } from './form-answers.js';
import type { Guard, GuardedRequest } from './guard.js';

/**
 * Joins allowed per address and per phone number. A family joining together is one
 * registration (its party size); a visitor who left by mistake joins again; more is a script.
 */
export const QUEUE_JOIN_LIMITS = {
  address: { max: 5, windowSeconds: 600 },
  phone: { max: 3, windowSeconds: 3600 },
} as const;

/** Reads of one registration per minute: a poll every 15 s from a few open tabs, not more. */
export const QUEUE_READ_LIMIT = { max: 20, windowSeconds: 60 } as const;

const ID_PATTERN = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}$/;

/** What a visitor sees of a registration: their place, never the client behind it nor the answers they gave. */
const VISITOR_FIELDS = [
  'id',
  'queue',
  'partySize',
  'status',
  'rank',
  'numberOfPeopleAhead',
  'waitingTime',
  'created',
  'started',
  'finished',
];

const pick = (record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));

const ok = (status: number) => status >= 200 && status < 300;

/** A queue as a public page may show it: not who set it up. */
function publicQueue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { author: _author, ...queue } = value;
  return queue;
}

const visitorRegistration: AnswerRewrite = (value, status) => (ok(status) && isRecord(value) ? pick(value, VISITOR_FIELDS) : value);

/**
 * GET queues?companyId=: the served company's lines (the pipeline checked the company), each
 * with its form's questions in place: a queue's form applies to no booking, so the forms
 * list leaves it out (service contract §11), and the proxy serves no single form.
 */
export const listQueues: Guard = async (request) => ({
  rewrite: async (value, status) => {
    if (!ok(status) || !isRecord(value) || !Array.isArray(value.items)) return value;
    return { items: await Promise.all(value.items.map(async (queue) => withFormQuestions(request, publicQueue(queue)))) };
  },
});

/** The queue with `form` read in full (its questions, never the objects it applies to); without a form when it cannot be read. */
async function withFormQuestions({ proxy }: GuardedRequest, queue: unknown): Promise<unknown> {
  if (!isRecord(queue) || !isRecord(queue.form) || typeof queue.form.id !== 'string' || !ID_PATTERN.test(queue.form.id)) return queue;
  const read = await proxy.upstream
    .exchange(
      { method: 'GET', path: ['api', '2.3', 'forms', queue.form.id], headers: new Headers({ Accept: 'application/json' }) },
      async (response, deadline) => (response.ok ? { value: (await deadline.race(response.json())) as unknown } : undefined),
      // No trace: the log line reports the queues' answer, not this read's.
    )
    .catch(() => undefined);
  const { form: _form, ...rest } = queue;
  if (!read || !isRecord(read.value)) return rest;
  return { ...rest, form: pick(read.value, ['id', 'name', 'additionalFields']) };
}

/** GET registrations/{id}: one place in a line, with its token (checked by the pipeline), a few times a minute. */
export const readRegistration: Guard = async ({ proxy, registrationId }) => {
  await limit(
    proxy,
    `queue-read:${await sha256Hex(registrationId!)}`,
    QUEUE_READ_LIMIT,
    'Your place is being read too often; try again shortly.',
  );
  return { rewrite: visitorRegistration };
};

/** DELETE registrations/{id}: leaving the line. */
export const leaveQueue: Guard = async () => ({});

/** POST registrations: a client this proxy created, with a phone to text, joins a line of a served company. */
export const joinQueue: Guard = async (request) => {
  const { proxy, body } = request;
  const input = body as Partial<RegistrationInput>;
  checkFormAnswers(input.form);
  const partySize = input.partySize ?? 1;
  if (partySize < 1 || partySize > MAX_PARTY_SIZE) {
    throw invalidParameter(RefusalReason.invalidBody, 'partySize', `partySize must be from 1 to ${MAX_PARTY_SIZE}.`);
  }
  const queueId = input.queue?.id;
  if (queueId === undefined || !ID_PATTERN.test(queueId))
    throw invalidParameter(RefusalReason.invalidBody, 'queue.id', 'queue.id is required.');
  const token = input.client?.id;
  const client = await issuedClient(proxy.signer, token, proxy.now());
  if (!client.phone) {
    throw invalidParameter(
      RefusalReason.invalidBody,
      'client.id',
      'Join the line with a phone number: the company texts you when it is your turn.',
    );
  }
  const tooMany = 'Too many people joined the line from here; try again later.';
  await limit(proxy, `queue-join:${await addressKey(proxy, request.clientAddress)}`, QUEUE_JOIN_LIMITS.address, tooMany);
  await limit(proxy, `queue-phone:${client.phone}`, QUEUE_JOIN_LIMITS.phone, 'This phone number has joined too often; try again later.');
  const company = await servedCompanyOfQueue(request, queueId);
  if (company instanceof Response) return company;
  return {
    body: { ...input, client: { id: client.id } },
    rewrite: async (value, status) => {
      if (!ok(status) || !isRecord(value) || (typeof value.id !== 'string' && typeof value.id !== 'number')) return value;
      const queueToken = await issueQueueToken(proxy.signer, company, String(value.id), proxy.now());
      return { ...pick(value, VISITOR_FIELDS), client: { id: token }, queueToken };
    },
  };
};

/** One more hit on `key`'s window, or the 429 that says how long to wait. */
async function limit(proxy: ResolvedProxy, key: string, { max, windowSeconds }: { max: number; windowSeconds: number }, message: string) {
  const waitSeconds = await proxy.state.hit(key, max, windowSeconds);
  if (waitSeconds > 0) {
    throw new Refusal(429, 'RATE_LIMITED', message, RefusalReason.rateLimited, undefined, { 'Retry-After': String(waitSeconds) });
  }
}

/**
 * The served company (as this proxy names it) whose line `queueId` is, read from the
 * service; the service's own answer when it will not say (no such queue); a 403 for a
 * line of any other company.
 */
async function servedCompanyOfQueue({ proxy, trace }: GuardedRequest, queueId: string): Promise<string | Response> {
  const read = await proxy.upstream.exchange(
    { method: 'GET', path: ['api', '2.0', 'queues', queueId], headers: new Headers({ Accept: 'application/json' }) },
    async (response, deadline) =>
      response.ok ? { value: (await deadline.race(response.json())) as unknown } : browserResponse(response, deadline),
    trace,
  );
  if (read instanceof Response) return read;
  const companyId = isRecord(read.value) && isRecord(read.value.company) ? String(read.value.company.id ?? '') : '';
  if (proxy.companies.has(companyId)) return companyId;
  // The proxy may name its companies by externalId, the queue by id: the catalog knows both.
  for (const served of proxy.companies) {
    const company = await proxy.catalog.company(served).catch(() => undefined);
    if (company && companyId !== '' && (company.id === companyId || company.externalId === companyId)) return served;
  }
  throw new Refusal(403, 'FORBIDDEN', 'This line is not one this booking page serves.', RefusalReason.companyNotServed, 'queue.id');
}
