/** Manage mode's flow (#13, #23) as data: every screen, and what each failure of a read or a change leaves the visitor with. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SchedulingError } from '../../src/api/errors.js';
import type { Appointment, Company } from 'booking-widget-shared/types';
import {
  Lock,
  type ManageAction,
  ManageFailure,
  ManagePhase,
  type ManageState,
  manageFailureOf,
  reduceManage,
  startManage,
} from '../../src/booking/manage-flow.js';
import { selfServiceRules } from 'booking-widget-shared/manage-rules';
import { BOOKED_CUT } from './booking-support.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Wednesday 4 March 2026, 10:00 in Boston. */
const NOW = Date.parse('2026-03-04T15:00:00Z');
const ZONE = 'America/New_York';

const company = (bookingWidget: Record<string, unknown> = {}): Company =>
  ({ id: 'salon', name: 'Salon', timeZone: ZONE, scheduledItems: 'service', extendedProperties: { public: { bookingWidget } } }) as Company;

/** Friday 6 March, 11:00–11:30 in Boston: 49 hours after NOW. */
const BOOKING = BOOKED_CUT;
const START = Date.parse('2026-03-06T16:00:00Z');
/** Saturday 7 March, 09:00 in Boston: a later time. */
const LATER = Date.parse('2026-03-07T14:00:00Z');

const run = (state: ManageState, ...actions: ManageAction[]) => actions.reduce(reduceManage, state);
const opened = (rules: Record<string, unknown> = {}, minNoticeMinutes?: number) =>
  run(startManage({ companyZone: ZONE, rules: selfServiceRules(company(rules)), minNoticeMinutes }), {
    type: 'loaded',
    appointment: BOOKING,
    now: NOW,
  });
const confirmingMove = (slot = LATER, rules: Record<string, unknown> = {}) =>
  run(opened(rules), { type: 'reschedule', now: NOW }, { type: 'time', day: '2026-03-07', slot }, { type: 'continue' });
const confirmingCancel = (rules: Record<string, unknown> = {}) => run(opened(rules), { type: 'ask-cancel', now: NOW });

const refused = (status: number, init: { errorCode?: string; field?: string } = {}) =>
  new SchedulingError({ status, errorCode: init.errorCode ?? 'FORBIDDEN', message: 'refused', field: init.field });
const LINK_REFUSED = refused(403, { field: 'Manage-Token' });
const TOO_CLOSE = refused(403, { field: 'start.dateTime' });
const NOT_ALLOWED = refused(403);
const GONE = refused(404, { errorCode: 'NOT_FOUND' });
const TAKEN = refused(409, { errorCode: 'DATE_NOT_AVAILABLE' });
const OFFLINE = new SchedulingError({ status: 0, errorCode: 'NETWORK_ERROR', message: 'The service could not be reached.' });
const DOWN = refused(503, { errorCode: 'UNAVAILABLE' });
const BAD = refused(400, { errorCode: 'INVALID_PARAMETER', field: 'start.dateTime' });

