import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { deepText, resolvedColour, sticksOut, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { choose, heading, mountWidget, pickTime, selectedDay, timeButtons, waitForTimes } from '../support/widget.js';

describe('booking-widget: zoom, forced colours and motion', () => {
  afterEach(() => emulateMedia({ forcedColors: 'none', reducedMotion: 'no-preference', colorScheme: 'light' } as never));

  it('reflows at 200 % text in a 320px column, without horizontal scrolling', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    widget.style.width = '320px';
    widget.style.setProperty('--bw-font-size', '2rem');
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    await waitForTimes(widget);
    expect(sticksOut(widget), 'time step').to.be.at.most(0.5);
    // Targets stay at least 24 × 24 px, day cells included.
    const day = selectedDay(widget)!.getBoundingClientRect();
    expect(Math.min(day.width, day.height)).to.be.at.least(24);
    await pickTime(widget);
    expect(sticksOut(widget), 'details step').to.be.at.most(0.5);
    await expect(widget).to.be.accessible();
  });

  it('marks the chosen day and time with system colours in forced-colours mode', async () => {
    await emulateMedia({ forcedColors: 'active' } as never);
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    const times = await waitForTimes(widget);
    times[0]!.click();
    await waitFor(() => timeButtons(widget)[0]!.getAttribute('aria-pressed') === 'true', 'a chosen time');
    const highlight = resolvedColour('Highlight');
    const canvas = resolvedColour('Canvas');
    expect(highlight).not.to.equal(canvas);
    expect(getComputedStyle(selectedDay(widget)!).backgroundColor).to.equal(highlight);
    expect(getComputedStyle(timeButtons(widget)[0]!).backgroundColor).to.equal(highlight);
    expect(getComputedStyle(timeButtons(widget)[1]!).backgroundColor).not.to.equal(highlight);
    // Focus stays visible: the outline is a system colour, not the author's.
    timeButtons(widget)[1]!.focus();
    expect(getComputedStyle(timeButtons(widget)[1]!).outlineStyle).to.equal('solid');
  });

  it('keeps the focus ring on the chosen day and time visible on a dark forced palette', async () => {
    // Windows' dark high-contrast themes: a black canvas, where the light theme's text colour (the author's ring) vanishes.
    await emulateMedia({ forcedColors: 'active', colorScheme: 'dark' } as never);
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    const times = await waitForTimes(widget);
    times[0]!.click();
    await waitFor(() => timeButtons(widget)[0]!.getAttribute('aria-pressed') === 'true', 'a chosen time');
    const ring = resolvedColour('CanvasText');
    expect(ring).not.to.equal(resolvedColour('Canvas'));
    for (const chosen of [timeButtons(widget)[0]!, selectedDay(widget)!]) {
      chosen.focus();
      const style = getComputedStyle(chosen);
      expect([style.outlineStyle, style.outlineColor], chosen.textContent!.trim()).to.deep.equal(['solid', ring]);
    }
  });

  it('stops the spinner’s motion when the visitor prefers reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' } as never);
    const services = await startServices({ latencyMs: 800 });
    const widget = await mountWidget({ apiBase: services.apiBase });
    await waitFor(() => deepText(widget).includes('Loading'), 'loading');
    const spinner = widget.shadowRoot!.querySelector('.spinner')!;
    expect(parseFloat(getComputedStyle(spinner).animationDuration)).to.be.below(0.001);
    await heading(widget, 'Choose a service');
  });
});
