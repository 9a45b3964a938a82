/** The DOM-free side of manage mode (#13): the merchant's self-service rules, and the visitor's link. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Appointment, Company } from 'booking-widget-shared/types';
import { parseManageLink } from '../../src/booking/manage-link.js';
import { Locked, lockedFor, selfServiceRules } from 'booking-widget-shared/manage-rules';
import { manageUrlFor } from '../../src/booking/manage-url.js';

const company = (bookingWidget: unknown): Company =>
  ({ id: '1', name: 'C', timeZone: 'UTC', scheduledItems: 'service', extendedProperties: { public: { bookingWidget } } }) as Company;

const NOW = Date.parse('2026-03-04T15:00:00Z');
const HOUR = 3_600_000;

describe('self-service rules (extendedProperties.public.bookingWidget)', () => {
  it('allows both by default, with no notice', () => {
    assert.deepEqual(selfServiceRules(company(undefined)), {
      allowReschedule: true,
      allowCancel: true,
      rescheduleNoticeMinutes: 0,
      cancelNoticeMinutes: 0,
    });
  });

  it('reads the merchant values; a wrong type is ignored with a warning that names it', () => {
    const warnings: string[] = [];
    const rules = selfServiceRules(
      company({ allowReschedule: false, allowCancel: 'no', rescheduleNoticeMinutes: 1440, cancelNoticeMinutes: -5 }),
      (m) => warnings.push(m),
    );
    assert.deepEqual(rules, { allowReschedule: false, allowCancel: true, rescheduleNoticeMinutes: 1440, cancelNoticeMinutes: 0 });
    assert.equal(warnings.length, 2);
    assert.match(warnings.join('\n'), /allowCancel.*"no"/);
    assert.match(warnings.join('\n'), /cancelNoticeMinutes.*-5/);
  });

  it('locks a change that is past, not allowed, or inside its notice window; the two windows are separate', () => {
    const rules = selfServiceRules(company({ allowCancel: false, rescheduleNoticeMinutes: 24 * 60 }));
    assert.equal(lockedFor('reschedule', NOW - 1, NOW, rules), Locked.Past);
    assert.equal(lockedFor('reschedule', NOW, NOW, rules), Locked.Past, 'a booking starting now has started');
    assert.equal(lockedFor('reschedule', NOW + 23 * HOUR, NOW, rules), Locked.Notice);
    assert.equal(lockedFor('reschedule', NOW + 24 * HOUR, NOW, rules), undefined, 'exactly the notice is still in time');
    assert.equal(lockedFor('cancel', NOW + 48 * HOUR, NOW, rules), Locked.NotAllowed);
    assert.equal(lockedFor('cancel', NOW + HOUR, NOW, selfServiceRules(company({ cancelNoticeMinutes: 30 }))), undefined);
  });
});

describe("the visitor's manage link", () => {
  const appointment = { id: '4711', manageToken: 'eyJraW5kIjoibWFuYWdlIn0.c2lnbmF0dXJl' } as Appointment;

  it('is built on the manage page, with the appointment and its token in one parameter, and read back the same', () => {
    const url = manageUrlFor(appointment, { page: 'https://salon.example/my-booking?lang=fr#top', param: 'booking', direct: false })!;
    assert.equal(url, 'https://salon.example/my-booking?lang=fr&booking=4711%3AeyJraW5kIjoibWFuYWdlIn0.c2lnbmF0dXJl');
    assert.deepEqual(parseManageLink(new URL(url).searchParams.get('booking')), { appointmentId: '4711', token: appointment.manageToken });
  });

  it('replaces a link already in the page URL, under the parameter name the merchant chose', () => {
    const url = manageUrlFor(appointment, { page: 'https://salon.example/?visit=old:token', param: 'visit', direct: false })!;
    assert.equal(new URL(url).searchParams.getAll('visit').length, 1);
  });

  it('is absent when a proxy gave no token (its manage links are off); with an access token the id alone is enough', () => {
    assert.equal(
      manageUrlFor({ id: '4711' } as Appointment, { page: 'https://salon.example/', param: 'booking', direct: false }),
      undefined,
    );
    const direct = manageUrlFor({ id: '4711' } as Appointment, { page: 'https://salon.example/', param: 'booking', direct: true })!;
    assert.deepEqual(parseManageLink(new URL(direct).searchParams.get('booking')), { appointmentId: '4711', token: undefined });
  });

  it('reads nothing from an empty or malformed value, so the widget books as usual', () => {
    for (const value of [null, undefined, '', '  ', ':token', '4711:', '4711:a:b'])
      assert.equal(parseManageLink(value), undefined, String(value));
  });
});
