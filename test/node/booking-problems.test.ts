import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SchedulingError } from '../../src/api/errors.js';
import { bookingFailure, isSlotTaken } from '../../src/booking/booking-failure.js';
import { configProblem, loadProblem } from '../../src/booking/problems.js';
import { en } from '../../src/i18n/catalogs/en.js';

const CONTEXT = { companyId: 'demo-salon', apiBase: '/booking-api' };
const error = (status: number, errorCode: string, field?: string) =>
  new SchedulingError({ status, errorCode, message: `${status} ${errorCode}`, ...(field && { field }) });

describe('problems: what a failure means for the visitor and the merchant', () => {
  it('tells the visitor a short sentence and the merchant what to fix', () => {
    const offline = loadProblem(error(0, 'NETWORK_ERROR'), 'load', CONTEXT, en);
    assert.equal(offline.visitorMessage, en.offline);
    assert.match(offline.merchantMessage, /could not be reached.*api-base/);
    assert.equal(offline.retryable, true);
    assert.match(loadProblem(error(403, 'FORBIDDEN'), 'load', CONTEXT, en).merchantMessage, /serves company "demo-salon"/);
    assert.match(loadProblem(error(404, 'NOT_FOUND'), 'load', CONTEXT, en).merchantMessage, /company-id attribute/);
    assert.doesNotMatch(loadProblem(error(404, 'NOT_FOUND'), 'slots', CONTEXT, en).merchantMessage, /company-id attribute/);
    assert.equal(loadProblem(error(429, 'RATE_LIMITED'), 'booking', CONTEXT, en).visitorMessage, en.rateLimited);
    assert.equal(loadProblem(error(503, 'UNAVAILABLE'), 'slots', CONTEXT, en).visitorMessage, en.loadFailed);
    assert.deepEqual(
      { ...loadProblem(new TypeError('the company-id attribute is required'), 'load', CONTEXT, en) },
      { ...configProblem('the company-id attribute is required', en) },
    );
  });

  it("an API on another origin that gave no answer: the likely cause is the proxy's origins, and the page's origin is named", () => {
    const page = globalThis as { location?: { origin: string; href: string } };
    page.location = { origin: 'https://www.my-salon.example', href: 'https://www.my-salon.example/book' };
    try {
      const elsewhere = { ...CONTEXT, apiBase: 'https://booking.my-salon.example' };
      assert.match(
        loadProblem(error(0, 'NETWORK_ERROR'), 'load', elsewhere, en).merchantMessage,
        /could not be reached \(NETWORK_ERROR\)\. Likely cause: add https:\/\/www\.my-salon\.example to BOOKING_PROXY_ORIGINS\. Else check api-base/,
      );
      // The same origin is never refused for its origin; a timeout is slowness, not CORS.
      assert.doesNotMatch(loadProblem(error(0, 'NETWORK_ERROR'), 'load', CONTEXT, en).merchantMessage, /Likely cause/);
      assert.doesNotMatch(loadProblem(error(0, 'TIMEOUT'), 'load', elsewhere, en).merchantMessage, /Likely cause/);
    } finally {
      delete page.location;
    }
  });

  it('a booking refused for its time goes back to the times; a field the service names goes to that field; the rest is retried', () => {
    for (const code of ['DATE_NOT_AVAILABLE', 'STAFF_NOT_AVAILABLE']) {
      assert.equal(isSlotTaken(error(409, code)), true);
      assert.deepEqual(bookingFailure(error(409, code), loadProblem(error(409, code), 'booking', CONTEXT, en), en), {
        kind: 'slot-taken',
        message: en.slotTaken,
      });
    }
    assert.equal(isSlotTaken(error(409, 'IDEMPOTENCY_CONFLICT')), false);
    const email = error(400, 'INVALID_PARAMETER', 'emailAddresses[0].email');
    assert.deepEqual(bookingFailure(email, loadProblem(email, 'booking', CONTEXT, en), en), {
      kind: 'field',
      field: 'email',
      message: en.invalidEmail,
      // Said with the field's name: a screen reader hears which field, not only what is wrong.
      announcement: 'Email: Please enter an email address like name@example.com.',
    });
    // A refused answer goes to its question, and is said with the question's title as the visitor read it.
    const answer = error(400, 'INVALID_PARAMETER', 'form.side');
    const titles: Record<string, string> = { side: 'Which side?' };
    assert.deepEqual(
      bookingFailure(answer, loadProblem(answer, 'booking', CONTEXT, en), en, (id) => titles[id]),
      {
        kind: 'answer',
        id: 'side',
        message: en.checkField,
        announcement: 'Which side?: Please check this field.',
      },
    );
    // Without the question's title (a form that changed since), the message alone.
    assert.deepEqual(bookingFailure(answer, loadProblem(answer, 'booking', CONTEXT, en), en), {
      kind: 'answer',
      id: 'side',
      message: en.checkField,
      announcement: en.checkField,
    });
    const unknownField = error(400, 'INVALID_PARAMETER', 'somethingElse');
    assert.equal(bookingFailure(unknownField, loadProblem(unknownField, 'booking', CONTEXT, en), en).kind, 'other');
    const down = error(502, 'UNAVAILABLE');
    assert.deepEqual(bookingFailure(down, loadProblem(down, 'booking', CONTEXT, en), en), { kind: 'other', message: en.bookingFailed });
  });
});
