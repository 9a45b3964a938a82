/**
 * The proxy's booking challenge (issue 29 point 7; docs/proxy.md, "Bots: the booking
 * challenge"): the widget fetches and solves it as the details step opens, never on the
 * way to the first times, sends it with the booking, fetches a fresh one once when the
 * proxy refuses it, solves it without a worker when none can start, never asks in
 * direct mode, and asks a proxy without it once per page. The keyboard-only booking
 * with it on is in a11y/keyboard-booking.test.ts.
 */
import { expect } from '@open-wc/testing';
import { startServices } from '../support/services.js';
import {
  bookButton,
  choose,
  fillDetails,
  heading,
  mountWidget,
  pickTime,
  waitForTimes,
  type SandboxAppointment,
} from '../support/widget.js';

interface Sent {
  method: string;
  path: string;
  altcha: string | null;
}

/** A `fetch` for the widget that records what it sends, and may change a request's headers on the way. */
function recording(change?: (request: Request, sent: readonly Sent[]) => Request) {
  const sent: Sent[] = [];
  const fetcher: typeof fetch = (input, init) => {
    let request = new Request(input, init);
    if (change) request = change(request, sent);
    sent.push({ method: request.method, path: new URL(request.url).pathname, altcha: request.headers.get('Altcha') });
    return window.fetch(request);
  };
  return { fetcher, sent };
}

const challenges = (sent: readonly Sent[]) => sent.filter((call) => call.path.endsWith('/proxy/challenge'));

async function bookAda(apiBase: string, fetcher: typeof fetch, accessToken?: string) {
  const widget = await mountWidget({ apiBase, fetch: fetcher, ...(accessToken && { accessToken }) });
  await choose(widget, "Men's cut");
  await choose(widget, 'Maya Chen');
  await heading(widget, 'Choose a time');
  await waitForTimes(widget);
  return widget;
}

async function adaBooked(services: Awaited<ReturnType<typeof startServices>>) {
  const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-salon/appointments');
  return items.filter((item) => item.client.lastName === 'Lovelace');
}

describe('booking-widget: the booking challenge', () => {
  it('solves it as the details open, not before, and books with it', async () => {
    const services = await startServices({ challenge: true });
    const { fetcher, sent } = recording();
    const widget = await bookAda(services.apiBase, fetcher);
    expect(challenges(sent), 'no challenge on the way to the first times').to.have.length(0);
    await pickTime(widget);
    fillDetails(widget);
    await expect(widget).to.be.accessible();
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(challenges(sent)).to.have.length(1);
    const client = sent.find((call) => call.method === 'POST' && call.path.endsWith('/api/2.0/clients'))!;
    expect(client.altcha, 'the client POST carries the solution').to.be.a('string');
    expect(await adaBooked(services)).to.have.length(1);
  });

  it('fetches a fresh challenge once when the proxy refuses the solution, keeping what was typed', async () => {
    const services = await startServices({ challenge: true });
    let spoiled = false;
    // The first solution sent is spoilt on the way, as an expired or replayed one would be refused.
    const { fetcher, sent } = recording((request) => {
      if (spoiled || !request.headers.has('Altcha')) return request;
      spoiled = true;
      const headers = new Headers(request.headers);
      headers.set('Altcha', btoa(JSON.stringify({ ...JSON.parse(atob(request.headers.get('Altcha')!)), number: -1 })));
      return new Request(request, { headers });
    });
    const widget = await bookAda(services.apiBase, fetcher);
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(challenges(sent)).to.have.length(2);
    expect(await adaBooked(services)).to.have.length(1);
  });

  it('solves it on the page when no worker can start', async () => {
    const services = await startServices({ challenge: true });
    const { fetcher } = recording();
    const saved = window.Worker;
    // What a page whose CSP forbids blob: workers amounts to.
    (window as { Worker: unknown }).Worker = class {
      constructor() {
        throw new DOMException('Refused by the page’s Content-Security-Policy.', 'SecurityError');
      }
    };
    try {
      const widget = await bookAda(services.apiBase, fetcher);
      await pickTime(widget);
      fillDetails(widget);
      bookButton(widget).click();
      await heading(widget, 'Booking confirmed');
    } finally {
      window.Worker = saved;
    }
    expect(await adaBooked(services)).to.have.length(1);
  });

  it('asks nothing of a proxy without it, nor in direct mode', async () => {
    const proxied = await startServices();
    const plain = recording();
    const widget = await bookAda(proxied.apiBase, plain.fetcher);
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    expect(plain.sent.find((call) => call.path.endsWith('/api/2.0/clients'))!.altcha).to.equal(null);
    // The proxy said it asks none: the page's next booking does not ask again.
    const again = await bookAda(proxied.apiBase, plain.fetcher);
    await pickTime(again);
    fillDetails(again);
    bookButton(again).click();
    await heading(again, 'Booking confirmed');
    expect(plain.sent.filter((call) => call.path.endsWith('/api/2.0/clients'))).to.have.length(2);
    expect(challenges(plain.sent), 'one question for the page, not one per booking').to.have.length(1);

    const direct = await startServices({ proxy: false });
    const straight = recording();
    const second = await bookAda(direct.apiBase, straight.fetcher, direct.accessToken);
    await pickTime(second);
    fillDetails(second);
    bookButton(second).click();
    await heading(second, 'Booking confirmed');
    expect(challenges(straight.sent)).to.have.length(0);
  });
});
