/**
 * Nothing but the first screen's files before the first time slot (issue 28, point 1): the
 * booking code, the live channel and whatever else follows the times are requested only once
 * a slot has been painted. The order is what is checked, not a time: the frame in which a slot
 * is first on the page is noted before it is painted, and no later part's request may start
 * before it. One test in the file: a module the page has imported is not requested again.
 */
import { expect } from '@open-wc/testing';
import { waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { mountWidget, timeButtons } from '../support/widget.js';

/** Modules that follow the times: the booking code (details, booking, confirmation), the live channel, a line, manage mode, analytics. */
const LATER =
  /\/(booking-steps|live-times|details-form|confirmation|hold-controller|booking-alternatives|queue-mode|manage-mode|analytics-controller)\.(js|ts)\b/;

/** Modules a plain booking (one location, one duration at a time, no time taken, no attribution given) never asks for (issue 28). */
const OFF_PATH = /\/(location-view|location-step|distance|duration-choice|booking-alternatives|merchant-attribution)\.(js|ts)\b/;

describe('booking-widget: what loads before the first time slot', () => {
  it('requests the booking code, the live channel and the analytics only after the first slot is painted, and stays accessible', async () => {
    const services = await startServices();
    // Every request from now on, with when it started (an observer, so no buffer limit drops one).
    const requests: { path: string; start: number }[] = [];
    const observer = new PerformanceObserver((list) =>
      requests.push(...list.getEntries().map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))),
    );
    observer.observe({ type: 'resource' });
    // Checked at every frame, before it is painted: the first frame with a time slot on the page.
    let slotFrame: number | undefined;
    const watch = () => {
      const widget = document.querySelector('booking-widget');
      if (widget && timeButtons(widget).length) slotFrame = performance.now();
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    try {
      // Men's cut with Maya Chen: the widget opens on the times. The merchant's analytics are on.
      const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001', analytics: 'datalayer' });
      const shown = await waitFor(() => slotFrame, 'a time slot on the page');
      // The booking code comes at the first idle moment after the times: its request proves the observer sees them.
      await waitFor(() => requests.some((request) => /\/booking-steps\.(js|ts)\b/.test(request.path)), 'the booking code requested');
      await waitFor(() => requests.some((request) => /\/analytics-controller\.(js|ts)\b/.test(request.path)), 'the analytics requested');
      const early = requests.filter((request) => request.start < shown && LATER.test(request.path)).map((request) => request.path);
      expect(early, 'requested before the first slot was painted').to.deep.equal([]);
      const offPath = requests.filter((request) => OFF_PATH.test(request.path)).map((request) => request.path);
      expect(offPath, 'requested by a one-location widget that offers one duration').to.deep.equal([]);
      await expect(widget).to.be.accessible();
    } finally {
      observer.disconnect();
    }
  });
});
