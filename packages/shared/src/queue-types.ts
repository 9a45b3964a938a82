/**
 * Walk-in queues and the people in them (service contract §16): the shapes the
 * specification leaves open, as the widget, the proxy and the sandbox read them.
 */
import type { FormItem } from './form-types.js';
import type { AppointmentFormAnswer, DateTimeInZone } from './types.js';

/** `open` during the company's working hours, unless staff closed it. */
export const QueueStatus = { Open: 'open', Closed: 'closed' } as const;
export type QueueStatus = (typeof QueueStatus)[keyof typeof QueueStatus];

export interface Queue {
  id: string;
  /** Who set the queue up; a proxy never passes it on. */
  author?: string;
  name: string;
  welcomeMessage?: string;
  thankMessage?: string;
  company: { id: string; name?: string };
  /**
   * The intake form its registrations answer (service contract §11). Through a proxy it comes
   * with its questions (`additionalFields`): a queue's form is in no company's forms list.
   */
  form?: { id: string; name?: string; additionalFields?: FormItem[][] };
  status: QueueStatus;
  /** Minutes per person, measured by the service over the day. */
  averageWaitingTime: number;
}

/** `registered` → `ingoing` (called) → `finished`; or `noShow`, or `deleted` (the person left). */
export const RegistrationStatus = {
  Registered: 'registered',
  Ingoing: 'ingoing',
  Finished: 'finished',
  NoShow: 'noShow',
  Deleted: 'deleted',
} as const;
export type RegistrationStatus = (typeof RegistrationStatus)[keyof typeof RegistrationStatus];

/** The largest party one registration may bring. */
export const MAX_PARTY_SIZE = 10;

/** What a visitor sends to join a line. */
export interface RegistrationInput {
  queue: { id: string };
  client: { id: string };
  form?: AppointmentFormAnswer[];
  /** 1–{@link MAX_PARTY_SIZE}; 1 when absent. */
  partySize?: number;
}

/** One person, or one party, in a line. */
export interface Registration {
  id: string;
  queue: { id: string };
  client: { id: string };
  form?: AppointmentFormAnswer[];
  partySize: number;
  status: RegistrationStatus;
  /** The place among those still waiting, from 1; 0 once no longer waiting. */
  rank: number;
  numberOfPeopleAhead: number;
  /** Estimated minutes until the person is called. */
  waitingTime: number;
  created: DateTimeInZone;
  started?: DateTimeInZone;
  finished?: DateTimeInZone;
  /** Added by a proxy to the answer of its insert: the token that reads or leaves this registration (service contract §16). */
  queueToken?: string;
}
