import { expect } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { deepText, findByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { takenAr } from '../../../src/i18n/catalogs/taken/ar.js';
import { takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { bookButton, choose, fillDetails, heading, mountWidget, pickTime, waitForTimes } from '../support/widget.js';

/** Every state of the flow, in each theme and language (Arabic: right to left): axe must find nothing. */
const THEMES = ['light', 'dark'] as const;
const LOCALES: [string, Messages][] = [
  ['en-US', en],
  ['ar', ar],
];

async function accessible(widget: BookingWidget, state: string) {
  try {
    await expect(widget).to.be.accessible();
  } catch (error) {
    throw new Error(`${state}: ${(error as Error).message}`, { cause: error });
  }
}

for (const [locale, m] of LOCALES) {
  for (const theme of THEMES) {
    describe(`axe, every state (${locale}, ${theme})`, () => {
      const mount = async (options: Parameters<typeof mountWidget>[0]) => {
        const widget = await mountWidget({ ...options, locale });
        widget.theme = theme;
        return widget;
      };

      // One test per state: each reaches its state the shortest way (preselections) and runs axe once.
      it('loading', async () => {
        // The company's answer is held until axe has looked at the loading state.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const holding: typeof fetch = async (input, init) => {
          await held;
          return fetch(input, init);
        };
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, fetch: holding });
        await waitFor(() => deepText(widget).includes(m.loading), 'the loading state');
        await accessible(widget, 'loading');
        release();
        await heading(widget, m.steps.service);
      });

      it('the service step', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase });
        await heading(widget, m.steps.service);
        await accessible(widget, 'service step');
      });

      it('the staff step', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, serviceId: '2002' });
        await heading(widget, m.steps.staff);
        await accessible(widget, 'staff step');
      });

      it('the time step, with anyone', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, serviceId: '2002' });
        await choose(widget, m.anyone);
        await waitForTimes(widget);
        await accessible(widget, 'time step');
      });

      it('the details, with errors', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
        await pickTime(widget, 0, m);
        bookButton(widget, m).click();
        await waitFor(() => deepText(widget).includes(m.required), 'field errors');
        await accessible(widget, 'details with errors');
      });

      it('the details, with the time held', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
        await pickTime(widget, 0, m);
        // The proxy holds the time while the visitor types (#24): one status line says so.
        await findByRole(widget, 'status', m.holdNote);
        await accessible(widget, 'details with the time held');
      });

      it('the confirmation', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
        await pickTime(widget, 0, m);
        fillDetails(widget, undefined, true, m);
        bookButton(widget, m).click();
        await heading(widget, m.steps.done);
        await accessible(widget, 'confirmation');
      });

      it('the resource step, with a quantity', async () => {
        const services = await startServices();
        const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-courts' });
        await choose(widget, /^Padel court/);
        await findByRole(widget, 'spinbutton', m.quantity);
        await accessible(widget, 'resource step with quantity');
      });

      it('a booking that failed', async () => {
        const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 500 }] });
        const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-courts', resourceId: '6003' });
        await findByRole(widget, 'spinbutton', m.quantity);
        // Continue comes with "How long?" (its own chunk), after the resource's quantity.
        (await findByRole(widget, 'button', m.continue)).click();
        await waitForTimes(widget);
        await pickTime(widget, 0, m);
        fillDetails(widget, undefined, true, m);
        bookButton(widget, m).click();
        await waitFor(() => deepText(widget).includes(m.bookingFailed), 'the booking error');
        await accessible(widget, 'booking error');
      });

      it('a time just taken', async () => {
        const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 409 }] });
        const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-clinic' });
        await choose(widget, 'Tom Fischer');
        await choose(widget, 'Sports massage');
        await pickTime(widget, 0, m);
        fillDetails(widget, undefined, true, m);
        bookButton(widget, m).click();
        // The times offered instead, on the details step, focus on the first of them.
        const taken = m.slotTaken.split('.')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const offer = await findByRole(widget, 'group', new RegExp(`^${taken}`));
        await waitFor(() => queryAllByRole(offer, 'button').length > 1, 'the times offered');
        expect(queryAllByRole(offer, 'button').pop()!.textContent!.trim()).to.equal((m === ar ? takenAr : takenEn).chooseAnotherTime);
        await accessible(widget, 'slot taken');
      });

      it('a widget that cannot load', async () => {
        const original = console.error;
        console.error = () => {};
        try {
          const widget = await mount({ apiBase: 'http://127.0.0.1:9/nowhere' });
          await findByRole(widget, 'button', m.tryAgain);
          await accessible(widget, 'load failure');
        } finally {
          console.error = original;
        }
      });
    });
  }
}
