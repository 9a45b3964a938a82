import { expect } from '@open-wc/testing';
import { deepText, findByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { takenAr } from '../../../src/i18n/catalogs/taken/ar.js';
import { takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { accessible, inEveryThemeAndLanguage } from '../support/axe-states.js';
import { bookButton, choose, dangerColour, fillDetails, heading, pickTime, waitForTimes } from '../support/widget.js';

/**
 * The states from the times on: they show the days and times of the run's "today", so they run
 * under every pinned today. The states before the times: axe-states-before-times.test.ts.
 */
inEveryThemeAndLanguage('axe, every state from the times on', (m, mount) => {
  // One test per state: each reaches its state the shortest way (preselections) and runs axe once.
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
    // Each field to correct is drawn in the danger colour too, beside its message.
    const invalid = queryAllByRole(widget, 'textbox').filter((field) => field.getAttribute('aria-invalid') === 'true');
    expect(invalid.length).to.be.greaterThan(3);
    for (const field of invalid) expect(getComputedStyle(field).borderTopColor, nameOf(field)).to.equal(dangerColour(widget));
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
});
