/**
 * Every state of manage mode (#13), in each theme and language (Arabic: right to left): axe must find
 * nothing. Under a pinned today, two of the four pairs (support/axe-states.ts, `pairsUnder`).
 */
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import { accessible, pairsUnder } from '../support/axe-states.js';
import { deepText, findByRole, waitFor } from '../support/dom.js';
import { bookThroughProxy, freeStarts, linkValue, mountBehindProxyNotice, mountManage, setSelfServiceRules } from '../support/manage.js';
import { startServices } from '../support/services.js';
import { heading, waitForTimes } from '../support/widget.js';

const LOCALES: [string, Messages & ManageMessages][] = [
  ['en-US', { ...en, ...manageEn }],
  ['ar', { ...ar, ...manageAr }],
];

for (const { locale, messages: m, theme } of pairsUnder(LOCALES)) {
  describe(`axe, manage mode (${locale}, ${theme})`, () => {
    async function open(rules?: Record<string, unknown>, forge = false) {
      const services = await startServices({ manage: true });
      const [start] = await freeStarts(services);
      const appointment = await bookThroughProxy(services, start!);
      if (rules) await setSelfServiceRules(services, rules);
      const token = forge ? `${appointment.id}:${appointment.manageToken}x` : linkValue(appointment);
      return mountManage({ apiBase: services.apiBase, token, locale, theme });
    }

    it('the booking, then the new time, its confirmation and the moved booking', async () => {
      const widget = await open();
      await heading(widget, m.yourBooking);
      await accessible(widget, 'booking');
      (await findByRole(widget, 'button', m.reschedule)).click();
      await heading(widget, m.chooseNewTime);
      (await waitForTimes(widget))[0]!.click();
      await findByRole(widget, 'button', m.continue);
      await accessible(widget, 'new time');
      (await findByRole(widget, 'button', m.continue)).click();
      await heading(widget, m.confirmNewTime);
      await accessible(widget, 'confirm new time');
      (await findByRole(widget, 'button', m.moveBooking)).click();
      await heading(widget, m.moved);
      await accessible(widget, 'moved');
    });

    it('the cancel question and the cancelled booking', async () => {
      const widget = await open();
      (await findByRole(widget, 'button', m.cancelBooking)).click();
      await heading(widget, m.cancelQuestion);
      await accessible(widget, 'cancel question');
      (await findByRole(widget, 'button', m.confirmCancel)).click();
      await heading(widget, m.cancelled);
      await accessible(widget, 'cancelled');
    });

    it('a booking that can no longer change, with the company contact', async () => {
      const widget = await open({ rescheduleNoticeMinutes: 60 * 24 * 30, cancelNoticeMinutes: 60 * 24 * 30 });
      await heading(widget, m.yourBooking);
      await waitFor(() => deepText(widget).includes(m.contactUs), 'the contact');
      await accessible(widget, 'locked');
    });

    it('a move the proxy refused by its notice: not changed, why, and the company contact', async () => {
      const { widget } = await mountBehindProxyNotice(await startServices({ manage: true }), { locale, theme });
      (await findByRole(widget, 'button', m.reschedule)).click();
      (await waitForTimes(widget))[0]!.click();
      (await findByRole(widget, 'button', m.continue)).click();
      (await findByRole(widget, 'button', m.moveBooking)).click();
      await waitFor(() => deepText(widget).includes(m.tooLate), 'the refusal');
      await accessible(widget, 'refused by the notice');
    });

    it('a link that is not valid', async () => {
      const widget = await open(undefined, true);
      await waitFor(() => deepText(widget).includes(m.linkInvalid), 'the refusal');
      await accessible(widget, 'invalid link');
    });
  });
}
