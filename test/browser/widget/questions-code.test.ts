/**
 * The intake questions' code, their element and the rules that check the answers, loads only for
 * a booking whose form asks questions (issue 28): a whole booking without questions never requests
 * it; the details of one with questions do. Nothing here depends on the date, so the file pins its own
 * instant (web-test-runner.config.mjs's UNDATED_FILES). One test in the file: a module the page has
 * imported is not requested again.
 */
import { expect } from '@open-wc/testing';
import { queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { ORDINARY_TODAY as NOW } from '../../support/test-clock.js';
import { bookButton, choose, fillDetails, heading, mountWidget, pickTime, toDetails } from '../support/widget.js';

/** The questions' element, the rules that check answers, and the rules' shared module. */
const QUESTIONS_CODE = /\/(intake-questions|answer-checks|answer-rules)\.(js|ts)\b/;

/** The service's answers, but for the company's forms: none. */
let asked = false;
const withoutForms: typeof fetch = (input, init) => {
  if (!/\/forms\b/.test(String(input))) return fetch(input, init);
  asked = true;
  return Promise.resolve(Response.json({ items: [] }));
};

describe('booking-widget: the intake questions’ code', () => {
  it('is never requested by a booking without questions, and is by one with questions', async () => {
    const services = await startServices({ now: NOW });
    const requested: string[] = [];
    const observer = new PerformanceObserver((list) => requested.push(...list.getEntries().map((entry) => new URL(entry.name).pathname)));
    observer.observe({ type: 'resource' });
    try {
      // A company whose forms ask nothing (every demo company asks something, so its list of forms comes back empty).
      const massage = await mountWidget({
        apiBase: services.apiBase,
        companyId: 'demo-clinic',
        staffId: '3102',
        now: NOW,
        fetch: withoutForms,
      });
      await choose(massage, 'Sports massage');
      await heading(massage, 'Choose a time');
      await pickTime(massage);
      fillDetails(massage);
      bookButton(massage).click();
      await heading(massage, 'Booking confirmed');
      // The booking code's own request proves the observer sees the widget's modules; the forms were asked for.
      expect(asked).to.equal(true);
      expect(requested.some((path) => /\/booking-steps\.(js|ts)\b/.test(path))).to.equal(true);
      expect(requested.filter((path) => QUESTIONS_CODE.test(path))).to.deep.equal([]);
      massage.remove();

      // The salon's form asks questions (forms are read once per page and company: another company than the clinic).
      const { widget: haircut } = await toDetails(services.apiBase, undefined, NOW);
      await waitFor(() => queryAllByRole(haircut, 'group', 'Questions').length, 'the questions');
      for (const module of ['intake-questions', 'answer-checks', 'answer-rules'])
        expect(
          requested.some((path) => new RegExp(`/${module}\\.(js|ts)\\b`).test(path)),
          module,
        ).to.equal(true);
    } finally {
      observer.disconnect();
    }
  });
});
