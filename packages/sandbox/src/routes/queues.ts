/**
 * Walk-in queues and registrations under `/api/2.0` (service contract §16). Listing a
 * line, changing a queue and calling the next person are staff actions; a proxy
 * forwards none of them. Every change is checked and written in one synchronous
 * step, as bookings are, so two joins never share a place.
 */
import { Hono, type Context } from 'hono';
import { MAX_PARTY_SIZE, RegistrationStatus } from 'booking-widget-shared/queue-types';
import { ApiError, notFound } from '../http/api-error.js';
import { parseJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { liveCompany } from '../http/company.js';
import { QueryReader } from '../http/query.js';
import { readForm } from '../records/appointment-input.js';
import { notifyCalled } from '../records/queue-notifications.js';
import type { Watches } from '../records/watches.js';
import { isOpen, queueToWire, registrationToWire, registrationsOf } from '../records/queues.js';
import { randomId } from '../store/ids.js';
import type { QueueRow, RegistrationRow } from '../store/rows.js';
import type { AccountScope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import { checkAnswersTo } from '../validate/form-answers.js';
import { LIMITS, readKnownId } from '../validate/fields.js';
import { Reader } from '../validate/reader.js';

const STILL_IN_LINE: readonly string[] = [RegistrationStatus.Registered, RegistrationStatus.Ingoing];

export function queueRoutes(store: Store, clock: () => number, watches?: Watches): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  const scopeOf = (c: Context<SandboxEnv>): AccountScope => ({ store, accountId: c.var.accountId, nowMs: clock() });
  const queuesOf = (scope: AccountScope) => new Map([...store.state.queues].filter(([, queue]) => queue.accountId === scope.accountId));
  const findQueue = (scope: AccountScope, id: string): QueueRow => {
    const queue = queuesOf(scope).get(id);
    if (!queue) throw notFound(`No queue "${id}".`);
    return queue;
  };
  const findRegistration = (scope: AccountScope, id: string): RegistrationRow => {
    const row = store.state.registrations.get(id);
    if (!row || row.accountId !== scope.accountId) throw notFound(`No registration "${id}".`);
    return row;
  };

  router.get('/queues', (c) => {
    const scope = scopeOf(c);
    const companyId = QueryReader.of(c.req.url).string('companyId');
    const company = companyId === undefined ? undefined : liveCompany(store, scope.accountId, companyId);
    const queues = [...queuesOf(scope).values()].filter((queue) => !company || queue.companyId === company.record.id);
    return c.json({ items: queues.map((queue) => queueToWire(scope, queue)) });
  });

  router.get('/queues/:id', (c) => {
    const scope = scopeOf(c);
    return c.json(queueToWire(scope, findQueue(scope, c.req.param('id'))));
  });

  // Staff open or close the line, or change its messages.
  router.put('/queues/:id', (c) => {
    const scope = scopeOf(c);
    const queue = findQueue(scope, c.req.param('id'));
    const body = Reader.body(parseJson(c.var.rawBody));
    const status = body.string('status', { pattern: /^(open|closed)$/, format: '"open" or "closed"' });
    const welcomeMessage = body.string('welcomeMessage', { max: LIMITS.notes });
    const thankMessage = body.string('thankMessage', { max: LIMITS.notes });
    if (status !== undefined) queue.closedByStaff = status === 'closed';
    if (welcomeMessage !== undefined) queue.welcomeMessage = welcomeMessage;
    if (thankMessage !== undefined) queue.thankMessage = thankMessage;
    store.changed();
    return c.json(queueToWire(scope, queue));
  });

  // The whole line, with who is in it: staff only.
  router.get('/registrations', (c) => {
    const scope = scopeOf(c);
    const queue = findQueue(scope, QueryReader.of(c.req.url).string('queueId', true)!);
    return c.json({ items: registrationsOf(scope, queue.id).map((row) => registrationToWire(scope, row)) });
  });

  router.post('/registrations', (c) => {
    const scope = scopeOf(c);
    const body = Reader.body(parseJson(c.var.rawBody));
    const queue = queuesOf(scope).get(readKnownId(body.object('queue', { required: true })!, queuesOf(scope)))!;
    const clients = store.clientsOf(scope.accountId);
    const clientId = readKnownId(body.object('client', { required: true })!, clients);
    const partySize = body.integer('partySize', { min: 1, max: MAX_PARTY_SIZE }) ?? 1;
    const form = readForm(body);
    if (!isOpen(scope, queue)) throw new ApiError(409, 'QUEUE_CLOSED', `The queue "${queue.name}" is closed.`, 'queue.id');
    const queueForm = queue.formId === undefined ? undefined : store.state.forms.get(queue.formId);
    if (queueForm) checkAnswersTo(queueForm, form);
    const sequence = Math.max(0, ...[...store.state.registrations.values()].map((row) => row.sequence)) + 1;
    const row: RegistrationRow = {
      id: randomId(),
      accountId: scope.accountId,
      queueId: queue.id,
      clientId,
      ...(form && { form }),
      partySize,
      status: RegistrationStatus.Registered,
      sequence,
      createdMs: scope.nowMs,
    };
    store.state.registrations.set(row.id, row);
    store.changed();
    return c.json(registrationToWire(scope, row));
  });

  // Staff call the next person: the one being served is done, the first still waiting is called and texted.
  router.put('/registrations/next', (c) => {
    const scope = scopeOf(c);
    const queue = findQueue(scope, QueryReader.of(c.req.url).string('queueId', true)!);
    const line = registrationsOf(scope, queue.id);
    for (const row of line) {
      if (row.status === RegistrationStatus.Ingoing) Object.assign(row, { status: RegistrationStatus.Finished, finishedMs: scope.nowMs });
    }
    const next = line.find((row) => row.status === RegistrationStatus.Registered);
    store.changed();
    if (!next) throw notFound(`No one is waiting in "${queue.name}".`);
    Object.assign(next, { status: RegistrationStatus.Ingoing, startedMs: scope.nowMs });
    const text = notifyCalled(scope, queue, next, store.clientsOf(scope.accountId).get(next.clientId));
    // The text is notified like an appointment's message (service contract §14, §16).
    if (text) watches?.registrationNotified(text);
    return c.json(registrationToWire(scope, next));
  });

  router.get('/registrations/:id', (c) => {
    const scope = scopeOf(c);
    return c.json(registrationToWire(scope, findRegistration(scope, c.req.param('id'))));
  });

  router.delete('/registrations/:id', (c) => {
    const scope = scopeOf(c);
    const row = findRegistration(scope, c.req.param('id'));
    if (!STILL_IN_LINE.includes(row.status)) throw notFound(`Registration "${row.id}" is no longer in the line (${row.status}).`);
    Object.assign(row, { status: RegistrationStatus.Deleted, finishedMs: scope.nowMs });
    store.changed();
    return c.body(null, 204);
  });

  return router;
}
