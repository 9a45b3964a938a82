/** Issue #14: the merchant's intake questions in the details step, through the proxy to the sandbox. */
import { expect } from '@open-wc/testing';
import { deepActiveElement, deepText, descriptionOf, getByRole, nameOf, queryAllByRole, type, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, bookButton, fillDetails, mountWidget, pickTime, waitForTimes } from '../support/widget.js';

const CLINIC = '/api/2.1/scheduling/companies/demo-clinic';

const control = (widget: Element, role: string, name: RegExp) => getByRole(widget, role, name) as HTMLInputElement;

describe('booking-widget: intake questions', () => {
  it('asks for the questions while the times show, so the details step does not wait for them', async () => {
    const services = await startServices();
    const forms: string[] = [];
    const recording: typeof fetch = (input, init) => {
      if (String(input).includes('/forms')) forms.push(String(input));
      return fetch(input, init);
    };
    const widget = await mountWidget({
      apiBase: services.apiBase,
      companyId: 'demo-clinic',
      staffId: '3101',
      serviceId: '2101',
      fetch: recording,
    });
    await waitForTimes(widget);
    // No time chosen yet: the request went out at the first idle moment after the times came in.
    await waitFor(() => forms.length === 1, 'the questions asked for before a time is chosen');
    await pickTime(widget);
    await waitFor(() => queryAllByRole(widget, 'group', /^Questions, part 1 of 2/).length, 'the questions');
    expect(forms, 'the details step used that answer').to.have.length(1);
  });

  it('asks every question of a two-page form, checks them before booking, keeps every answer, and stores them', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic', staffId: '3101', serviceId: '2101' });
    await pickTime(widget);
    await waitFor(() => queryAllByRole(widget, 'group', /^Questions, part 1 of 2/).length, 'the questions');
    expect(queryAllByRole(widget, 'group', /^Questions, part 2 of 2/)).to.have.length(1);
    // A heading item, and help tied to its control, with the answer's length rules.
    expect(queryAllByRole(widget, 'heading').map(nameOf)).to.include.members(['About your visit', 'Health details']);
    const reason = control(widget, 'textbox', /^What brings you in\?/);
    expect(reason.tagName).to.equal('TEXTAREA');
    expect(descriptionOf(reason)).to.equal(
      'A sentence or two is enough. Please use at least 10 characters. Please use at most 1000 characters.',
    );
    expect(control(widget, 'textbox', /^When did it start\?/).type).to.equal('date');
    expect(control(widget, 'textbox', /^E-mail for your exercise plan/).type).to.equal('email');
    expect(control(widget, 'textbox', /^Emergency contact phone/).type).to.equal('tel');
    expect(queryAllByRole(widget, 'radio').map(nameOf)).to.deep.equal(['Left', 'Right', 'Both']);

    fillDetails(widget, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, false);
    type(reason, 'Sore.');
    type(control(widget, 'textbox', /^Pain today/), '11');
    bookButton(widget).click();
    // The first question to correct takes focus; every message is tied to its control.
    await waitFor(() => deepActiveElement() === reason, 'focus on the first question to correct');
    expect(reason.getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(reason)).to.contain('Please use at least 10 characters.');
    expect(descriptionOf(control(widget, 'textbox', /^Pain today/))).to.contain('Please check this field.');
    expect(descriptionOf(control(widget, 'checkbox', /^I consent to assessment/))).to.contain('Please tick this box.');
    // Nothing typed is lost.
    expect(reason.value).to.equal('Sore.');
    expect(control(widget, 'textbox', /^First name/).value).to.equal('Ada');

    type(reason, 'Sore left knee after running.');
    type(control(widget, 'textbox', /^Pain today/), '6');
    type(control(widget, 'textbox', /^Emergency contact phone/), '+64 21 555 0199');
    const referral = control(widget, 'combobox', /^Referred by/) as unknown as HTMLSelectElement;
    referral.value = 'ACC';
    referral.dispatchEvent(new Event('change'));
    control(widget, 'radio', /^Left$/).click();
    control(widget, 'checkbox', /^Diabetes$/).click();
    control(widget, 'checkbox', /^Pregnancy$/).click();
    control(widget, 'checkbox', /^This is an ACC injury claim/).click();
    control(widget, 'checkbox', /^I consent to assessment/).click();
    bookButton(widget).click();
    await waitFor(() => deepText(widget).includes('Booking confirmed'), 'the confirmation');

    const { items } = await services.inspect<{ items: (SandboxAppointment & { form?: { id: string; value: string }[] })[] }>(
      `${CLINIC}/appointments`,
    );
    const mine = items.find((item) => item.client.lastName === 'Lovelace')!;
    const answers = Object.fromEntries(mine.form!.map((answer) => [answer.id, answer.value]));
    expect(answers).to.include({
      reason: 'Sore left knee after running.',
      pain: '6',
      'emergency-phone': '+64 21 555 0199',
      referral: 'ACC',
      side: 'Left',
      conditions: 'Diabetes, Pregnancy',
      'acc-claim': 'true',
      'treatment-consent': 'true',
    });
  });

  it('a service without its own form gets the location’s; none at all shows no questions', async () => {
    const services = await startServices();
    const salon = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon', serviceId: '2002', staffId: '3001' });
    await pickTime(salon);
    await waitFor(() => queryAllByRole(salon, 'group', 'Questions').length, 'the salon questions');
    expect(queryAllByRole(salon, 'combobox').map(nameOf)).to.deep.equal(['Hair length (optional)']);
    salon.remove();
    const clinic = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic', staffId: '3101', serviceId: '2102' });
    await pickTime(clinic);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queryAllByRole(clinic, 'group', /^Questions/)).to.have.length(0);
  });
});
