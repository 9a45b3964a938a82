/**
 * Issue #31, points 1, 2 and 7: in the flows added last (several locations, intake
 * questions), focus never falls to the page — after a location chosen with Enter, after
 * every "Try again" — and every error leads to its field: the widget's own checks (a radio
 * group counting as one) and a 400 from the service naming `form.<id>`. English and Arabic.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Form } from 'booking-widget-shared/form-types';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { allElements, descriptionOf, findByRole, getByRole, queryAllByRole, type, waitFor } from '../support/dom.js';
import { json } from '../support/fake-fetch.js';
import { focusIs, focused, watchFocus } from '../support/focus.js';
import { startServices } from '../support/services.js';
import { announced, bookButton, choices, fillDetails, heading, mountWidget, pickTime, waitForTimes } from '../support/widget.js';
import { intakeWords } from '../../../src/i18n/catalogs/intake-en.js';

/**
 * A `fetch` through to the test's services, except that the requests whose URL matches
 * `refuse` get a 400 (or `answer`'s response), and those matching `hold` wait for `release()`.
 */
type Answer = (url: string, init?: RequestInit) => Response | undefined;

function gate() {
  const gate: { refuse?: RegExp; hold?: RegExp; answer?: Answer; release: () => void; fetch: typeof fetch } = {
    release: () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const answer = gate.answer?.(url, init);
      if (answer) return answer;
      if (gate.refuse?.test(url))
        return json({ error: { code: 400, errorCode: 'INVALID_PARAMETER', message: 'Refused by the test.' } }, 400);
      if (gate.hold?.test(url)) await new Promise<void>((resolve) => (gate.release = resolve));
      return fetch(input, init);
    }) as typeof fetch,
  };
  return gate;
}

/** One mandatory radio group, then a text question: what the audit found with the clinic's form. */
const KNEE_FORM: Form = {
  id: 'f-knee',
  name: 'Knee',
  additionalFields: [
    [
      {
        id: 'knee',
        type: 'radio',
        title: 'Which knee?',
        mandatory: true,
        values: [
          { id: 'l', name: 'Left', value: 'Left' },
          { id: 'r', name: 'Right', value: 'Right' },
        ],
      },
      { id: 'more', type: 'text', title: 'Anything else?' },
    ],
  ],
  objects: [{ type: 'allLocations' }],
};

const CLINIC = { companyId: 'demo-clinic', staffId: '3101', serviceId: '2101' };

