/**
 * A walk-in line as a reducer (service contract §16): `(state, action) → state`, no DOM
 * and no I/O, so every screen and failure is tested with plain data
 * (test/node/booking-queue-flow.test.ts). The widget's QueueController holds the state,
 * reads the queues and the visitor's place, joins and leaves, and sends each outcome
 * here; `<bw-queue>` renders the state.
 */
import { SchedulingError } from '../api/errors.js';
import type { Messages } from '../i18n/catalogs/en.js';
import type { QueueMessages } from '../i18n/catalogs/queue/en.js';
import type { Localizer } from '../i18n/localizer.js';
import { MAX_PARTY_SIZE, type Queue, type Registration, RegistrationStatus } from 'booking-widget-shared/queue-types';

/** Where a visitor in a walk-in line stands; each phase is one screen, and focus goes to its heading. */
export const QueuePhase = {
  /** The queues, or the place a link names, are being read. */
  Loading: 'loading',
  /** No open line: when it opens, if the company's hours say. */
  Closed: 'closed',
  /** The welcome message, the queue's questions, name, phone, party size. */
  Join: 'join',
  Waiting: 'waiting',
  /** Staff called the visitor: it is their turn. */
  Called: 'called',
  ConfirmLeave: 'confirm-leave',
  Left: 'left',
  /** Served, or marked as not having come: the place is over. */
  Ended: 'ended',
  Failed: 'failed',
} as const;
export type QueuePhase = (typeof QueuePhase)[keyof typeof QueuePhase];

export const QueueFailure = {
  /** 409 `QUEUE_CLOSED`: the line closed before the visitor joined. */
  Closed: 'closed',
  /** 403 for a link: forged, expired, or another visitor's place. */
  LinkInvalid: 'link-invalid',
  /** 404: the place no longer exists. */
  Gone: 'gone',
  /** 429: too many joins from here or with this phone number. */
  TooMany: 'too-many',
  /** No answer, or a busy service: the same request may go through later. */
  Retry: 'retry',
  /** Any other refusal: trying again cannot help. */
  Refused: 'refused',
} as const;
export type QueueFailure = (typeof QueueFailure)[keyof typeof QueueFailure];

/** What the visitor typed to join: kept across failures. */
export interface JoinEntries {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly partySize: number;
  /** Answers to the queue's questions, by item id. */
  readonly answers: Readonly<Record<string, string>>;
}

export const EMPTY_ENTRIES: JoinEntries = { firstName: '', lastName: '', phone: '', partySize: 1, answers: {} };

export interface QueueState {
  readonly phase: QueuePhase;
  readonly queue?: Queue | undefined;
  /** Epoch ms when a closed line opens, if the company's hours say so within two weeks. */
  readonly opensAt?: number | undefined;
  readonly entries: JoinEntries;
  /** Field errors of the join form, by field (`firstName`, `phone`…) or question id; shown until the field changes. */
  readonly errors: Readonly<Record<string, string>>;
  readonly registration?: Registration | undefined;
  /** A join or a leave is on its way: its button does nothing more until the answer. */
  readonly busy: boolean;
  readonly failure?: QueueFailure | undefined;
}

export type QueueAction =
  | { type: 'load' }
  /** The company's queues, and when a closed one opens (the controller reads the hours). */
  | { type: 'queues'; queues: readonly Queue[]; opensAt: number | undefined }
  /** The visitor's place as the service last said it: on joining, on each poll, on a reopened link. */
  | { type: 'place'; registration: Registration }
  | { type: 'input'; change: Partial<Omit<JoinEntries, 'answers'>> & { answers?: Record<string, string> } }
  | { type: 'invalid'; errors: Record<string, string> }
  | { type: 'send' }
  | { type: 'failed'; failure: QueueFailure }
  | { type: 'ask-leave' }
  | { type: 'back' }
  | { type: 'left' }
  /** A visitor who left joins again: the line is read anew, what they typed kept. */
  | { type: 'rejoin' };

/** The visitor's intents, as `<bw-queue>` sends them: the controller makes them actions or calls. */
export type QueueIntent =
  | Extract<QueueAction, { type: 'input' | 'ask-leave' | 'back' | 'rejoin' }>
  | { type: 'join' }
  /** Leaves the line, after the visitor confirmed. */
  | { type: 'leave' }
  /** Reads again what failed. */
  | { type: 'retry' };

export const startQueue = (entries: JoinEntries = EMPTY_ENTRIES): QueueState => ({
  phase: QueuePhase.Loading,
  entries,
  errors: {},
  busy: false,
});

/** The first open line of the company, else its first (closed) one. */
const pickQueue = (queues: readonly Queue[]): Queue | undefined => queues.find((queue) => queue.status === 'open') ?? queues[0];

/** What a failed read, join or leave means for the visitor. */
export function queueFailureOf(error: unknown): QueueFailure {
  if (!(error instanceof SchedulingError)) return QueueFailure.Refused;
  if (error.errorCode === 'QUEUE_CLOSED') return QueueFailure.Closed;
  if (error.status === 403) return QueueFailure.LinkInvalid;
  if (error.status === 404) return QueueFailure.Gone;
  if (error.status === 429) return QueueFailure.TooMany;
  return error.retryable ? QueueFailure.Retry : QueueFailure.Refused;
}

/** The screen a place's status calls for. */
function phaseOf(status: Registration['status']): QueuePhase {
  switch (status) {
    case RegistrationStatus.Registered:
      return QueuePhase.Waiting;
    case RegistrationStatus.Ingoing:
      return QueuePhase.Called;
    case RegistrationStatus.Deleted:
      return QueuePhase.Left;
    default:
      return QueuePhase.Ended;
  }
}

