/**
 * A visitor's booking: creates the client, then the appointment (service contract §7),
 * in a way that can be retried after any failure without booking twice.
 */
import type { SchedulingClient } from './client.js';
import { isChallengeRefusal } from './challenge.js';
import { SchedulingError } from './errors.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { appointmentTimes } from './slots.js';
import { type SlotSubject, assertSubject } from './subject.js';
import type { Attribution } from 'booking-widget-shared/attribution';
import type { Appointment, AppointmentFormAnswer, AppointmentInput, Client, ClientInput } from 'booking-widget-shared/types';

export interface BookingRequest {
  companyId: string;
  /** The company's zone: the appointment's times are sent in it. */
  companyTimeZone: string;
  subject: SlotSubject;
  start: Date;
  /** Minutes of one iteration: the service's or the resource's duration. */
  durationMinutes: number;
  client: ClientInput;
  notes?: string | undefined;
  /** Answers to the merchant's intake questions (service contract §11). */
  form?: AppointmentFormAnswer[] | undefined;
  /** Where the visitor came from (service contract §15): stored with the appointment, never read back. */
  attribution?: Attribution | undefined;
  /** The visitor's held time (docs/proxy.md, "Held times"): sent as a header, never in the body. */
  holdToken?: string | undefined;
  /**
   * A booking proxy's solved challenge (docs/proxy.md, "Bots: the booking challenge"), asked for each
   * client created: `fresh` after the proxy refused one. `undefined`: the proxy asks none.
   */
  challenge?: ((fresh: boolean) => Promise<string | undefined>) | undefined;
}

/**
 * One booking attempt, kept while the visitor retries it. Each distinct request
 * body gets its own idempotency key, reused on every retry of that body: a retry
 * after a dropped connection returns the appointment already made instead of a
 * second one, and a client created by an earlier try is reused, not duplicated.
 *
 * @example
 * const attempt = new BookingAttempt();
 * try { await attempt.book(api, request); }
 * catch (error) { if (error.retryable) await attempt.book(api, request); }
 */
export class BookingAttempt {
  private readonly _baseKey = newIdempotencyKey();
  private readonly _keys = new Map<string, string>();
  private readonly _clients = new Map<string, Promise<Client>>();
  /** Counts clients created again because a proxy stopped accepting the earlier one. */
  private _clientRound = 0;

  async book(api: SchedulingClient, request: BookingRequest, signal?: AbortSignal): Promise<Appointment> {
    assertSubject(request.subject, 'A booking needs');
    try {
      return await this._book(api, request, signal);
    } catch (error) {
      const challenged = error instanceof SchedulingError && isChallengeRefusal(error);
      if (!isClientRefused(error) && !challenged) throw error;
      // A proxy books only a client it created recently (docs/proxy.md): after a long
      // pause, or behind instances with different keys, create the client again, once.
      // So after its challenge was refused (expired, already spent): with a fresh one.
      this._clients.delete(JSON.stringify(request.client));
      this._clientRound += 1;
      return this._book(api, request, signal, challenged);
    }
  }

  private async _book(api: SchedulingClient, request: BookingRequest, signal?: AbortSignal, fresh = false): Promise<Appointment> {
    const client = await this._client(api, request, signal, fresh);
    const body = appointmentInput(request, client.id);
    return api.insertAppointment(request.companyId, body, {
      signal,
      idempotencyKey: this._keyFor('appointment', body),
      holdToken: request.holdToken,
    });
  }

  private _client(api: SchedulingClient, request: BookingRequest, signal: AbortSignal | undefined, fresh: boolean): Promise<Client> {
    const input = request.client;
    const fingerprint = JSON.stringify(input);
    let client = this._clients.get(fingerprint);
    if (!client) {
      // A new round needs a new key: the same one could replay the answer that carried the refused id.
      const kind = this._clientRound ? `client${this._clientRound}` : 'client';
      const idempotencyKey = this._keyFor(kind, input);
      client = (request.challenge?.(fresh) ?? Promise.resolve(undefined)).then((altcha) =>
        api.insertClient(input, { signal, idempotencyKey, altcha }),
      );
      this._clients.set(fingerprint, client);
      // A failed insert is not remembered: the retry sends it again, with the same key.
      client.catch(() => this._clients.delete(fingerprint));
    }
    return client;
  }

  private _keyFor(kind: string, body: unknown): string {
    const fingerprint = `${kind} ${JSON.stringify(body)}`;
    let key = this._keys.get(fingerprint);
    if (!key) {
      key = `${this._baseKey}-${kind}-${this._keys.size + 1}`;
      this._keys.set(fingerprint, key);
    }
    return key;
  }
}

/** A proxy's answer to an appointment whose client it does not vouch for (403, field `client.id`). */
function isClientRefused(error: unknown): boolean {
  return error instanceof SchedulingError && error.status === 403 && error.field === 'client.id';
}

export function appointmentInput(request: BookingRequest, clientId: string): AppointmentInput {
  const { subject } = request;
  const iterationCount = subject.kind === 'resource' ? (subject.iterationCount ?? 1) : 1;
  const times = appointmentTimes(request.start, request.durationMinutes, request.companyTimeZone, iterationCount);
  const body: AppointmentInput = { client: { id: clientId }, ...times };
  if (subject.kind === 'service') {
    body.service = { id: subject.serviceId };
    if (subject.staffId) body.staff = { id: subject.staffId };
  } else {
    body.resource = { id: subject.resourceId };
    body.resourceCount = subject.resourceCount ?? 1;
    body.iterationCount = iterationCount;
  }
  if (request.notes) body.notes = request.notes;
  if (request.form?.length) body.form = request.form;
  if (request.attribution) body.extendedProperties = { private: { attribution: request.attribution } };
  return body;
}
