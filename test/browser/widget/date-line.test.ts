/** A visitor whose clock reads the company's, a day apart: the times are elsewhere all the same. */
import { expect } from '@open-wc/testing';
import type { SlotSelectEvent } from '../../../src/index.js';
import { findByRole, waitFor } from '../support/dom.js';
import { setHostTimeZone } from '../support/host-zone.js';
import { startServices } from '../support/services.js';
import { choose, mountWidget, nextEvent, selectedDay, waitForTimes } from '../support/widget.js';

/** Auckland's summer (UTC+13): Pago Pago (UTC−11) reads the same hour on the day before. */
const AUCKLAND_SUMMER = '2028-01-10T20:00:00Z';

const dayLabel = (instant: Date, timeZone: string) =>
  instant.toLocaleDateString('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });

describe('booking-widget: a visitor across the date line', () => {
  before(() => setHostTimeZone('Pacific/Pago_Pago'));

  it('offers Pago Pago time for demo-clinic (Auckland) although the clocks agree, and moves the chosen time a day back', async () => {
    const services = await startServices({ now: AUCKLAND_SUMMER });
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic', now: AUCKLAND_SUMMER });
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    const times = await waitForTimes(widget);
    const chosen = nextEvent(widget, 'bw-slot-select');
    times[0]!.click();
    const start = new Date(((await chosen) as SlotSelectEvent).detail.start);
    expect(selectedDay(widget)?.getAttribute('aria-label')).to.equal(dayLabel(start, 'Pacific/Auckland'));
    (await findByRole(widget, 'button', /\(your time\)$/)).click();
    await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === dayLabel(start, 'Pacific/Pago_Pago'), 'the day in Pago Pago');
    expect(dayLabel(start, 'Pacific/Pago_Pago')).not.to.equal(dayLabel(start, 'Pacific/Auckland'));
  });
});