describe('manage flow: reading the booking', () => {
  it('opens loading, then shows the booking with its times read in the company zone, nothing locked far ahead', () => {
    const start = startManage({ companyZone: ZONE, rules: selfServiceRules(company()) });
    assert.equal(start.phase, ManagePhase.Loading);
    const state = reduceManage(start, { type: 'loaded', appointment: BOOKING, now: NOW });
    assert.equal(state.phase, ManagePhase.View);
    assert.equal(state.start, START);
    assert.equal(state.end, START + 30 * MINUTE);
    assert.deepEqual(state.locks, {});
  });

  it('reads a time in the zone it names, when it names one', () => {
    const inTokyo = { ...BOOKING, start: { dateTime: '2026-03-07T01:00:00', timeZone: 'Asia/Tokyo' } };
    const state = run(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), {
      type: 'loaded',
      appointment: inTokyo,
      now: NOW,
    });
    assert.equal(state.start, START);
  });

  it('reads an end in the hour repeated when clocks go back after the start: the booking keeps its length (audit 9, #1)', () => {
    // 60 minutes from 01:30 EDT on 1 November ends at 01:30 EST; 30 minutes, at 01:00 EST.
    for (const [end, minutes] of [
      ['2026-11-01T01:30:00', 60],
      ['2026-11-01T01:00:00', 30],
    ] as const) {
      const booking = { ...BOOKING, start: { dateTime: '2026-11-01T01:30:00' }, end: { dateTime: end } } as Appointment;
      const state = reduceManage(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), {
        type: 'loaded',
        appointment: booking,
        now: NOW,
      });
      assert.equal(state.end - state.start, minutes * MINUTE, end);
    }
    // 120 minutes from 00:30 EDT also end at 01:30 EST: the catalog's length tells it from 01:30 EDT (review of 1ec8261).
    const long = { ...BOOKING, start: { dateTime: '2026-11-01T00:30:00' }, end: { dateTime: '2026-11-01T01:30:00' } } as Appointment;
    const read = reduceManage(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), {
      type: 'loaded',
      appointment: long,
      now: NOW,
      length: 120 * MINUTE,
    });
    assert.equal(read.end - read.start, 120 * MINUTE);
  });

  it('locks what the rules do not allow now: inside a notice, not allowed, or started', () => {
    assert.deepEqual(opened({ rescheduleNoticeMinutes: 72 * 60, allowCancel: false }).locks, {
      reschedule: Lock.Notice,
      cancel: Lock.NotAllowed,
    });
    const started = run(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), {
      type: 'loaded',
      appointment: BOOKING,
      now: START,
    });
    assert.deepEqual(started.locks, { reschedule: Lock.Past, cancel: Lock.Past });
  });

  it('a read that fails says why: a refused link, a booking gone, or a retry when the service may answer later', () => {
    const cases: [unknown, ManageFailure][] = [
      [LINK_REFUSED, ManageFailure.LinkInvalid],
      // Any refusal of a read is the link's: the proxy checks nothing else before reading.
      [NOT_ALLOWED, ManageFailure.LinkInvalid],
      [GONE, ManageFailure.Gone],
      [OFFLINE, ManageFailure.Retry],
      [DOWN, ManageFailure.Retry],
      [refused(401, { errorCode: 'UNAUTHORIZED' }), ManageFailure.Refused],
      [new TypeError('fetch is not a function'), ManageFailure.Refused],
    ];
    for (const [error, failure] of cases) {
      assert.equal(manageFailureOf(error), failure, String(error));
      const state = run(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), { type: 'load-failed', failure });
      assert.equal(state.phase, ManagePhase.Failed);
      assert.deepEqual(state.failure, { kind: failure });
    }
  });

  it('a retry reads again, and what the last screen said of the failure goes', () => {
    const failed = run(startManage({ companyZone: ZONE, rules: selfServiceRules(company()) }), {
      type: 'load-failed',
      failure: ManageFailure.Retry,
    });
    const retrying = reduceManage(failed, { type: 'load' });
    assert.equal(retrying.phase, ManagePhase.Loading);
    assert.equal(retrying.failure, undefined);
    assert.equal(reduceManage(retrying, { type: 'loaded', appointment: BOOKING, now: NOW }).phase, ManagePhase.View);
  });
});

