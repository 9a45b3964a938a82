import { expect } from '@open-wc/testing';
import { AnnounceEvent } from '../../../src/components/events/announce-event.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { plural } from '../../../src/i18n/plural.js';
import { deepText, findByRole, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { focusIs } from '../support/focus.js';
import { startServices } from '../support/services.js';
import {
  announced,
  availableDays,
  bookButton,
  choose,
  fillDetails,
  heading,
  mountWidget,
  pickTime,
  recordPolite,
  waitForTimes,
} from '../support/widget.js';

const said = announced;

/** The widget's announcer writes what it says on the next frame: once this resolves, what was said is in the region. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** A `fetch` to the services that holds back the intake forms while `held` is set, and says when they were answered. */
function formsGate() {
  const gate = {
    held: false,
    answered: 0,
    waiting: [] as (() => void)[],
    release() {
      gate.held = false;
      for (const resume of gate.waiting.splice(0)) resume();
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const forms = /\/forms\b/.test(String(input));
      if (forms && gate.held) await new Promise<void>((resume) => gate.waiting.push(resume));
      const response = await fetch(input, init);
      if (!forms) return response;
      // Counted once the widget has read the answer, so that it is in the client's cache by the next poll.
      const answer = new Response(await response.text(), { status: response.status, headers: response.headers });
      const read = answer.text.bind(answer);
      answer.text = () => read().finally(() => gate.answered++);
      return answer;
    }) as typeof fetch,
  };
  return gate;
}

describe('booking-widget: announcements for screen readers', () => {
  it('is accessible with its live regions in place', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    await expect(widget).to.be.accessible();
    expect(queryAllByRole(widget, 'status').length).to.be.at.least(1);
  });

  it('says both of two messages asked for before the next frame, in order; an error alone', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    const title = await heading(widget, 'Choose a service');
    const heard = recordPolite(widget);
    // As when another location's zone and its day's times are said at once.
    title.dispatchEvent(new AnnounceEvent('Times are shown in Pacific Time.'));
    title.dispatchEvent(new AnnounceEvent('12 times available on Tuesday, March 10'));
    await waitFor(() => heard.length, 'something said');
    expect(heard).to.deep.equal(['Times are shown in Pacific Time. 12 times available on Tuesday, March 10']);
    title.dispatchEvent(new AnnounceEvent('Times are shown in Pacific Time.'));
    title.dispatchEvent(new AnnounceEvent('The booking service cannot be reached.', 'assertive'));
    await waitFor(() => said(widget, 'assertive'), 'the error said');
    expect(said(widget, 'assertive')).to.equal('The booking service cannot be reached.');
    expect(said(widget, 'polite')).to.equal('');
  });

  it('says how many times a day has, politely, when a day is shown or chosen', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    await waitFor(() => /^\d+ times? available on \w+day, \w+ \d+$/.test(said(widget, 'polite')), 'the first day announced');
    const otherDay = () => availableDays(widget).find((day) => day.getAttribute('aria-pressed') !== 'true');
    // On a month's last bookable day, the other days are next month's.
    if (!otherDay()) getByRole(widget, 'button', 'Next month').click();
    const other = await waitFor(otherDay, 'another day with free times');
    other.click();
    await waitFor(() => said(widget, 'polite').endsWith(other.getAttribute('aria-label')!), 'the chosen day announced');
  });

  it('says a time just taken politely, with how many are offered instead, and "Booking confirmed"', async () => {
    const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409, times: 1 }] });
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    await choose(widget, 'Tom Fischer');
    await choose(widget, 'Sports massage');
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    const offer = await findByRole(widget, 'group', /that time was just taken/);
    // The times offered, then "Choose another time", once they are found.
    const count = (await waitFor(() => queryAllByRole(offer, 'button').length, 'the times offered')) - 1;
    expect(count).to.be.within(1, 3);
    await waitFor(
      () => said(widget, 'polite') === plural('en-US', takenEn.takenOffer, count),
      'the polite notice with how many are offered',
    );
    expect(said(widget, 'assertive')).to.equal('');
    // One of them, as a visitor would (the proxy answers the same booking sent again as it did the first time).
    queryAllByRole(offer, 'button')[0]!.click();
    await heading(widget, 'Booking confirmed');
    await waitFor(() => said(widget, 'polite') === 'Booking confirmed.', 'the confirmation announced');
  });

  it('says nothing of the form on reaching the details step when it is there at once: the step’s heading says where the visitor is', async () => {
    const services = await startServices();
    const gate = formsGate();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch: gate.fetch });
    // The details' code (at the first idle moment after the times) and the salon's questions (asked for with the time) are in;
    // the widget has rendered since the code came (its booking's controllers are made then).
    await customElements.whenDefined('bw-details-form');
    await nextFrame();
    (await waitForTimes(widget))[0]!.click();
    const next = await findByRole(widget, 'button', en.continue);
    await waitFor(() => gate.answered, 'the questions, asked for with the time');
    const heard = recordPolite(widget);
    next.click();
    await focusIs('heading', en.steps.details);
    await findByRole(widget, 'textbox', /^Allergies or sensitivities/);
    await nextFrame();
    expect(heard).not.to.include(en.formLoaded);
  });

  it('says "The form has loaded." when the form replaces a "Loading…" the visitor saw', async () => {
    const services = await startServices();
    const gate = formsGate();
    gate.held = true;
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch: gate.fetch });
    const heard = recordPolite(widget);
    (await waitForTimes(widget))[0]!.click();
    (await findByRole(widget, 'button', en.continue)).click();
    await focusIs('heading', en.steps.details);
    await waitFor(() => gate.waiting.length && deepText(widget).includes(en.loading), '"Loading…" on the details step');
    // A frame shows it.
    await nextFrame();
    expect(heard).not.to.include(en.formLoaded);
    gate.release();
    await findByRole(widget, 'textbox', /^Allergies or sensitivities/);
    await waitFor(
      () => heard.includes(en.formLoaded),
      () => `"${en.formLoaded}" (heard: ${heard.join(' | ')})`,
    );
  });
});
