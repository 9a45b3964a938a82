/**
 * Issue #31: the flows added last with the keyboard alone, focus asserted after every key as
 * in keyboard-booking.test.ts, and never on the page in between: several locations (and back
 * to them) and the courts' "How long?". The clinic's two-page form is keyboard-intake-form.test.ts.
 * English and Arabic (right to left: the radio group's arrows flip). Manage mode's own
 * keyboard test is keyboard-manage.test.ts.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { queryAllByRole, waitFor } from '../support/dom.js';
import { describeFocus, focusIs, focused, watchFocus } from '../support/focus.js';
import { startServices } from '../support/services.js';
import { choices, mountWidget } from '../support/widget.js';

const tab = () => sendKeys({ press: 'Tab' });
const press = (key: string) => sendKeys({ press: key });

for (const [locale, m] of [
  ['en-US', en],
  ['ar', ar],
] as [string, Messages][]) {
  describe(`the new flows with the keyboard alone (${locale})`, () => {
    it('several locations: Tab to Mission, Enter, the service step; back to the locations by the step list', async () => {
      const services = await startServices();
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale });
      await waitFor(() => choices(widget).length === 2, 'the locations');
      expect(focused()).to.equal(document.body);
      await tab();
      const watch = watchFocus();
      await focusIs('button', m.nearestFirst);
      await tab();
      await focusIs('button', /^Maple Street Hair Studio 12 Maple Street/);
      await tab();
      await focusIs('button', /^Maple Street Hair Studio Mission/);
      await press('Enter');
      await focusIs('heading', m.steps.service);
      // The step list comes first in the step's frame: Shift+Tab goes back through the contact to it.
      const back = queryAllByRole(widget, 'button').find((button) => button.textContent!.includes(m.stepNames.location))!;
      back.focus();
      await focusIs('button', new RegExp(`${m.stepNames.location}$`));
      await press('Enter');
      await focusIs('heading', m.steps.location);
      // A visitor presses Tab once the list is there to see (on a busy machine it may follow the heading by a moment).
      await waitFor(() => choices(widget).length === 2, 'the locations, again');
      await tab();
      await waitFor(() => focused()?.getAttribute('part') === 'choice' || focused()?.textContent?.includes(m.nearestFirst), 'the list');
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('the courts: a court with Enter, two hours with the arrows, Continue, the times', async () => {
      const services = await startServices();
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts', locale });
      const court = await waitFor(
        () => choices(widget).find((choice) => /^Clay tennis court/.test(choice.textContent!.trim())),
        'the court',
      );
      court.focus();
      const watch = watchFocus();
      await press('Enter');
      // The court is chosen on its step: focus stays on it, and "How long?" follows the list.
      await waitFor(() => focused() === court && court.getAttribute('aria-pressed') === 'true', 'the court, pressed');
      // A visitor tabs on once "How long?" is there to see: its chunk comes after the press, a moment later on a
      // busy machine, and a Tab before it leaves the widget past the last court, as it would for anyone.
      await waitFor(() => queryAllByRole(widget, 'radio').length, '“How long?”');
      let oneHour: HTMLElement | undefined;
      for (let stops = 0; !oneHour && stops < 8; stops++) {
        await tab();
        // Each Tab lands on the next court (or how many), then on the first duration.
        oneHour = await waitFor(
          () => {
            const element = focused();
            if (element?.getAttribute('type') === 'radio') return element;
            const next = (element?.getAttribute('part') === 'choice' && element !== court) || element?.getAttribute('type') === 'number';
            return next && 'next court';
          },
          () => `the next court or the first duration (focus on ${describeFocus()})`,
        ).then((found) => (found === 'next court' ? undefined : (found as HTMLElement)));
      }
      expect(oneHour, 'the first duration reached by Tab').not.to.equal(undefined);
      expect((oneHour as HTMLInputElement).checked).to.equal(true);
      await press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await waitFor(() => focused() !== oneHour && (focused() as HTMLInputElement).checked, 'the next duration, chosen');
      await tab();
      await focusIs('button', m.continue);
      await press('Enter');
      await focusIs('heading', m.steps.time);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });
  });
}
