import { expect } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { deepText, findByRole, getByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
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

      it('loading, choosing a service and a stylist, a time, the details with errors, the confirmation', async () => {
        const services = await startServices({ latencyMs: 400 });
        const widget = await mount({ apiBase: services.apiBase });
        await waitFor(() => deepText(widget).includes(m.loading), 2000, 'the loading state');
        await accessible(widget, 'loading');
        await heading(widget, m.steps.service);
        await accessible(widget, 'service step');
        await choose(widget, "Men's cut");
        await heading(widget, m.steps.staff);
        await accessible(widget, 'staff step');
        await choose(widget, m.anyone);
        await waitForTimes(widget);
        await accessible(widget, 'time step');
        await pickTime(widget, 0, m);
        bookButton(widget, m).click();
        await waitFor(() => deepText(widget).includes(m.required), 2000, 'field errors');
        await accessible(widget, 'details with errors');
        fillDetails(widget, undefined, true, m);
        bookButton(widget, m).click();
        await heading(widget, m.steps.done);
        await accessible(widget, 'confirmation');
      });

      it('a resource with a quantity, and a booking that failed', async () => {
        const services = await startServices({ failures: [{ path: '/appointments', method: 'POST', status: 500 }] });
        const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-courts' });
        await choose(widget, /^Padel court/);
        await findByRole(widget, 'spinbutton', m.quantity);
        await accessible(widget, 'resource step with quantity');
        getByRole(widget, 'button', m.continue).click();
        await waitForTimes(widget);
        await pickTime(widget, 0, m);
        fillDetails(widget, undefined, true, m);
        bookButton(widget, m).click();
        await waitFor(() => deepText(widget).includes(m.bookingFailed), 8000, 'the booking error');
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
        await waitFor(() => deepText(widget).includes(m.slotTaken), 4000, 'the notice');
        await waitForTimes(widget);
        await accessible(widget, 'slot taken');
      });

      it('a widget that cannot load', async () => {
        const original = console.error;
        console.error = () => {};
        try {
          const widget = await mount({ apiBase: 'http://127.0.0.1:9/nowhere' });
          await findByRole(widget, 'button', m.tryAgain, 8000);
          await accessible(widget, 'load failure');
        } finally {
          console.error = original;
        }
      });
    });
  }
}
