/**
 * Manage mode as a reducer: `(state, action) → state`, no DOM and no I/O, so every
 * screen and every failure is tested with plain data (test/node/booking-manage-flow.test.ts).
 * The widget's ManageController holds the state, reads and changes the booking, and
 * sends each outcome here; `<bw-manage>` renders the state.
 */
import { SchedulingError } from '../api/errors.js';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { Appointment } from 'booking-widget-shared/types';
import { instantOf } from 'booking-widget-shared/wire-time';
import { isSlotTaken } from './booking-failure.js';
import type { Catalog } from './catalog.js';
import { durationOf } from './selection.js';
import { earliestStart } from 'booking-widget-shared/earliest-start';
import { Locked, type SelfServiceChange, type SelfServiceRules, lockedFor } from 'booking-widget-shared/manage-rules';

/** Where a visitor managing their booking stands; each phase is one screen, and focus goes to its heading. */
export const ManagePhase = {
  Loading: 'loading',
  Failed: 'failed',
  View: 'view',
  Time: 'time',
  ConfirmMove: 'confirm-move',
  ConfirmCancel: 'confirm-cancel',
  Moved: 'moved',
  Cancelled: 'cancelled',
} as const;
export type ManagePhase = (typeof ManagePhase)[keyof typeof ManagePhase];

/** What a failed read or change of the booking means for the visitor. */
export const ManageFailure = {
  /** 409: someone took the new time first. */
  SlotTaken: 'slot-taken',
  /** 403 for the link: forged, expired, or another booking's. */
  LinkInvalid: 'link-invalid',
  /** 404: the booking was cancelled meanwhile. */
  Gone: 'gone',
  /** 403 by the notice: the window has started on the proxy's clock, if not yet on the page's. */
  TooLate: 'too-late',
  /** 403: the merchant does not (or no longer) let visitors make this change online. */
  NotAllowed: 'not-allowed',
  /** No answer, or a busy or failing service: the same request may go through later. */
  Retry: 'retry',
  /** Any other refusal: trying again cannot help. */
  Refused: 'refused',
} as const;
export type ManageFailure = (typeof ManageFailure)[keyof typeof ManageFailure];

/** Why a change cannot be made online: the page's reading of the rules, or the proxy's refusal by the notice. */
export const Lock = { ...Locked, TooLate: ManageFailure.TooLate } as const;
export type Lock = (typeof Lock)[keyof typeof Lock];

export interface ManageState {
  readonly phase: ManagePhase;
  /** The company's zone, which the booking's wire times are read in when they name none. */
  readonly companyZone: string;
  readonly rules: SelfServiceRules;
  /** The booking window's minimum notice (`minNoticeMinutes`), which a new time is held to as well. */
  readonly minNoticeMinutes: number;
  readonly appointment?: Appointment | undefined;
  /** The booking's start and end, epoch ms. */
  readonly start: number;
  readonly end: number;
  /** Why a change cannot be made online: read by the page, or answered by the proxy. */
  readonly locks: Readonly<Partial<Record<SelfServiceChange, Lock>>>;
  /** The new time: its day in the display zone, and its start, epoch ms. */
  readonly day?: CalendarDate | undefined;
  readonly slot?: number | undefined;
  /** The zone the visitor switched the times to; until then the page's `display-time-zone` decides. */
  readonly zone?: string | undefined;
  /** Epoch ms before which no new time is offered. */
  readonly earliest: number;
  /** Back at the times because the one chosen was just taken. */
  readonly slotTaken: boolean;
  /** A change is on its way: its button does nothing more until the answer. */
  readonly busy: boolean;
  /** The last read or change failed, and how: said on the screen it left the visitor on, until they move on. */
  readonly failure?:
    | {
        readonly kind: ManageFailure;
        readonly change?: SelfServiceChange | undefined;
        /** A rate limit's `Retry-After`, in whole seconds: how long the visitor should wait before trying again. */
        readonly waitSeconds?: number | undefined;
      }
    | undefined;
}

export type ManageAction =
  /** The booking is read: on opening, and when the visitor tries again. */
  | { type: 'load' }
  /** `length`: the booking's as the catalog gives it (ms), when it does: it places an end in the hour clocks go back. */
  | { type: 'loaded'; appointment: Appointment; now: number; length?: number | undefined }
  | { type: 'load-failed'; failure: ManageFailure; waitSeconds?: number | undefined }
  /** The visitor's intents. Those that open a change carry the time, to check it is still allowed. */
  | { type: 'reschedule'; now: number }
  | { type: 'ask-cancel'; now: number }
  | { type: 'time'; day: CalendarDate | undefined; slot: number | undefined }
  | { type: 'zone'; timeZone: string }
  | { type: 'continue' }
  | { type: 'back' }
  /** The move or cancellation confirmed is on its way. */
  | { type: 'send' }
  | { type: 'moved'; appointment: Appointment }
  | { type: 'cancelled' }
  | { type: 'change-failed'; failure: ManageFailure; waitSeconds?: number | undefined };

