/** What the sandbox stores of walk-in queues (service contract §16): the rest of a queue and of a registration is derived when read. */
import type { AppointmentFormAnswer } from 'booking-widget-shared/types';
import type { RegistrationStatus } from 'booking-widget-shared/queue-types';

export interface QueueRow {
  id: string;
  accountId: string;
  author: string;
  name: string;
  welcomeMessage?: string;
  thankMessage?: string;
  companyId: string;
  formId?: string;
  /** Staff closed the line: it stays closed whatever the hours say. */
  closedByStaff: boolean;
  /** Minutes per person until the day's finished registrations say otherwise. */
  defaultWaitingMinutes: number;
}

export interface RegistrationRow {
  id: string;
  accountId: string;
  queueId: string;
  clientId: string;
  form?: AppointmentFormAnswer[];
  partySize: number;
  status: RegistrationStatus;
  /** Order of arrival in the whole sandbox: the line is this order among those still waiting. */
  sequence: number;
  createdMs: number;
  startedMs?: number;
  finishedMs?: number;
}

/** A text or an e-mail the service sent about a registration (service contract §14 and §16). */
export interface QueueNotification {
  id: string;
  accountId: string;
  companyId: string;
  type: 'sms' | 'email';
  registration: { id: string };
  /** ISO 8601 instant it was sent. */
  date: string;
  recipients: string[];
  content: string;
}
