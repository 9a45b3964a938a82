/**
 * Issue #31: the clinic's two-page form with the keyboard alone, every question to the
 * confirmation, focus asserted after every key as in keyboard-booking.test.ts and never on the
 * page in between. English and Arabic (right to left: the radio group's arrows flip). Once a time
 * is chosen nothing here depends on the date: the file pins its own instant (an ordinary Tuesday
 * morning) and is one of web-test-runner.config.mjs's UNDATED_FILES; the rest of the new flows by
 * keyboard, under every pinned today, is keyboard-new-flows.test.ts.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { ORDINARY_TODAY as NOW } from '../../support/test-clock.js';
import { queryAllByRole, waitFor } from '../support/dom.js';
import { focusIs, focused, watchFocus } from '../support/focus.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, heading, mountWidget, pickTime } from '../support/widget.js';
import { intakeWords } from '../../../src/i18n/catalogs/intake-en.js';

const tab = () => sendKeys({ press: 'Tab' });
const press = (key: string) => sendKeys({ press: key });
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

for (const [locale, m] of [
  ['en-US', en],
  ['ar', ar],
] as [string, Messages][]) {
  describe(`the clinic’s two-page form with the keyboard alone (${locale})`, () => {
    it('the clinic’s two-page form, every question by keyboard, to the confirmation', async () => {
      const services = await startServices({ now: NOW });
      const widget = await mountWidget({
        apiBase: services.apiBase,
        companyId: 'demo-clinic',
        staffId: '3101',
        serviceId: '2101',
        locale,
        now: NOW,
      });
      await pickTime(widget, 0, m);
      await focusIs('heading', m.steps.details);
      await waitFor(() => queryAllByRole(widget, 'group', intakeWords(m).questionsPart(1, 2)).length, 'the questions');
      const watch = watchFocus();
      const names = m.nameOrder === 'family-given' ? [m.lastName, m.firstName] : [m.firstName, m.lastName];
      const values: Record<string, string> = { [m.firstName]: 'Ada', [m.lastName]: 'Lovelace', [m.email]: 'ada@example.com' };
      for (const name of [...names, m.email]) {
        await tab();
        await focusIs('textbox', startsWith(name));
        await sendKeys({ type: values[name]! });
      }
      await tab();
      await focusIs('textbox', startsWith(m.phone));
      await tab();
      await focusIs('textbox', startsWith(m.notes));
      // The first page.
      await tab();
      await focusIs('textbox', /^What brings you in\?/);
      await sendKeys({ type: 'Sore left knee after running.' });
      await tab();
      const date = await focusIs('textbox', /^When did it start\?/);
      // A date field's day, month and year are stops of their own: Tab leaves it after the last.
      for (let stops = 0; focused() === date && stops < 4; stops++) await tab();
      await focusIs('textbox', /^Pain today/);
      await sendKeys({ type: '4' });
      await tab();
      await focusIs('textbox', /^Your GP/);
      await tab();
      await focusIs('textbox', /^E-mail for your exercise plan/);
      await tab();
      await focusIs('textbox', /^Emergency contact phone/);
      await sendKeys({ type: '+64 21 555 0199' });
      // The second page.
      await tab();
      await focusIs('combobox', /^Referred by/);
      await tab();
      await focusIs('radio', 'Left');
      // In a right-to-left page the arrows flip: the next option is to the left.
      await press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await focusIs('radio', 'Right');
      await waitFor(() => (focused() as HTMLInputElement).checked, 'Right, chosen');
      await tab();
      await focusIs('checkbox', 'Diabetes');
      await press('Space');
      await tab();
      await focusIs('checkbox', 'Heart condition');
      await tab();
      await focusIs('checkbox', 'Pregnancy');
      await tab();
      await focusIs('checkbox', /^This is an ACC injury claim/);
      await tab();
      await focusIs('checkbox', /^I consent to assessment and treatment/);
      await press('Space');
      await tab();
      await focusIs('button', m.book);
      await press('Enter');
      await heading(widget, m.steps.done);
      await focusIs('heading', m.steps.done);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);

      const { items } = await services.inspect<{ items: (SandboxAppointment & { form?: { id: string; value: string }[] })[] }>(
        '/api/2.1/scheduling/companies/demo-clinic/appointments',
      );
      const mine = items.find((item) => item.client.lastName === 'Lovelace')!;
      expect(Object.fromEntries(mine.form!.map(({ id, value }) => [id, value]))).to.include({
        reason: 'Sore left knee after running.',
        pain: '4',
        side: 'Right',
        conditions: 'Diabetes',
        'treatment-consent': 'true',
      });
    });
  });
}