describe('manage flow: moving the booking', () => {
  it('offers new times from the later of the minimum notice and the reschedule notice', () => {
    const byNotice = run(opened({ rescheduleNoticeMinutes: 120 }, 30), { type: 'reschedule', now: NOW });
    assert.equal(byNotice.phase, ManagePhase.Time);
    assert.equal(byNotice.earliest, NOW + 2 * HOUR);
    const byWindow = run(opened({ rescheduleNoticeMinutes: 30 }, 240), { type: 'reschedule', now: NOW });
    assert.equal(byWindow.earliest, NOW + 4 * HOUR);
  });

  it('a time, Continue, the confirmation; Back returns through each screen with the time kept', () => {
    const confirming = confirmingMove();
    assert.equal(confirming.phase, ManagePhase.ConfirmMove);
    assert.equal(confirming.slot, LATER);
    const time = reduceManage(confirming, { type: 'back' });
    assert.equal(time.phase, ManagePhase.Time);
    assert.equal(time.slot, LATER);
    assert.equal(reduceManage(time, { type: 'back' }).phase, ManagePhase.View);
  });

  it('Continue without a time stays; a time from another screen is ignored', () => {
    const time = run(opened(), { type: 'reschedule', now: NOW });
    assert.equal(reduceManage(time, { type: 'continue' }), time);
    const view = opened();
    assert.equal(reduceManage(view, { type: 'time', day: '2026-03-07', slot: LATER }), view);
  });

  it('reads the chosen day again when the visitor switches zones, keeping the time', () => {
    const state = run(
      opened(),
      { type: 'reschedule', now: NOW },
      { type: 'time', day: '2026-03-07', slot: LATER },
      { type: 'zone', timeZone: 'Pacific/Auckland' },
    );
    assert.equal(state.zone, 'Pacific/Auckland');
    assert.equal(state.slot, LATER);
    assert.equal(state.day, '2026-03-08');
  });

  it('the notice window that started since the booking was shown: Reschedule says so instead of offering times', () => {
    const view = opened({ rescheduleNoticeMinutes: 24 * 60 });
    assert.deepEqual(view.locks, {});
    const later = reduceManage(view, { type: 'reschedule', now: START - 23 * HOUR });
    assert.equal(later.phase, ManagePhase.View);
    assert.equal(later.locks.reschedule, Lock.Notice);
  });

  it('sending: busy once, however often it is asked; Back waits for the answer', () => {
    const sending = reduceManage(confirmingMove(), { type: 'send' });
    assert.equal(sending.busy, true);
    assert.equal(reduceManage(sending, { type: 'send' }), sending);
    assert.equal(reduceManage(sending, { type: 'back' }), sending);
    assert.equal(reduceManage(opened(), { type: 'send' }).busy, false, 'nothing to send from the booking itself');
  });

  it('moved: the booking at the time the service answered, or at the time chosen when the answer has none readable', () => {
    const sending = reduceManage(confirmingMove(), { type: 'send' });
    const answered = { ...BOOKING, start: { dateTime: '2026-03-07T09:00:00' }, end: { dateTime: '2026-03-07T09:30:00' } } as Appointment;
    const moved = reduceManage(sending, { type: 'moved', appointment: answered });
    assert.equal(moved.phase, ManagePhase.Moved);
    assert.equal(moved.busy, false);
    assert.equal(moved.start, LATER);
    assert.equal(moved.end, LATER + 30 * MINUTE);
    assert.equal(moved.appointment?.reference, 'R-1');
    const unreadable = reduceManage(sending, { type: 'moved', appointment: { ...BOOKING, start: { dateTime: 'soon' } } as Appointment });
    assert.equal(unreadable.start, LATER);
  });

  it('a time taken meanwhile: back to the times, without it, with the notice until the visitor moves on', () => {
    assert.equal(manageFailureOf(TAKEN, 'reschedule'), ManageFailure.SlotTaken);
    const taken = run(confirmingMove(), { type: 'send' }, { type: 'change-failed', failure: ManageFailure.SlotTaken });
    assert.equal(taken.phase, ManagePhase.Time);
    assert.equal(taken.slot, undefined);
    assert.equal(taken.slotTaken, true);
    assert.equal(taken.busy, false);
    assert.equal(reduceManage(taken, { type: 'back' }).slotTaken, false);
  });
});

