/**
 * Names as Chromium computes them for screen readers (its own accessibility tree), where
 * they can differ from what the DOM's text suggests.
 */
import { expect } from '@open-wc/testing';
import { deepText, getByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { accessibleNames } from '../support/ax.js';
import { startServices } from '../support/services.js';
import { bookButton, fillDetails, heading, mountWidget, pickTime } from '../support/widget.js';

describe('booking-widget: names a screen reader hears', () => {
  it('names every field of the details form as it reads on screen, "(optional)" set apart', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await pickTime(widget);
    // Then the salon's own questions (issue #14), named the same way.
    await waitFor(() => queryAllByRole(widget, 'textbox', /^Allergies/).length, 'the salon questions');
    expect(await accessibleNames('textbox')).to.deep.equal([
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Notes for your appointment (optional)',
      'Allergies or sensitivities (optional)',
    ]);
    expect(await accessibleNames('checkbox')).to.deep.equal(['I agree to the privacy policy.', 'This is my first visit (optional)']);
  });

  it('gives the consent checkbox a target of at least 24 × 24 CSS pixels', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await pickTime(widget);
    const box = queryAllByRole(widget, 'checkbox')[0]!.getBoundingClientRect();
    expect(box.width).to.be.at.least(24);
    expect(box.height).to.be.at.least(24);
  });

  it('says that the Google Calendar link opens a new tab', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(await accessibleNames('link')).to.include.members(['Download .ics file', 'Google Calendar (opens in a new tab)']);
    expect(getByRole(widget, 'link', 'Google Calendar (opens in a new tab)').getAttribute('target')).to.equal('_blank');
    expect(deepText(widget)).not.to.contain('Google Calendar(');
  });
});
