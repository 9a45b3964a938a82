/**
 * Walk-in queues (service contract §16): a queue is open during its company's working
 * hours unless staff closed it; its average is measured over the day's finished
 * registrations, from the queue's default until there are some.
 */
import { openingAt } from 'booking-widget-shared/opening-hours';
import { QueueStatus, RegistrationStatus, type Queue, type Registration } from 'booking-widget-shared/queue-types';
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { CompanyRow, QueueRow, RegistrationRow } from '../store/rows.js';
import type { AccountScope } from '../store/scope.js';
import { dateTimeIn } from './appointment-input.js';

/** A service shorter than this was a call-through (no-one there, a mistake), not a measure of the time per person. */
const SHORTEST_MEASURED_MS = 60_000;

export function companyOf(scope: AccountScope, queue: QueueRow): CompanyRow | undefined {
  return scope.store.findCompany(scope.accountId, queue.companyId);
}

export function isOpen(scope: AccountScope, queue: QueueRow): boolean {
  const company = companyOf(scope, queue);
  return !queue.closedByStaff && company !== undefined && openingAt(company.record, scope.nowMs).open;
}

/** The registrations of a queue, in order of arrival. */
export function registrationsOf(scope: AccountScope, queueId: string): RegistrationRow[] {
  return [...scope.store.state.registrations.values()]
    .filter((row) => row.queueId === queueId && row.accountId === scope.accountId)
    .sort((a, b) => a.sequence - b.sequence);
}

/** Minutes per person: the mean of the services finished today (in the company's zone), else the queue's default. */
export function averageMinutes(scope: AccountScope, queue: QueueRow): number {
  const zone = companyOf(scope, queue)?.record.timeZone ?? 'UTC';
  const today = instantToWallClock(scope.nowMs, zone).date;
  const lengths = registrationsOf(scope, queue.id).flatMap(({ status, startedMs, finishedMs }) =>
    status === RegistrationStatus.Finished &&
    startedMs !== undefined &&
    finishedMs !== undefined &&
    finishedMs - startedMs >= SHORTEST_MEASURED_MS &&
    instantToWallClock(finishedMs, zone).date === today
      ? [(finishedMs - startedMs) / 60_000]
      : [],
  );
  if (lengths.length === 0) return queue.defaultWaitingMinutes;
  return Math.round(lengths.reduce((sum, minutes) => sum + minutes, 0) / lengths.length);
}

export function queueToWire(scope: AccountScope, queue: QueueRow): Queue {
  const company = companyOf(scope, queue);
  return {
    id: queue.id,
    author: queue.author,
    name: queue.name,
    ...(queue.welcomeMessage !== undefined && { welcomeMessage: queue.welcomeMessage }),
    ...(queue.thankMessage !== undefined && { thankMessage: queue.thankMessage }),
    company: { id: queue.companyId, ...(company && { name: company.record.name }) },
    ...(queue.formId !== undefined && { form: { id: queue.formId, name: scope.store.state.forms.get(queue.formId)?.name ?? '' } }),
    status: isOpen(scope, queue) ? QueueStatus.Open : QueueStatus.Closed,
    averageWaitingTime: averageMinutes(scope, queue),
  };
}

/** Where a registration stands now: its rank among those waiting, the people before it and the estimated wait. */
export function registrationToWire(scope: AccountScope, row: RegistrationRow): Registration {
  const queue = scope.store.state.queues.get(row.queueId);
  const zone = (queue && companyOf(scope, queue)?.record.timeZone) ?? 'UTC';
  const waiting = registrationsOf(scope, row.queueId).filter((other) => other.status === RegistrationStatus.Registered);
  const index = waiting.findIndex((other) => other.id === row.id);
  const ahead = index < 0 ? [] : waiting.slice(0, index);
  // A party counts as its people: the average is minutes per person.
  const people = ahead.reduce((sum, other) => sum + other.partySize, 0);
  return {
    id: row.id,
    queue: { id: row.queueId },
    client: { id: row.clientId },
    ...(row.form && { form: row.form }),
    partySize: row.partySize,
    status: row.status,
    rank: index + 1,
    numberOfPeopleAhead: people,
    waitingTime: index < 0 || !queue ? 0 : people * averageMinutes(scope, queue),
    created: dateTimeIn(row.createdMs, zone),
    ...(row.startedMs !== undefined && { started: dateTimeIn(row.startedMs, zone) }),
    ...(row.finishedMs !== undefined && { finished: dateTimeIn(row.finishedMs, zone) }),
  };
}
