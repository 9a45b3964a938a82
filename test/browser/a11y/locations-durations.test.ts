/**
 * Issue #14, accessibility: the location step and the duration choice, with the
 * keyboard alone (focus asserted at each step) and axe in light, dark, English and Arabic.
 * (The form with every item type: test/browser/components/intake-questions.test.ts.)
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { deepActiveElement, findByRole, nameOf, roleOf, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { choices, choose, heading, mountWidget } from '../support/widget.js';

const focusIs = (role: string, name: RegExp) =>
  waitFor(
    () => {
      const element = deepActiveElement();
      return element && roleOf(element) === role && name.test(nameOf(element));
    },
    () => `focus on ${role} ${String(name)} (it is on ${deepActiveElement()?.tagName} "${nameOf(deepActiveElement()!)}")`,
  );

async function accessible(widget: BookingWidget, state: string) {
  // The theme's computed colours land on the next frame.
  await widget.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  try {
    await expect(widget).to.be.accessible();
  } catch (error) {
    throw new Error(`${state}: ${(error as Error).message}`, { cause: error });
  }
}

describe('locations and durations with the keyboard alone', () => {
  it('chooses a location, then a court for two hours, focus landing on each step', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west' });
    await waitFor(() => choices(widget).length === 2, 'the locations');
    await sendKeys({ press: 'Tab' });
    await focusIs('button', /^Nearest first$/);
    await sendKeys({ press: 'Tab' });
    await focusIs('button', /^Maple Street Hair Studio 12 Maple Street/);
    await sendKeys({ press: 'Tab' });
    await focusIs('button', /^Maple Street Hair Studio Mission/);
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', /^Choose a service$/);
    widget.remove();

    const courts = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts' });
    await choose(courts, /^Clay tennis court/);
    const oneHour = (await findByRole(courts, 'radio', '1 hr')) as HTMLInputElement;
    oneHour.focus();
    await sendKeys({ press: 'ArrowRight' });
    await focusIs('radio', /^2 hr$/);
    await waitFor(() => (deepActiveElement() as HTMLInputElement).checked, 'two hours chosen');
    await sendKeys({ press: 'Tab' });
    await focusIs('button', /^Continue$/);
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', /^Choose a time$/);
  });
});

for (const [locale, m] of [
  ['en-US', en],
  ['ar', ar],
] as [string, Messages][]) {
  for (const theme of ['light', 'dark'] as const) {
    describe(`axe: locations and durations (${locale}, ${theme})`, () => {
      it('the location step, before and after Nearest first', async () => {
        const services = await startServices();
        const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale });
        widget.theme = theme;
        await heading(widget, m.steps.location);
        await waitFor(() => choices(widget).length === 2, 'the locations');
        await accessible(widget, 'location step');
        const original = navigator.geolocation.getCurrentPosition;
        navigator.geolocation.getCurrentPosition = (_ok, fail) => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
        try {
          (await findByRole(widget, 'button', m.nearestFirst)).click();
          await waitFor(() => widget.shadowRoot!.textContent !== null, 'the status');
          await accessible(widget, 'location step, position refused');
        } finally {
          navigator.geolocation.getCurrentPosition = original;
        }
      });

      it('the duration choice', async () => {
        const services = await startServices();
        const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts', resourceId: '6001', locale });
        widget.theme = theme;
        await findByRole(widget, 'group', m.howLong);
        await accessible(widget, 'duration choice');
      });
    });
  }
}