/**
 * The visitor's intents, as `<bw-manage>` sends them: the controller makes them actions (with the time) or calls.
 * The new time and the zone come from the time step, through the time controller (its `time` and `zone` actions).
 */
export type ManageIntent =
  | Extract<ManageAction, { type: 'continue' | 'back' }>
  | { type: 'reschedule' }
  | { type: 'ask-cancel' }
  /** Sends the move or the cancellation on screen. */
  | { type: 'confirm' }
  /** Reads the booking again. */
  | { type: 'retry' }
  /** After a cancellation: leaves manage mode for a new booking. */
  | { type: 'book-again' };

export interface ManageCompany {
  companyZone: string;
  rules: SelfServiceRules;
  minNoticeMinutes?: number | undefined;
}

export function startManage({ companyZone, rules, minNoticeMinutes = 0 }: ManageCompany): ManageState {
  const none = Number.NaN;
  return {
    phase: ManagePhase.Loading,
    companyZone,
    rules,
    minNoticeMinutes,
    start: none,
    end: none,
    locks: {},
    earliest: 0,
    slotTaken: false,
    busy: false,
  };
}

/** What a failed read (no `change`) or change means; a read refused for any reason is the link's fault. */
/** How long a rate limit asked the visitor to wait (429 with `Retry-After`), in whole seconds; `undefined` otherwise. */
export const waitSecondsOf = (error: unknown): number | undefined =>
  error instanceof SchedulingError && error.status === 429 && error.retryAfterMs !== undefined
    ? Math.ceil(error.retryAfterMs / 1000)
    : undefined;

const waited = (waitSeconds: number | undefined) => (waitSeconds === undefined ? {} : { waitSeconds });

export function manageFailureOf(error: unknown, change?: SelfServiceChange): ManageFailure {
  if (change === 'reschedule' && isSlotTaken(error)) return ManageFailure.SlotTaken;
  if (!(error instanceof SchedulingError)) return ManageFailure.Refused;
  if (error.status === 404) return ManageFailure.Gone;
  if (error.status === 403) {
    // The proxy names the field at fault: the link's token, or the booking's start (service contract §7a).
    if (!change || (error.field && error.field !== 'start.dateTime')) return ManageFailure.LinkInvalid;
    return error.field ? ManageFailure.TooLate : ManageFailure.NotAllowed;
  }
  return error.retryable ? ManageFailure.Retry : ManageFailure.Refused;
}

/** The change a confirmation screen sends. */
export const changeOf = (state: ManageState): SelfServiceChange | undefined =>
  state.phase === ManagePhase.ConfirmMove ? 'reschedule' : state.phase === ManagePhase.ConfirmCancel ? 'cancel' : undefined;