export function reduceQueue(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'load':
      return { ...state, phase: QueuePhase.Loading, failure: undefined, busy: false };
    case 'queues': {
      const queue = pickQueue(action.queues);
      const open = queue?.status === 'open';
      return {
        ...state,
        queue,
        opensAt: open ? undefined : action.opensAt,
        phase: open ? QueuePhase.Join : QueuePhase.Closed,
        failure: undefined,
      };
    }
    case 'place': {
      const phase = phaseOf(action.registration.status);
      // Asking whether to leave stays on screen while the place moves up.
      const keep = state.phase === QueuePhase.ConfirmLeave && phase === QueuePhase.Waiting;
      return {
        ...state,
        registration: { ...state.registration, ...action.registration },
        phase: keep ? state.phase : phase,
        busy: keep ? state.busy : false,
        failure: undefined,
      };
    }
    case 'input': {
      const { answers, partySize, ...fields } = action.change;
      const entries = {
        ...state.entries,
        ...fields,
        ...(partySize !== undefined && { partySize }),
        ...(answers && { answers: { ...state.entries.answers, ...answers } }),
      };
      // A field the visitor changed no longer shows its error.
      const changed = [...Object.keys(fields), ...(partySize === undefined ? [] : ['partySize']), ...Object.keys(answers ?? {})];
      const errors = Object.fromEntries(Object.entries(state.errors).filter(([key]) => !changed.includes(key)));
      return { ...state, entries, errors };
    }
    case 'invalid':
      return state.phase === QueuePhase.Join ? { ...state, errors: action.errors } : state;
    case 'send':
      return (state.phase === QueuePhase.Join || state.phase === QueuePhase.ConfirmLeave) && !state.busy
        ? { ...state, busy: true, failure: undefined, errors: {} }
        : state;
    case 'failed':
      return failed({ ...state, busy: false }, action.failure);
    case 'ask-leave':
      return state.phase === QueuePhase.Waiting || state.phase === QueuePhase.Called
        ? { ...state, phase: QueuePhase.ConfirmLeave, failure: undefined }
        : state;
    case 'back':
      return state.phase === QueuePhase.ConfirmLeave && !state.busy
        ? { ...state, phase: phaseOf(state.registration!.status), failure: undefined }
        : state;
    case 'left':
      return {
        ...state,
        phase: QueuePhase.Left,
        busy: false,
        registration: state.registration && { ...state.registration, status: RegistrationStatus.Deleted },
      };
    case 'rejoin':
      return state.phase === QueuePhase.Left ? startQueue(state.entries) : state;
  }
}

function failed(state: QueueState, failure: QueueFailure): QueueState {
  switch (failure) {
    case QueueFailure.Closed:
      return { ...state, phase: QueuePhase.Closed, queue: state.queue && { ...state.queue, status: 'closed' }, failure };
    case QueueFailure.LinkInvalid:
    case QueueFailure.Gone:
      return { ...state, phase: QueuePhase.Failed, failure };
    default:
      // A read that found nothing yet fails on its own screen; otherwise the screen stays, with the failure said on it.
      return state.phase === QueuePhase.Loading ? { ...state, phase: QueuePhase.Failed, failure } : { ...state, failure };
  }
}

/** Whether two readings of a place differ in what the visitor sees: the status, the people ahead, the wait. */
export const placeChanged = (before: Registration | undefined, after: Registration): boolean =>
  !before ||
  before.status !== after.status ||
  before.numberOfPeopleAhead !== after.numberOfPeopleAhead ||
  before.rank !== after.rank ||
  before.waitingTime !== after.waitingTime;

/** "2 people ahead of you · about 20 min", or "You’re next": the place as the screen and a screen reader say it. */
export function placeSummary(registration: Registration, messages: QueueMessages, localizer: Localizer): string {
  if (registration.numberOfPeopleAhead <= 0) return messages.next;
  const ahead = localizer.plural(messages.ahead, registration.numberOfPeopleAhead);
  return registration.waitingTime > 0 ? `${ahead} · ${messages.about(localizer.duration(registration.waitingTime))}` : ahead;
}

/** What a screen reader hears when the place changes: the same words the screen shows. */
export function placeAnnouncement(registration: Registration, messages: QueueMessages, localizer: Localizer): string | undefined {
  if (registration.status === RegistrationStatus.Ingoing) return `${messages.yourTurn}. ${messages.yourTurnText}`;
  return registration.status === RegistrationStatus.Registered ? placeSummary(registration, messages, localizer) : undefined;
}

const PHONE = /^\+?[\d\s().-]+$/;

/** The join form's own fields: both names, a phone the service can text, and a party the line takes (the questions are checked as intake questions). */
export function checkEntries(
  entries: JoinEntries,
  messages: Pick<Messages, 'required' | 'invalidPhone'> & Pick<QueueMessages, 'partyRange'>,
  localizer: Pick<Localizer, 'number'>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!entries.firstName.trim()) errors.firstName = messages.required;
  if (!entries.lastName.trim()) errors.lastName = messages.required;
  const phone = entries.phone.trim();
  if (!phone) errors.phone = messages.required;
  else if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 5) errors.phone = messages.invalidPhone;
  // Kept as typed (not clamped): a party of 12 is not quietly sent as 10.
  const party = entries.partySize;
  if (!Number.isInteger(party) || party < 1 || party > MAX_PARTY_SIZE)
    errors.partySize = messages.partyRange(localizer.number(1), localizer.number(MAX_PARTY_SIZE));
  return errors;
}
