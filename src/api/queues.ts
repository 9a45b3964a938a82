/**
 * A walk-in line (service contract §16): a company's queues, joining one, and reading or
 * leaving one's own place. Through a merchant's proxy, reading and leaving carry the
 * `Queue-Token` its join answered; with an OAuth access token none is needed. Separate
 * from `createSchedulingClient` so that a page without a line never downloads it.
 */
import type { Queue, Registration, RegistrationInput } from 'booking-widget-shared/queue-types';
import type { SchedulingClientOptions } from './client.js';
import { createAuthenticate } from './credentials.js';
import { SchedulingError } from './errors.js';
import { createTransport } from './transport.js';

const QUEUES = '/api/2.0/queues';
const REGISTRATIONS = '/api/2.0/registrations';

export interface QueueCallOptions {
  /** The proxy's token for this registration (`queueToken` of the join's answer); not needed with an access token. */
  queueToken?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface QueueClient {
  listQueues(companyId: string, options?: QueueCallOptions): Promise<Queue[]>;
  /** A closed queue rejects with 409 `QUEUE_CLOSED`. */
  join(input: RegistrationInput, options?: QueueCallOptions & { idempotencyKey?: string | undefined }): Promise<Registration>;
  getRegistration(id: string, options?: QueueCallOptions): Promise<Registration>;
  /** Leaves the line. A 404 counts as done: the service answers a second DELETE with 404, and a retry must not read as a failure. */
  leave(id: string, options?: QueueCallOptions): Promise<void>;
}

/**
 * @example
 * const line = createQueueClient({ apiBase: '/booking-api' });
 * const [queue] = await line.listQueues('demo-salon');
 * const place = await line.join({ queue: { id: queue.id }, client: { id: clientId }, partySize: 2 });
 * await line.getRegistration(place.id, { queueToken: place.queueToken });
 */
export function createQueueClient(options: SchedulingClientOptions): QueueClient {
  const authenticate = createAuthenticate(options);
  // The token goes in a header of its own (service contract §16), never in the URL, where logs would keep it.
  const transport = (token: string | undefined) =>
    createTransport({ ...options, authenticate, headers: token ? { ...options.headers, 'Queue-Token': token } : options.headers });
  const one = (id: string) => `${REGISTRATIONS}/${encodeURIComponent(id)}`;
  return {
    async listQueues(companyId, { signal } = {}) {
      const answer = await transport(undefined).send<{ items?: Queue[] }>({ method: 'GET', path: QUEUES, query: { companyId }, signal });
      return answer.items ?? [];
    },
    join: (input, { signal, idempotencyKey } = {}) =>
      transport(undefined).send<Registration>({ method: 'POST', path: REGISTRATIONS, body: input, signal, idempotencyKey }),
    getRegistration: (id, { queueToken, signal } = {}) =>
      transport(queueToken).send<Registration>({ method: 'GET', path: one(id), signal }),
    async leave(id, { queueToken, signal } = {}) {
      try {
        await transport(queueToken).send<unknown>({ method: 'DELETE', path: one(id), signal });
      } catch (error) {
        if (!(error instanceof SchedulingError && error.status === 404)) throw error;
      }
    },
  };
}