for (const [locale, m] of [
  ['en-US', en],
  ['ar', ar],
] as [string, Messages][]) {
  describe(`focus and errors in the new flows (${locale})`, () => {
    it('a location chosen with Enter, first or from the step list, keeps focus until the service step’s heading takes it', async () => {
      // Slow answers: the location's company takes several frames to arrive, as on a phone.
      const services = await startServices({ latencyMs: 250 });
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale });
      const mission = await waitFor(() => choices(widget).find((choice) => /Mission/.test(choice.textContent!)), 'Mission');
      mission.focus();
      const watch = watchFocus();
      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.service);
      // Back to the locations by the step list, and the other one with Enter: the same.
      const back = await findByRole(widget, 'button', new RegExp(`${m.stepNames.location}$`));
      back.focus();
      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.location);
      const other = await waitFor(() => choices(widget).find((choice) => !/Mission/.test(choice.textContent!)), 'the other location');
      other.focus();
      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.service);
      await waitFor(() => choices(widget).length, 'its services');
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('says which zone the times are in when the times of a location in another zone show', async () => {
      const services = await startServices();
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale });
      /** Service, staff, then the times of the location chosen. */
      const toTimes = async () => {
        await focusIs('heading', m.steps.service);
        (await waitFor(() => choices(widget)[0], 'a service')).click();
        await focusIs('heading', m.steps.staff);
        (await waitFor(() => choices(widget)[0], 'anyone')).click();
        await focusIs('heading', m.steps.time);
        await waitForTimes(widget);
      };
      (await waitFor(() => choices(widget).find((choice) => /Mission/.test(choice.textContent!)), 'Mission')).click();
      await toTimes();
      (await findByRole(widget, 'button', new RegExp(`${m.stepNames.location}$`))).click();
      await heading(widget, m.steps.location);
      const said = recordPolite(widget);
      (await waitFor(() => choices(widget).find((choice) => !/Mission/.test(choice.textContent!)), 'the other location')).click();
      await toTimes();
      // The sentence the time step shows, with the zone's name where the catalog puts it.
      const [before, after] = m.timesShownIn('\u0000').split('\u0000') as [string, string];
      // Said alone, or followed by the day's times when they arrive in the same frame.
      const zoneSaid = (text: string) => {
        const at = text.indexOf(before);
        return at >= 0 && text.indexOf(after, at + before.length + 1) > at + before.length;
      };
      await waitFor(
        () => said.some(zoneSaid),
        () => `the zone said (${said.join(' | ')})`,
      );
    });

    it('Try again on the locations focuses the step’s heading, and the list arrives under it', async () => {
      const services = await startServices();
      const gated = gate();
      gated.refuse = /\/companies\/demo-salon-west$/;
      const widget = await mountWidget({
        apiBase: services.apiBase,
        companyId: 'demo-salon demo-salon-west',
        locale,
        fetch: gated.fetch,
      });
      const retry = await findByRole(widget, 'button', m.tryAgain);
      gated.refuse = undefined;
      gated.hold = /\/companies\/demo-salon-west$/;
      retry.focus();
      const watch = watchFocus();
      await sendKeys({ press: 'Enter' });
      await focusIs('heading', m.steps.location);
      await waitFor(() => gated.hold && statusSays(widget, m.loading), 'Loading… under the heading');
      gated.hold = undefined;
      gated.release();
      await waitFor(() => choices(widget).length === 2, 'the locations');
      expect(focused()).to.equal(await findByRole(widget, 'heading', m.steps.location));
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('Try again on the questions focuses the step’s heading, and their arrival is said', async () => {
      const services = await startServices();
      const gated = gate();
      gated.refuse = /\/forms\b/;
      const widget = await mountWidget({ apiBase: services.apiBase, ...CLINIC, locale, fetch: gated.fetch });
      await pickTime(widget, 0, m);
      const retry = await findByRole(widget, 'button', m.tryAgain);
      gated.refuse = undefined;
      gated.hold = /\/forms\b/;
      retry.focus();
      const watch = watchFocus();
      await sendKeys({ press: 'Enter' });
      const stepHeading = await focusIs('heading', m.steps.details);
      gated.hold = undefined;
      gated.release();
      await findByRole(widget, 'group', intakeWords(m).questionsPart(1, 2));
      await waitFor(
        () => announced(widget, 'polite').includes(m.formLoaded),
        () => `"${m.formLoaded}" (${announced(widget, 'polite')})`,
      );
      expect(focused()).to.equal(stepHeading);
      expect(watch.stop(), 'frames with focus on the page').to.deep.equal([]);
    });

    it('a mandatory radio group left empty takes focus, marked invalid with its message; Enter in a question submits', async () => {
      const services = await startServices();
      const gated = gate();
      gated.answer = (url) => (/\/forms\b/.test(url) ? json({ items: [KNEE_FORM] }) : undefined);
      const widget = await mountWidget({ apiBase: services.apiBase, ...CLINIC, locale, fetch: gated.fetch });
      await pickTime(widget, 0, m);
      const group = await findByRole(widget, 'radiogroup', new RegExp(`^Which knee\\?`));
      fillDetails(widget, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, false, m);
      const more = getByRole(widget, 'textbox', /^Anything else\?/);
      type(more, 'No');
      more.focus();
      await sendKeys({ press: 'Enter' });
      // The group counts as one control: focus on its first option, the group and the option invalid and described.
      await focusIs('radio', 'Left');
      expect(group.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(group)).to.contain(intakeWords(m).chooseAnswer);
      expect(focused()!.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(focused()!)).to.contain(intakeWords(m).chooseAnswer);
      expect(announced(widget, 'assertive')).not.to.equal('');

      // Book with the keyboard: the same path.
      bookButton(widget, m).focus();
      await sendKeys({ press: 'Enter' });
      await focusIs('radio', 'Left');
    });

    it('a 400 from the service naming a question focuses that question and names it', async () => {
      const services = await startServices();
      const gated = gate();
      gated.answer = (url, init) =>
        /\/appointments\b/.test(url) && init?.method === 'POST'
          ? json({ error: { code: 400, errorCode: 'INVALID_PARAMETER', message: 'Bad answer.', field: 'form.side' } }, 400)
          : undefined;
      const widget = await mountWidget({ apiBase: services.apiBase, ...CLINIC, locale, fetch: gated.fetch });
      await pickTime(widget, 0, m);
      await findByRole(widget, 'group', intakeWords(m).questionsPart(1, 2));
      fillDetails(widget, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, false, m);
      type(getByRole(widget, 'textbox', /^What brings you in\?/), 'Sore left knee after running.');
      type(getByRole(widget, 'textbox', /^Emergency contact phone/), '+64 21 555 0199');
      getByRole(widget, 'radio', 'Right').click();
      getByRole(widget, 'checkbox', /^I consent to assessment/).click();
      const book = bookButton(widget, m);
      book.focus();
      await sendKeys({ press: 'Enter' });
      // The chosen option of the refused group takes focus.
      await focusIs('radio', 'Right');
      const group = getByRole(widget, 'radiogroup', /^Which side\?/);
      expect(group.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(group)).to.contain(m.checkField);
      expect(descriptionOf(focused()!)).to.contain(m.checkField);
      const said = m.fieldProblem('Which side?', m.checkField);
      if (locale === 'en-US') expect(said).to.equal('Which side?: Please check this field.');
      await waitFor(
        () => announced(widget, 'assertive').includes(said),
        () => `"${said}" (${announced(widget, 'assertive')})`,
      );
    });
  });
}

/** Everything the widget's polite live region says from now on, however soon the next message replaces it. */
function recordPolite(widget: BookingWidget): string[] {
  const said: string[] = [];
  const region = allElements(widget).find(
    (element) => element.getAttribute('aria-live') === 'polite' && !element.closest('[part="month-heading"]'),
  )!;
  new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  return said;
}

/** True when a status region of the widget says `text`. */
function statusSays(widget: BookingWidget, text: string): boolean {
  return queryAllByRole(widget, 'status').some((status) => status.textContent!.includes(text));
}
