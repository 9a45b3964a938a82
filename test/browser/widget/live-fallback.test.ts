/**
 * The live channel's poll fallback (issue 24; docs/proxy.md, "Live times"): where a front
 * refuses the proxy's stream, an open time step polls the proxy's version of the company
 * and still loses a time another visitor holds, and gets it back when they let it go.
 * The poll asks every 5 s and the test waits for two, so the file pins its own instant (an
 * ordinary Tuesday morning at demo-salon) and is listed in web-test-runner.config.mjs's
 * UNDATED_FILES: the pinned todays would only repeat its waits.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/catalogs/en.js';
import { findByRole, waitFor } from '../support/dom.js';
import { ORDINARY_TODAY as NOW } from '../../support/test-clock.js';
import { startServices } from '../support/services.js';
import { toTimes, nextEvent, pickTime, timeLabels, waitForTimes } from '../support/widget.js';

/** The requests of this page to `path` that have been answered so far (the browser's own record of them). */
const answered = (path: string) =>
  performance.getEntriesByType('resource').filter((entry) => new URL(entry.name, location.href).pathname.endsWith(path)).length;

describe('booking-widget: live times where the stream is refused', () => {
  it('polls instead: a time held on another page leaves the open time step, and comes back when released', async () => {
    // The page's own record of its requests, kept whole: the lazy chunks' modules must not push the poll's out of it.
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    const refused = [{ path: '/proxy/companies/demo-salon/live', status: 502 }];
    const services = await startServices({ refuse: refused, now: NOW });
    const changes = `${services.apiBase}/proxy/companies/demo-salon/changes`;
    const watching = await toTimes(services.apiBase, NOW);
    const [first] = await waitForTimes(watching);
    const label = first!.textContent!.trim();
    // The stream was refused, and the page asked the proxy's version once: from here on, a change is news to it.
    await waitFor(() => answered(changes) > 0, 'the first poll of the proxy’s version');
    await expect(watching).to.be.accessible();

    const holder = await toTimes(services.apiBase, NOW);
    const held = nextEvent(holder, 'bw-slot-held');
    await pickTime(holder);
    await held;
    await waitFor(() => !timeLabels(watching).includes(label), 'the held time gone from the other page, by the poll');

    (await findByRole(holder, 'button', new RegExp(`${en.back}$`))).click();
    await waitFor(() => timeLabels(watching).includes(label), 'the time back on the other page, by the poll');
  });
});
