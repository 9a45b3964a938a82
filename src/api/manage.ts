/**
 * A visitor's own booking, after it was made (service contract §7a): read it, move it to
 * another time, cancel it. Through a merchant's proxy each call carries the manage
 * token the proxy issued with the booking; with an OAuth access token (the
 * merchant signed in) none is needed. Separate from `createSchedulingClient` so
 * that a page that only books never downloads it.
 */
import type { SchedulingClientOptions } from './client.js';
import { createAuthenticate } from './credentials.js';
import { SchedulingError } from './errors.js';
import { paths } from './paths.js';
import { createTransport } from './transport.js';
import type { Appointment, DateTimeInZone } from 'booking-widget-shared/types';

export interface ManageCallOptions {
  /** The proxy's token for this appointment (`manageToken` of the booking's answer); not needed with an access token. */
  manageToken?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Makes a reschedule safe to retry (service contract §7a): the repeat returns the first answer. */
  idempotencyKey?: string | undefined;
}

export interface NewTimes {
  start: DateTimeInZone;
  end: DateTimeInZone;
}

export interface ManageClient {
  getAppointment(companyId: string, appointmentId: string, options?: ManageCallOptions): Promise<Appointment>;
  /**
   * Moves the appointment. Through a proxy only `start` and `end` are sent (the proxy
   * reads the rest itself); directly, the whole appointment as read, times replaced.
   * A time no longer free rejects with 409 `DATE_NOT_AVAILABLE`/`STAFF_NOT_AVAILABLE`.
   */
  rescheduleAppointment(companyId: string, appointment: Appointment, times: NewTimes, options?: ManageCallOptions): Promise<Appointment>;
  /**
   * Cancels the appointment. A 404 counts as done: the service answers a repeated
   * DELETE with 404, and a retry after a lost answer must not read as a failure.
   */
  cancelAppointment(companyId: string, appointmentId: string, options?: ManageCallOptions): Promise<void>;
}

/**
 * @example
 * const manage = createManageClient({ apiBase: '/booking-api' });
 * const appointment = await manage.getAppointment('demo-salon', id, { manageToken });
 * await manage.cancelAppointment('demo-salon', id, { manageToken, idempotencyKey: newIdempotencyKey() });
 */
export function createManageClient(options: SchedulingClientOptions): ManageClient {
  const authenticate = createAuthenticate(options);
  // The token goes in a header of its own on each call (service contract §7a), never in the URL, where logs would keep it.
  const transport = (token: string | undefined) =>
    createTransport({ ...options, authenticate, headers: token ? { ...options.headers, 'Manage-Token': token } : options.headers });
  const one = (companyId: string, id: string) => `${paths.appointments(companyId)}/${encodeURIComponent(id)}`;
  return {
    getAppointment: (companyId, id, { manageToken, signal } = {}) =>
      transport(manageToken).send<Appointment>({ method: 'GET', path: one(companyId, id), signal }),

    rescheduleAppointment: (companyId, appointment, times, { manageToken, signal, idempotencyKey } = {}) =>
      transport(manageToken).send<Appointment>({
        method: 'PUT',
        path: one(companyId, appointment.id),
        body: manageToken ? times : { ...appointment, ...times },
        signal,
        idempotencyKey,
      }),

    async cancelAppointment(companyId, id, { manageToken, signal, idempotencyKey } = {}) {
      try {
        await transport(manageToken).send<unknown>({ method: 'DELETE', path: one(companyId, id), signal, idempotencyKey });
      } catch (error) {
        if (!(error instanceof SchedulingError && error.status === 404)) throw error;
      }
    },
  };
}
