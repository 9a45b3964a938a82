/** The DOM-free side of manage mode (#13): the merchant's self-service rules, and the visitor's link. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Appointment, Company } from 'booking-widget-shared/types';
import { parseManageLink, takeManageLinkFromUrl } from '../../src/booking/manage-link.js';
import { earliestStart } from 'booking-widget-shared/earliest-start';
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

  it('a time the widget offers with no notice can be moved and cancelled at once: one that starts now is not offered', () => {
    const rules = selfServiceRules(company({}));
    const first = earliestStart(NOW);
    assert.ok(first > NOW, 'a time starting now has started');
    assert.equal(lockedFor('reschedule', first, NOW, rules), undefined);
    assert.equal(lockedFor('cancel', first, NOW, rules), undefined);
    assert.equal(earliestStart(NOW, 30), NOW + 30 * 60_000, 'a notice counts from now, as before');
  });
});

describe("the visitor's manage link", () => {
  const appointment = { id: '4711', manageToken: 'eyJraW5kIjoibWFuYWdlIn0.c2lnbmF0dXJl' } as Appointment;

  const fromHash = (url: string, param = 'booking') => new URLSearchParams(new URL(url).hash.slice(1)).get(param);

  it('is built on the manage page, with the appointment and its token in one parameter of the fragment, and read back the same', () => {
    const url = manageUrlFor(appointment, { page: 'https://salon.example/my-booking?lang=fr#top', param: 'booking', direct: false })!;
    // The fragment is never sent to the merchant's server or analytics; the page's query stays.
    assert.equal(url, 'https://salon.example/my-booking?lang=fr#booking=4711:eyJraW5kIjoibWFuYWdlIn0.c2lnbmF0dXJl');
    assert.deepEqual(parseManageLink(fromHash(url)), { appointmentId: '4711', token: appointment.manageToken, locationId: undefined });
  });

  it('replaces a link already in the page URL, under the parameter name the merchant chose', () => {
    const url = manageUrlFor(appointment, { page: 'https://salon.example/?visit=old:token', param: 'visit', direct: false })!;
    assert.equal(new URL(url).searchParams.getAll('visit').length, 0);
    assert.equal(fromHash(url, 'visit'), `4711:${appointment.manageToken}`);
  });

  it('carries the booking’s own location when the widget shows several', () => {
    const url = manageUrlFor(appointment, {
      page: 'https://salon.example/',
      param: 'booking',
      direct: false,
      location: 'demo-salon-west',
    })!;
    assert.deepEqual(parseManageLink(fromHash(url)), {
      appointmentId: '4711',
      token: appointment.manageToken,
      locationId: 'demo-salon-west',
    });
    const direct = manageUrlFor({ id: '4711' } as Appointment, {
      page: 'https://salon.example/',
      param: 'booking',
      direct: true,
      location: 'west',
    })!;
    assert.deepEqual(parseManageLink(fromHash(direct)), { appointmentId: '4711', token: undefined, locationId: 'west' });
  });

  it('is absent when a proxy gave no token (its manage links are off); with an access token the id alone is enough', () => {
    assert.equal(
      manageUrlFor({ id: '4711' } as Appointment, { page: 'https://salon.example/', param: 'booking', direct: false }),
      undefined,
    );
    const direct = manageUrlFor({ id: '4711' } as Appointment, { page: 'https://salon.example/', param: 'booking', direct: true })!;
    assert.deepEqual(parseManageLink(fromHash(direct)), { appointmentId: '4711', token: undefined, locationId: undefined });
  });

  describe('read from the address, then removed from it', () => {
    const withAddress = (href: string, run: (replaced: () => { state: unknown; url: string | undefined }, routerState: object) => void) => {
      const replaced: { state: unknown; url: string | undefined } = { state: undefined, url: undefined };
      const routerState = { route: 'booking-page' };
      const saved = { location: globalThis.location, history: globalThis.history };
      Object.assign(globalThis, {
        location: { href },
        history: { state: routerState, replaceState: (state: unknown, _: string, url: string) => Object.assign(replaced, { state, url }) },
      });
      try {
        run(() => replaced, routerState);
      } finally {
        Object.assign(globalThis, saved);
      }
    };

    it('the fragment form: read, and removed keeping the query, the rest of the fragment and the router’s state', () => {
      withAddress('https://salon.example/book?utm=x#booking=4711:tok.sig&tab=2', (replaced, routerState) => {
        assert.equal(takeManageLinkFromUrl('booking'), '4711:tok.sig');
        assert.equal(replaced().url, 'https://salon.example/book?utm=x#tab=2');
        assert.equal(replaced().state, routerState);
      });
    });

    it('the query form of links already sent: read, and removed keeping the other parameters as they were', () => {
      withAddress('https://salon.example/book?a=1%202&booking=4711%3Atok.sig&b=3#/route', (replaced) => {
        assert.equal(takeManageLinkFromUrl('booking'), '4711:tok.sig');
        assert.equal(replaced().url, 'https://salon.example/book?a=1%202&b=3#/route');
      });
    });

    it('an address without a link is left alone', () => {
      withAddress('https://salon.example/book?bookings=2#booking-form', (replaced) => {
        assert.equal(takeManageLinkFromUrl('booking'), null);
        assert.equal(replaced().url, undefined);
      });
    });
  });

  it('reads nothing from an empty or malformed value, so the widget books as usual', () => {
    for (const value of [null, undefined, '', '  ', ':token', '4711:', '4711:a:', '4711:a:b:c'])
      assert.equal(parseManageLink(value), undefined, String(value));
  });
});
