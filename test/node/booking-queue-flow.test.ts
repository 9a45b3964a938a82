/** The walk-in line's reducer (src/booking/queue-flow.ts): each screen the visitor can reach, with plain data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Queue, Registration } from 'booking-widget-shared/queue-types';
import { SchedulingError } from '../../src/api/errors.js';
import {
  EMPTY_ENTRIES,
  QueueFailure,
  QueuePhase,
  checkEntries,
  placeChanged,
  placeSummary,
  queueFailureOf,
  reduceQueue,
  startQueue,
} from '../../src/booking/queue-flow.js';
import { ar } from '../../src/i18n/catalogs/ar.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { queueAr } from '../../src/i18n/catalogs/queue/ar.js';
import { queueEn } from '../../src/i18n/catalogs/queue/en.js';
import { createLocalizer } from '../../src/i18n/localizer.js';
import { PLACE } from '../support/queue-place.js';

const OPEN: Queue = { id: 'q1', name: 'Walk-in cuts', company: { id: '1' }, status: 'open', averageWaitingTime: 10 };
const CLOSED: Queue = { ...OPEN, id: 'q0', status: 'closed' };

const joining = () => reduceQueue(startQueue(), { type: 'queues', queues: [CLOSED, OPEN], opensAt: undefined });
const waiting = () => reduceQueue(reduceQueue(joining(), { type: 'send' }), { type: 'place', registration: PLACE });

describe('walk-in line reducer', () => {
  it('an open line goes to the join form; only closed ones to "closed", with when it opens', () => {
    assert.equal(joining().phase, QueuePhase.Join);
    assert.equal(joining().queue?.id, 'q1');
    const closed = reduceQueue(startQueue(), { type: 'queues', queues: [CLOSED], opensAt: 1234 });
    assert.deepEqual([closed.phase, closed.opensAt], [QueuePhase.Closed, 1234]);
    assert.equal(reduceQueue(startQueue(), { type: 'queues', queues: [], opensAt: undefined }).phase, QueuePhase.Closed);
  });

  it('the place read decides the screen: waiting, called, left, ended', () => {
    assert.equal(waiting().phase, QueuePhase.Waiting);
    assert.equal(waiting().busy, false);
    const status = (value: Registration['status']) =>
      reduceQueue(waiting(), { type: 'place', registration: { ...PLACE, status: value } }).phase;
    assert.deepEqual(
      [status('ingoing'), status('deleted'), status('finished'), status('noShow')],
      [QueuePhase.Called, QueuePhase.Left, QueuePhase.Ended, QueuePhase.Ended],
    );
  });

  it('asking to leave stays on screen while the place moves up, and "back" returns to the place', () => {
    const asking = reduceQueue(waiting(), { type: 'ask-leave' });
    assert.equal(asking.phase, QueuePhase.ConfirmLeave);
    const moved = reduceQueue(asking, { type: 'place', registration: { ...PLACE, rank: 1, numberOfPeopleAhead: 0 } });
    assert.deepEqual([moved.phase, moved.registration?.numberOfPeopleAhead], [QueuePhase.ConfirmLeave, 0]);
    assert.equal(reduceQueue(moved, { type: 'back' }).phase, QueuePhase.Waiting);
    // Called while asking: the visitor sees it is their turn.
    assert.equal(reduceQueue(asking, { type: 'place', registration: { ...PLACE, status: 'ingoing' } }).phase, QueuePhase.Called);
  });

  it('the party size is kept as typed, and a size the line does not take is an error on Join; a changed field drops its error', () => {
    const typed = reduceQueue(reduceQueue(joining(), { type: 'invalid', errors: { phone: 'x', firstName: 'y' } }), {
      type: 'input',
      change: { phone: '+1', partySize: 14 },
    });
    assert.equal(typed.entries.partySize, 14, 'not quietly sent as 10');
    assert.deepEqual(typed.errors, { firstName: 'y' });
    const english = { ...en, ...queueEn };
    const localizer = createLocalizer('en-US', en);
    const named = { ...EMPTY_ENTRIES, firstName: 'Ana', lastName: 'Li', phone: '+1 555 0100' };
    const partyError = (partySize: number) => checkEntries({ ...named, partySize }, english, localizer).partySize;
    assert.deepEqual([14, 0, 2.5, NaN].map(partyError), Array(4).fill('Please enter a number from 1 to 10.'));
    assert.deepEqual([1, 10].map(partyError), [undefined, undefined]);
    // In Arabic both ends are the locale's digits.
    const arabic = checkEntries({ ...named, partySize: 11 }, { ...ar, ...queueAr }, createLocalizer('ar', ar)).partySize;
    assert.equal(arabic, `يُرجى إدخال رقم من ${(1).toLocaleString('ar')} إلى ${(10).toLocaleString('ar')}.`);
  });

  it('the place says the people ahead and the wait; with no one ahead, that the visitor is next', () => {
    const localizer = createLocalizer('en-US', en);
    assert.equal(
      placeSummary({ ...PLACE, numberOfPeopleAhead: 2, waitingTime: 20 }, queueEn, localizer),
      '2 people ahead of you · about 20 min',
    );
    assert.equal(placeSummary({ ...PLACE, numberOfPeopleAhead: 0, waitingTime: 0 }, queueEn, localizer), 'You’re next');
    assert.equal(placeSummary({ ...PLACE, numberOfPeopleAhead: 0, waitingTime: 10 }, queueEn, localizer), 'You’re next');
  });

  it('a visitor who left joins again: the line is read anew with what they typed, their old place forgotten; nobody else can', () => {
    const typed = reduceQueue(waiting(), { type: 'input', change: { firstName: 'Ana' } });
    const left = reduceQueue(reduceQueue(typed, { type: 'ask-leave' }), { type: 'left' });
    const again = reduceQueue(left, { type: 'rejoin' });
    assert.deepEqual([again.phase, again.entries.firstName, again.registration], [QueuePhase.Loading, 'Ana', undefined]);
    assert.equal(reduceQueue(again, { type: 'queues', queues: [OPEN], opensAt: undefined }).phase, QueuePhase.Join);
    assert.equal(reduceQueue(waiting(), { type: 'rejoin' }).phase, QueuePhase.Waiting, 'a visitor still in line does not join twice');
  });

  it('failures: QUEUE_CLOSED closes, a bad link fails, a busy service keeps the screen and says so', () => {
    const sending = reduceQueue(joining(), { type: 'send' });
    assert.equal(reduceQueue(sending, { type: 'failed', failure: QueueFailure.Closed }).phase, QueuePhase.Closed);
    const retry = reduceQueue(sending, { type: 'failed', failure: QueueFailure.Retry });
    assert.deepEqual([retry.phase, retry.busy, retry.failure], [QueuePhase.Join, false, QueueFailure.Retry]);
    assert.equal(reduceQueue(startQueue(), { type: 'failed', failure: QueueFailure.LinkInvalid }).phase, QueuePhase.Failed);
    const error = (status: number, errorCode: string) => new SchedulingError({ status, errorCode, message: '' });
    assert.deepEqual(
      [
        error(409, 'QUEUE_CLOSED'),
        error(403, 'FORBIDDEN'),
        error(404, 'NOT_FOUND'),
        error(429, 'RATE_LIMITED'),
        error(503, 'X'),
        error(400, 'Y'),
      ].map(queueFailureOf),
      [QueueFailure.Closed, QueueFailure.LinkInvalid, QueueFailure.Gone, QueueFailure.TooMany, QueueFailure.Retry, QueueFailure.Refused],
    );
  });

  it('a reading that changes nothing the visitor sees is not a change', () => {
    assert.equal(placeChanged(PLACE, { ...PLACE }), false);
    assert.equal(placeChanged(PLACE, { ...PLACE, numberOfPeopleAhead: 0 }), true);
    assert.equal(placeChanged(PLACE, { ...PLACE, status: 'ingoing' }), true);
  });
});
