/**
 * While the widget waits for its first answer, it draws a time step unseen (warm-time-step.ts, issue 28), so
 * that the first times are drawn with code already compiled and templates already parsed. What a visitor
 * would notice is checked: nothing of it shows or is heard, it is gone once the times are on screen, and
 * the times drawn are the service's. The answers are held until the test lets them go. Not dated: it reads
 * no calendar of its own (UNDATED_FILES).
 */
import { expect } from '@open-wc/testing';
import { deepText, isHidden, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { announced, mountWidget, timeButtons, waitForTimes } from '../support/widget.js';

describe('booking-widget: the time step drawn unseen while the first answer is on its way', () => {
  it('draws the times and the calendar out of sight and out of the accessibility tree, and leaves nothing behind', async () => {
    const services = await startServices();
    // Every element of the widget given a shadow root (as it connects), and whether it was out of sight then.
    const drawn: { element: Element; hidden: boolean }[] = [];
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      drawn.push({ element: this, hidden: isHidden(this) });
      return attachShadow.call(this, init);
    };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      const widget = await mountWidget({
        apiBase: services.apiBase,
        serviceId: '2002',
        staffId: '3001',
        fetch: async (input, init) => (await held, globalThis.fetch(input, init)),
      });
      const unseen = await waitFor(
        () => drawn.find(({ element }) => element.localName === 'bw-slot-picker' && element.shadowRoot?.querySelector('button')),
        'times drawn before the answers',
      );
      expect(unseen.hidden, 'out of sight').to.equal(true);
      // Then the calendar, then the step around both, a task each.
      await waitFor(() => drawn.some(({ element }) => element.localName === 'bw-time-step'), 'the whole step drawn');
      expect(timeButtons(widget), 'no time a visitor could reach').to.deep.equal([]);
      expect(deepText(widget))
        .to.contain('Loading')
        .and.not.to.match(/\d:\d\d/);
      expect(announced(widget, 'polite') + announced(widget, 'assertive')).not.to.match(/\d:\d\d/);
      expect(
        drawn.filter(({ element }) => /^bw-(day-picker|time-step)$/.test(element.localName)).map(({ hidden }) => hidden),
      ).to.deep.equal([true, true, true]);

      release();
      const times = await waitForTimes(widget);
      // The service's times, on screen; the unseen step and its box are gone.
      expect(times.every((time) => !isHidden(time))).to.equal(true);
      const root = widget.shadowRoot!;
      await waitFor(() => !root.querySelector(':scope > [hidden]'), 'the unseen box gone');
      expect(root.querySelectorAll('bw-time-step')).to.have.length(1);
      expect(queryAllByRole(widget, 'heading', /^Times on /)).to.have.length(1);
      await expect(widget).to.be.accessible();
    } finally {
      Element.prototype.attachShadow = attachShadow;
      release();
    }
  });
});
