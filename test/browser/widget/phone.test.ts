/**
 * On a phone: a time tapped below a long list brings Continue into view (audit 4: it sat under the fold, and a
 * tap seemed to do nothing but mark the time); a time chosen with the keyboard leaves the page where it is.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { mountWidget, waitForTimes } from '../support/widget.js';

const continueButton = (widget: Element) => queryAllByRole(widget, 'button').find((button) => nameOf(button) === 'Continue');

async function onAPhone() {
  await setViewport({ width: 390, height: 844 });
  const services = await startServices();
  const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
  const times = await waitForTimes(widget);
  // The day's first times at the top of the screen, as a visitor who scrolled to them: the rest of the day below.
  times[0]!.scrollIntoView({ block: 'start' });
  return { widget, times };
}

describe('booking-widget on a phone', () => {
  afterEach(async () => {
    scrollTo(0, 0);
    await setViewport({ width: 800, height: 600 });
  });

  it('a tapped time brings Continue into view', async () => {
    const { widget, times } = await onAPhone();
    const time = times[0]!;
    await waitFor(() => continueButton(widget) === undefined, 'no Continue before a time is chosen');
    const { x, y, width, height } = time.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(x + width / 2), Math.round(y + height / 2)] });
    await waitFor(() => continueButton(widget), 'Continue, for the time chosen');
    await waitFor(
      () => continueButton(widget)!.getBoundingClientRect().bottom <= innerHeight + 1,
      () => `Continue in view (its bottom at ${continueButton(widget)!.getBoundingClientRect().bottom} of ${innerHeight})`,
    );
    expect(time.getAttribute('aria-pressed')).to.equal('true');
  });

  it('a time chosen with the keyboard leaves the page where it is', async () => {
    const { widget, times } = await onAPhone();
    times[0]!.focus();
    const before = scrollY;
    await sendKeys({ press: 'Enter' });
    await waitFor(() => continueButton(widget), 'Continue, for the time chosen');
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(scrollY).to.equal(before);
  });
});