describe('manage flow: a change that fails', () => {
  const failAt = (state: ManageState, error: unknown, change: 'reschedule' | 'cancel') =>
    run(state, { type: 'send' }, { type: 'change-failed', failure: manageFailureOf(error, change) });

  it('the link refused meanwhile (expired): the booking is not changed, the link is not valid, nothing to retry', () => {
    for (const [state, change] of [
      [confirmingMove(), 'reschedule'],
      [confirmingCancel(), 'cancel'],
    ] as const) {
      const failed = failAt(state, LINK_REFUSED, change);
      assert.equal(failed.phase, ManagePhase.Failed);
      assert.deepEqual(failed.failure, { kind: ManageFailure.LinkInvalid, change });
    }
  });

  it('the booking gone (cancelled by the merchant): not changed, and it no longer exists', () => {
    const failed = failAt(confirmingMove(), GONE, 'reschedule');
    assert.equal(failed.phase, ManagePhase.Failed);
    assert.deepEqual(failed.failure, { kind: ManageFailure.Gone, change: 'reschedule' });
  });

  it('refused by the notice on the proxy’s clock: back to the booking, too late to move it online, cancelling still offered', () => {
    const failed = failAt(confirmingMove(), TOO_CLOSE, 'reschedule');
    assert.equal(failed.phase, ManagePhase.View);
    assert.deepEqual(failed.failure, { kind: ManageFailure.TooLate, change: 'reschedule' });
    assert.equal(failed.locks.reschedule, Lock.TooLate);
    assert.equal(failed.locks.cancel, undefined);
    assert.equal(failed.busy, false);
    // Trying again from the booking cannot happen: the page now holds the proxy's answer.
    assert.equal(reduceManage(failed, { type: 'reschedule', now: NOW }).phase, ManagePhase.View);
    const cancel = failAt(confirmingCancel(), TOO_CLOSE, 'cancel');
    assert.equal(cancel.locks.cancel, Lock.TooLate);
  });

  it('refused by the notice for a new time earlier than the booking: that time is gone, later ones are still offered', () => {
    const earlier = START - 24 * HOUR;
    const failed = failAt(confirmingMove(earlier), TOO_CLOSE, 'reschedule');
    assert.equal(failed.phase, ManagePhase.Time);
    assert.equal(failed.slotTaken, true);
    assert.equal(failed.slot, undefined);
    assert.ok(failed.earliest > earlier);
  });

  it('refused because the merchant no longer allows it: back to the booking, which says it cannot be changed online', () => {
    const failed = failAt(confirmingCancel(), NOT_ALLOWED, 'cancel');
    assert.equal(failed.phase, ManagePhase.View);
    assert.equal(failed.locks.cancel, Lock.NotAllowed);
    assert.deepEqual(failed.failure, { kind: ManageFailure.NotAllowed, change: 'cancel' });
  });

  it('no answer, or a busy service: the choice stays on screen, and the same button tries again', () => {
    for (const error of [OFFLINE, DOWN]) {
      const failed = failAt(confirmingMove(), error, 'reschedule');
      assert.equal(failed.phase, ManagePhase.ConfirmMove);
      assert.equal(failed.slot, LATER);
      assert.equal(failed.busy, false);
      assert.deepEqual(failed.failure, { kind: ManageFailure.Retry, change: 'reschedule' });
      const again = reduceManage(failed, { type: 'send' });
      assert.equal(again.busy, true);
      assert.equal(again.failure, undefined, 'the retry clears the message, so a second failure is said again');
    }
  });

  it('any other refusal: back to the booking, not changed, and nothing offered to retry the same', () => {
    const failed = failAt(confirmingMove(), BAD, 'reschedule');
    assert.equal(failed.phase, ManagePhase.View);
    assert.deepEqual(failed.failure, { kind: ManageFailure.Refused, change: 'reschedule' });
    assert.deepEqual(failed.locks, {});
  });

  it('cancelled: the booking as it was, with the screen that says so', () => {
    const cancelled = run(confirmingCancel(), { type: 'send' }, { type: 'cancelled' });
    assert.equal(cancelled.phase, ManagePhase.Cancelled);
    assert.equal(cancelled.appointment, BOOKING);
    assert.equal(cancelled.busy, false);
  });

  it('a failure answered after the visitor left the confirmation changes nothing', () => {
    const view = opened();
    assert.equal(reduceManage(view, { type: 'change-failed', failure: ManageFailure.Retry }).failure, undefined);
  });
});
