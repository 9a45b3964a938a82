import { allElements, deepText, findByRole, isHidden, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { accessible, inEveryThemeAndLanguage } from '../support/axe-states.js';
import { choose, heading } from '../support/widget.js';

/**
 * The states before any day or time is drawn: the date cannot change them, so this file runs
 * once (UNDATED_FILES in web-test-runner.config.mjs). The states from the times on: axe-states.test.ts.
 */
inEveryThemeAndLanguage('axe, every state before the times', (m, mount) => {
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

  it('the time step, its month still loading', async () => {
    // The free times are held until axe has looked: the calendar is busy (dimmed) under its weekdays.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holdingTimes: typeof fetch = async (input, init) => {
      if (String(input).includes('/freeSlots')) await held;
      return fetch(input, init);
    };
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch: holdingTimes });
    await heading(widget, m.steps.time);
    const calendar = () => allElements(widget).find((element) => element.localName === 'table' && !isHidden(element));
    await waitFor(() => calendar()?.getAttribute('aria-busy') === 'true', 'the month loading');
    await accessible(widget, 'time step loading');
    release();
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

  it('the resource step, with a quantity', async () => {
    const services = await startServices();
    const widget = await mount({ apiBase: services.apiBase, companyId: 'demo-courts' });
    await choose(widget, /^Padel court/);
    await findByRole(widget, 'spinbutton', m.quantity);
    await accessible(widget, 'resource step with quantity');
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