export function reduceManage(state: ManageState, action: ManageAction): ManageState {
  switch (action.type) {
    case 'load':
      return { ...go(state, ManagePhase.Loading), busy: false };
    case 'loaded': {
      const read = { ...state, ...timesOf(state, action.appointment, action.length) };
      return { ...go(read, ManagePhase.View), locks: locksAt(read, action.now) };
    }
    case 'load-failed':
      return { ...go(state, ManagePhase.Failed), failure: { kind: action.failure, ...waited(action.waitSeconds) } };
    case 'reschedule':
    case 'ask-cancel': {
      const change = action.type === 'ask-cancel' ? 'cancel' : 'reschedule';
      if (state.phase !== ManagePhase.View) return state;
      // The page may learn first that the notice window has started since it showed the booking.
      const locks = { ...state.locks, ...locksAt(state, action.now) };
      if (locks[change]) return { ...state, locks };
      if (change === 'cancel') return { ...go(state, ManagePhase.ConfirmCancel), locks };
      const earliest = earliestStart(action.now, state.minNoticeMinutes, state.rules);
      return { ...go(state, ManagePhase.Time), locks, earliest, day: undefined, slot: undefined };
    }
    case 'time':
      return state.phase === ManagePhase.Time ? { ...state, day: action.day, slot: action.slot } : state;
    case 'zone': {
      // The chosen time stays; its day is read again in the new zone.
      const day = state.slot === undefined ? state.day : instantToWallClock(state.slot, action.timeZone).date;
      return { ...state, zone: action.timeZone, day };
    }
    case 'continue':
      return state.phase === ManagePhase.Time && state.slot !== undefined ? go(state, ManagePhase.ConfirmMove) : state;
    case 'back':
      if (state.busy) return state;
      if (state.phase === ManagePhase.ConfirmMove) return go(state, ManagePhase.Time);
      return state.phase === ManagePhase.Time || state.phase === ManagePhase.ConfirmCancel ? go(state, ManagePhase.View) : state;
    case 'send':
      return changeOf(state) && !state.busy ? { ...state, busy: true, failure: undefined } : state;
    case 'moved': {
      const at = state.slot ?? state.start;
      const appointment = { ...state.appointment!, ...action.appointment };
      // Moved, the booking keeps its length.
      const times = timesOf(state, appointment, state.end - state.start);
      // An answer whose times cannot be read: the booking is where the visitor moved it.
      const start = Number.isNaN(times.start) ? at : times.start;
      const end = Number.isNaN(times.end) ? at + state.end - state.start : times.end;
      return { ...go(state, ManagePhase.Moved), appointment, start, end, busy: false };
    }
    case 'cancelled':
      return { ...go(state, ManagePhase.Cancelled), busy: false };
    case 'change-failed':
      return changeFailed({ ...state, busy: false }, action.failure, action.waitSeconds);
  }
}

function changeFailed(state: ManageState, kind: ManageFailure, waitSeconds?: number): ManageState {
  const change = changeOf(state);
  if (!change) return state;
  const failure = { kind, change, ...waited(waitSeconds) };
  switch (kind) {
    case ManageFailure.SlotTaken:
      return { ...go(state, ManagePhase.Time), slot: undefined, slotTaken: true };
    case ManageFailure.TooLate:
      // A new time earlier than the booking is refused first when it is the one inside the notice on the proxy's clock:
      // that time is gone, the booking may still move later.
      if (change === 'reschedule' && state.slot !== undefined && state.slot < state.start) {
        return { ...go(state, ManagePhase.Time), slot: undefined, slotTaken: true, earliest: Math.max(state.earliest, state.slot + 1) };
      }
      return { ...go(state, ManagePhase.View), locks: { ...state.locks, [change]: Lock.TooLate }, failure };
    case ManageFailure.NotAllowed:
      return { ...go(state, ManagePhase.View), locks: { ...state.locks, [change]: Lock.NotAllowed }, failure };
    case ManageFailure.Refused:
      return { ...go(state, ManagePhase.View), failure };
    case ManageFailure.LinkInvalid:
    case ManageFailure.Gone:
      return { ...go(state, ManagePhase.Failed), failure };
    case ManageFailure.Retry:
      // The visitor's choice stays, and the same button tries again.
      return { ...state, failure };
  }
}

/** Another screen: what the last one said of a failure or a time taken is no longer news. */
function go(state: ManageState, phase: ManagePhase): ManageState {
  return { ...state, phase, failure: undefined, slotTaken: false };
}

/**
 * A booking's length as the catalog gives it (ms): its service's duration, or its resource's times its iterations;
 * `undefined` when the catalog does not have it. What tells an end in the hour repeated when clocks go back from the
 * same reading an hour earlier (booking-widget-shared/wire-time).
 */
export function bookedLength(
  catalog: Catalog,
  appointment: Pick<Appointment, 'service' | 'resource' | 'iterationCount'>,
): number | undefined {
  const minutes = durationOf(catalog, { serviceId: appointment.service?.id, resourceId: appointment.resource?.id, quantity: 1 });
  const iterations = catalog.mode === 'resource' ? (appointment.iterationCount ?? 1) : 1;
  return minutes ? minutes * iterations * 60_000 : undefined;
}

/** The booking's times as instants; its end `length` after its start where the end's reading happens twice (wire-time.ts). */
function timesOf(state: ManageState, appointment: Appointment, length?: number): Pick<ManageState, 'appointment' | 'start' | 'end'> {
  const start = instantOf(appointment.start, state.companyZone) ?? Number.NaN;
  return { appointment, start, end: instantOf(appointment.end, state.companyZone, start, length) ?? Number.NaN };
}

function locksAt(state: ManageState, now: number): ManageState['locks'] {
  const reschedule = lockedFor('reschedule', state.start, now, state.rules);
  const cancel = lockedFor('cancel', state.start, now, state.rules);
  return { ...(reschedule && { reschedule }), ...(cancel && { cancel }) };
}
