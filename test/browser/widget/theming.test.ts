import { expect } from '@open-wc/testing';
import { contrastRatio, parseComputedColor } from '../../../src/components/booking-widget/contrast.js';
import { queryAllByRole, sticksOut, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { choose, heading, mountWidget, selectedDay, waitForTimes } from '../support/widget.js';

const colorOf = (element: Element, property: string) => getComputedStyle(element).getPropertyValue(property);

describe('booking-widget: theming', () => {
  it('is accessible in the dark theme', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    widget.theme = 'dark';
    await heading(widget, 'Choose a service');
    await expect(widget).to.be.accessible();
  });

  it('shows links in the text’s colour until the accent is known to read (dark theme, a violet accent)', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    widget.theme = 'dark';
    await heading(widget, 'Choose a service');
    const link = await waitFor(
      () => widget.shadowRoot!.querySelector('bw-company-header')?.shadowRoot?.querySelector('.description a'),
      'the policy link',
    );
    const base = widget.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
    // demo-salon's #7c3aed reads 3.1:1 on the dark background: once derived, the link is in a colour that reads.
    await waitFor(() => base.style.getPropertyValue('--_auto-link'), 'the derived link colour');
    const ratio = contrastRatio(
      parseComputedColor(getComputedStyle(link).color)!,
      parseComputedColor(getComputedStyle(base).backgroundColor)!,
    );
    expect(ratio).to.be.at.least(4.5);
    // The derived colours come after the first paint, with the steps' chunk (auto-colors.ts), late on a busy machine:
    // without them, a link is in the text's colour, not in an accent that may not read.
    base.style.removeProperty('--_auto-link');
    expect(getComputedStyle(link).color).to.equal(getComputedStyle(base).color);
  });

  it('uses the company’s accent, with readable text on it', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    const day = selectedDay(widget)!;
    // demo-salon's bookingWidget.accentColor is #7c3aed.
    await waitFor(() => colorOf(day, 'background-color') === 'rgb(124, 58, 237)', 'the company accent');
    expect(colorOf(day, 'color')).to.equal('rgb(255, 255, 255)');
  });

  it('lets the page’s --bw-accent win, choosing dark text on a light accent and readable links', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    widget.style.setProperty('--bw-accent', '#fde047');
    await waitForTimes(widget);
    const day = selectedDay(widget)!;
    await waitFor(() => colorOf(day, 'background-color') === 'rgb(253, 224, 71)', 'the page accent');
    await waitFor(() => colorOf(day, 'color') === 'rgb(0, 0, 0)', 'dark text on yellow');
    // Yellow is unreadable as text on white: links fall back to the text colour.
    const time = queryAllByRole(widget, 'button').find((b) => b.getAttribute('part') === 'slot')!;
    expect(colorOf(time, 'color')).to.equal('rgb(17, 24, 39)');
  });

  it('exposes parts with state tokens to the page: ::part(day selected)', async () => {
    const services = await startServices();
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      'booking-widget::part(day selected) { outline: 5px dashed rgb(255, 0, 0); } booking-widget::part(submit) { letter-spacing: 3px; }',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    try {
      const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
      await waitForTimes(widget);
      const day = selectedDay(widget)!;
      expect(colorOf(day, 'outline-style')).to.equal('dashed');
      expect(colorOf(day, 'outline-color')).to.equal('rgb(255, 0, 0)');
      const other = queryAllByRole(widget, 'button').find((b) => b.getAttribute('part')?.startsWith('day') && b !== day)!;
      expect(colorOf(other, 'outline-style')).not.to.equal('dashed');
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    }
  });

  it('switches to dark colours with theme="dark"', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    const base = widget.shadowRoot!.querySelector('[part="base"]')!;
    expect(colorOf(base, 'background-color')).to.equal('rgb(255, 255, 255)');
    widget.setAttribute('theme', 'dark');
    await waitFor(() => colorOf(base, 'background-color') === 'rgb(17, 24, 39)', 'the dark background');
  });

  it('fits a 280px column without horizontal scrolling, calendar and times included', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    widget.style.width = '280px';
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    await waitForTimes(widget);
    expect(widget.getBoundingClientRect().width).to.equal(280);
    expect(sticksOut(widget)).to.be.at.most(0.5);
  });
});
