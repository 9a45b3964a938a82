/**
 * A hold the proxy granted but answered late (a busy proxy; docs/proxy.md, "Held times"): the
 * booking waits for the hold's answer instead of booking without it. The answer comes 11 s late,
 * so this file pins its own instant (an ordinary Tuesday morning at demo-salon) and is listed in
 * web-test-runner.config.mjs's UNDATED_FILES: the pinned todays would only repeat its wait.
 * The rest of the held times' flow, under every pinned today, is held-times.test.ts.
 */
import { ORDINARY_NOW as NOW } from '../support/now.js';
import { startServices } from '../support/services.js';
import { bookButton, choose, fillDetails, heading, mountWidget, pickTime } from '../support/widget.js';

describe('booking-widget: a hold answered late', () => {
  it('books a time whose hold the proxy granted but answered late (a busy proxy): the booking waits for the hold', async () => {
    const services = await startServices({ now: NOW });
    // The proxy holds the time at once; its answer reaches the page 11 s later (beyond the 10 s the widget once waited).
    const lateHolds: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method === 'POST' && new URL(String(input)).pathname.endsWith('/holds'))
        await new Promise((resolve) => setTimeout(resolve, 11_000));
      return answer;
    };
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: lateHolds, now: NOW });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
  });
});
