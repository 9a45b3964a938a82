/**
 * The walk-in line (issue 26) in the widget, through the proxy in front of the sandbox, in
 * English and Arabic: axe finds nothing in any state, the visitor joins and leaves with
 * the keyboard's controls, hears their place, and a link reopens it. The clock is pinned
 * to a Wednesday 10:00 in Boston, when the salon's line is open, for the sandbox and the
 * widget together.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { queueAr } from '../../../src/i18n/catalogs/queue/ar.js';
import { type QueueMessages, queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { deepText, findByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { joinSalonLine as join } from '../support/queue-view.js';
import { type Services, startServices } from '../support/services.js';
import { dangerColour, heading } from '../support/widget.js';

const NOW = '2026-03-04T15:00:00Z';
const LOCALES: [string, Messages & QueueMessages][] = [
  ['en-US', { ...en, ...queueEn }],
  ['ar', { ...ar, ...queueAr }],
];

async function accessible(widget: BookingWidget, state: string) {
  try {
    await expect(widget).to.be.accessible();
  } catch (error) {
    throw new Error(`${state}: ${(error as Error).message}`, { cause: error });
  }
}

function mount(services: Services, locale: string, queue = 'only', companyId = 'demo-salon') {
  return fixture<BookingWidget>(
    html`<booking-widget company-id=${companyId} api-base=${services.apiBase} locale=${locale} queue=${queue} now=${NOW}></booking-widget>`,
  );
}

for (const [locale, m] of LOCALES) {
  describe(`the walk-in line (${locale})`, () => {
    it('join form, place, leave question and left: accessible; the second in line sees 1 ahead', async () => {
      const services = await startServices({ queues: true, now: NOW });
      const first = await mount(services, locale);
      await heading(first, 'Walk-in cuts');
      await accessible(first, 'join form');
      // Joining with nothing filled in says what is missing, and focus goes to the first field to correct.
      (await findByRole(first, 'button', m.join)).click();
      await waitFor(() => deepText(first).includes(m.required), 'the field errors');
      // The line's question too, checked by the rules that come with the questions' element.
      await waitFor(
        () => queryAllByRole(first, 'combobox').some((box) => box.getAttribute('aria-invalid') === 'true'),
        'the question’s error',
      );
      await accessible(first, 'join form with errors');
      await join(first, m, 'Ana');
      const second = await mount(services, locale);
      await join(second, m, 'Ben');
      await waitFor(() => deepText(second).includes(m.ahead.one!.replace('#', '1')), 'one ahead');
      await accessible(second, 'place');
      (await findByRole(second, 'button', m.leave)).click();
      await heading(second, m.leaveQuestion);
      await accessible(second, 'leave question');
      (await findByRole(second, 'button', m.confirmLeave)).click();
      await heading(second, m.left);
      await accessible(second, 'left');
      const line = await services.inspect<{ items: { status: string }[] }>('/api/2.0/registrations?queueId=7001');
      expect(line.items.map((row) => row.status)).to.deep.equal(['registered', 'deleted']);
    });

    it("a reopened link shows the place; after staff's call, it is the visitor's turn", async () => {
      const services = await startServices({ queues: true, now: NOW });
      const widget = await mount(services, locale);
      let placeUrl = '';
      widget.addEventListener('bw-queue-joined', (event) => (placeUrl = event.detail.placeUrl ?? ''));
      await join(widget, m, 'Ana');
      // In the fragment: no server log or page view of the merchant's records the place's token.
      const link = new URL(placeUrl);
      expect(link.hash).to.match(/^#walk-in=[^:]+:[\w.-]+$/);
      expect(link.searchParams.has('walk-in')).to.equal(false);
      await services.put('/api/2.0/registrations/next?queueId=7001', {});
      history.replaceState(null, '', `${link.search}${link.hash}`);
      try {
        const reopened = await mount(services, locale, 'offer');
        await heading(reopened, m.yourTurn);
        await accessible(reopened, 'your turn');
      } finally {
        history.replaceState(null, '', location.pathname);
      }
    });

    it('a closed line says when it opens', async () => {
      const services = await startServices({ queues: true, now: NOW });
      const clinic = await mount(services, locale, 'only', 'demo-clinic');
      await waitFor(() => deepText(clinic).includes(m.closed), 'closed');
      await accessible(clinic, 'closed');
      // News, not a failure: not announced as an alert, nor drawn in the colour of one.
      const line = clinic.shadowRoot!.querySelector('bw-queue')!.shadowRoot!;
      const said = [...line.querySelectorAll('p')].find((p) => p.textContent!.includes(m.closed))!;
      expect(said.closest('[role="alert"]')).to.equal(null);
      expect(getComputedStyle(said).borderTopColor).not.to.equal(dangerColour(clinic));
    });
  });
}
