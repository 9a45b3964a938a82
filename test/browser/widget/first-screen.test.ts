/**
 * The first screen of a widget that opens on the times (issue 28, point 1): the free times
 * asked for with the company normally come with it, and the screen is then drawn once, times
 * and all, rather than with a "Loading…" under the calendar that the next render replaces
 * (one frame and one render of the time step more before the first time shows). Times that
 * come later than a moment after the company do not hold it back: the company shows first.
 */
import { expect } from '@open-wc/testing';
import '../../../src/components/time-step/time-step.js';
import type { TimeStep } from '../../../src/components/time-step/time-step.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { deepText, isHidden, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { TEST_NOW } from '../support/now.js';
import { mountWidget, timeButtons, waitForTimes } from '../support/widget.js';

/**
 * The status of the times at each render of every time step on screen, in order, while `during` runs
 * (not the one the widget draws unseen while it waits for its first answer, warm-time-step.ts).
 */
async function timeStepRenders(during: () => Promise<void>): Promise<string[]> {
  // `updated` is protected: the test reaches it as the browser does, on the class's prototype.
  const prototype = customElements.get('bw-time-step')!.prototype as unknown as { updated(this: TimeStep): void };
  const updated = prototype.updated;
  const statuses: string[] = [];
  prototype.updated = function (this: TimeStep) {
    if (!isHidden(this)) statuses.push(this.times.status);
    updated.call(this);
  };
  try {
    await during();
  } finally {
    prototype.updated = updated;
  }
  return statuses;
}

describe('booking-widget: the first screen with a preselection', () => {
  it("shows the times in the time step's first render when they come with the company", async () => {
    const services = await startServices();
    // The two answers of one round trip, in the order that leaves nothing to the machine's speed: the company's
    // reaches the page once the free times are in and read.
    let timesRead!: () => void;
    const timesIn = new Promise<void>((resolve) => (timesRead = resolve));
    const together: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const { pathname } = new URL(String(input));
      if (pathname.endsWith('/freeSlots')) {
        const body = await answer.text();
        setTimeout(timesRead, 20);
        return new Response(body, { status: answer.status, headers: answer.headers });
      }
      if (pathname.endsWith('/companies/demo-salon')) await timesIn;
      return answer;
    };
    const statuses = await timeStepRenders(async () => {
      const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch: together });
      await waitForTimes(widget);
    });
    expect(statuses[0], "the time step's first render").to.equal('ready');
    expect(statuses, 'every render before the first time').not.to.include('loading');
  });

  it('shows the company first, its times loading, when they come well after it', async () => {
    const services = await startServices();
    let releaseTimes!: () => void;
    const timesHeld = new Promise<void>((resolve) => (releaseTimes = resolve));
    // The free times wait until the test lets them go; everything else is answered at once.
    const slowTimes: typeof fetch = async (input, init) => {
      if (String(input).includes('/freeSlots')) await timesHeld;
      return fetch(input, init);
    };
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', fetch: slowTimes });
    const timeStep = await waitFor(() => widget.shadowRoot!.querySelector('.root bw-time-step'), 'the time step');
    await waitFor(() => deepText(timeStep).includes(en.loading) || undefined, `"${en.loading}" under the calendar`);
    expect(timeButtons(widget), 'times while they are held back').to.have.length(0);
    releaseTimes();
    await waitForTimes(widget);
  });
  it('sends its requests as it connects, and draws its first screen in a later task (on a slow phone the two made one long task)', async () => {
    const services = await startServices();
    const sent: string[] = [];
    const widget = document.createElement('booking-widget');
    for (const [name, value] of Object.entries({
      'company-id': 'demo-salon',
      'api-base': services.apiBase,
      'service-id': '2002',
      'staff-id': '3001',
      now: TEST_NOW,
    }))
      widget.setAttribute(name, value);
    widget.fetch = (input, init) => (sent.push(new URL(String(input)).pathname.split('/').pop()!), fetch(input, init));
    document.body.append(widget);
    try {
      // Every microtask of the task that connected it, and none of a later task.
      for (let i = 0; i < 50; i++) await Promise.resolve();
      expect(sent, 'the company and its free times, asked for at once').to.include.members(['demo-salon', 'freeSlots']);
      expect(widget.hasUpdated, 'drawn in that task').to.equal(false);
      await waitForTimes(widget);
    } finally {
      widget.remove();
    }
  });
});
