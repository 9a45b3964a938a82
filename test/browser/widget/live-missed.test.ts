/**
 * A change made while a page had no live stream yet (between its first times and its stream,
 * or while the stream was cut) reached no stream of it: the proxy's `ready` says how long ago
 * the company last changed, and the page reads the month shown again (docs/proxy.md, "Live times").
 * And a change the stream did tell, on a day of the month read ahead, is not lost when the
 * visitor moves on to that month.
 */
import { expect } from '@open-wc/testing';
import { openLiveTimes } from '../../../src/components/booking-widget/live-times.js';
import { getByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { availableDays, monthHeading, nextEvent, pickTime, selectedDay, timeLabels, toTimes, waitForTimes } from '../support/widget.js';

/**
 * The page's EventSource, held back until `open()`: what a slow network, or a stream still on its way
 * while the visitor's times are on screen, does. Each stream is the browser's own once let through.
 */
function holdStreamsBack() {
  const Real = globalThis.EventSource;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const asked: string[] = [];
  class HeldBack extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    private _real: EventSource | undefined;
    private _closed = false;
    constructor(url: string | URL) {
      super();
      asked.push(String(url));
      void opened.then(() => {
        if (this._closed) return;
        this._real = new Real(url);
        for (const type of ['ready', 'slots', 'catalog', 'error'])
          this._real.addEventListener(type, (event) =>
            this.dispatchEvent(type === 'error' ? new Event('error') : new MessageEvent(type, { data: (event as MessageEvent).data })),
          );
      });
    }
    get readyState(): number {
      return this._closed ? 2 : (this._real?.readyState ?? 0);
    }
    close(): void {
      this._closed = true;
      this._real?.close();
    }
  }
  globalThis.EventSource = HeldBack as unknown as typeof EventSource;
  return { asked, open, restore: () => (globalThis.EventSource = Real) };
}

/** The days of the `slots` messages each live stream of the page (in the order opened) has handed to the widget, once it has read them. */
function readMessages() {
  const Real = globalThis.EventSource;
  const days: string[][] = [];
  /** The streams (by index) that said `ready`: listening, so a change from then on reaches them. */
  const ready: number[] = [];
  globalThis.EventSource = class extends Real {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      const heard: string[] = [];
      days.push(heard);
      this.addEventListener('ready', () => ready.push(days.indexOf(heard)));
      // Registered before the widget's own listener: noted once this event's listeners have all run.
      this.addEventListener('slots', (event) => queueMicrotask(() => heard.push(JSON.parse((event as MessageEvent<string>).data).day)));
    }
  };
  return { days, ready, restore: () => (globalThis.EventSource = Real) };
}

/** Moves the calendar to the next month and shows the day whose button is named `label`. */
async function showDay(widget: Element, label: string) {
  const month = monthHeading(widget)!.textContent!.trim();
  getByRole(widget, 'button', 'Next month').click();
  await waitFor(() => monthHeading(widget)!.textContent!.trim() !== month, 'the next month');
  const day = await waitFor(() => availableDays(widget).find((button) => button.getAttribute('aria-label') === label), label);
  day.click();
  await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === label, `${label}, chosen`);
}

describe('booking-widget: live times a stream did not hear', () => {
  let streams: { restore(): void } | undefined;
  afterEach(() => streams?.restore());

  it('reads the times again when a time was held before the page’s stream listened', async () => {
    const held = holdStreamsBack();
    streams = held;
    const services = await startServices();
    const watching = await toTimes(services.apiBase);
    const [first] = await waitForTimes(watching);
    const label = first!.textContent!.trim();
    // The page's stream is on its way, not yet listening.
    await waitFor(() => held.asked.length > 0, 'the page’s live stream asked for');

    const holder = await toTimes(services.apiBase);
    const holding = nextEvent(holder, 'bw-slot-held');
    await pickTime(holder);
    await holding;
    expect(timeLabels(watching)).to.include(label, 'no stream has told the watching page yet');

    held.open();
    await waitFor(() => !timeLabels(watching).includes(label), 'the time held before the stream listened gone from the page');
  });

  it('does not show a time of the month read ahead that the stream said was held, once the visitor moves on to it', async () => {
    const messages = readMessages();
    streams = messages;
    const services = await startServices();
    const watching = await toTimes(services.apiBase);
    await waitForTimes(watching);
    // Its stream listens before the hold: a hold made earlier is read again at `ready` instead, with no message.
    await waitFor(() => messages.ready.includes(0), 'the watching page’s stream listening');

    // Another visitor holds a time next month, while the watching page has that month read ahead.
    const holder = await toTimes(services.apiBase);
    await waitForTimes(holder);
    const month = monthHeading(holder)!.textContent!.trim();
    getByRole(holder, 'button', 'Next month').click();
    await waitFor(() => monthHeading(holder)!.textContent!.trim() !== month, 'the next month');
    const day = (await waitFor(() => availableDays(holder)[0], 'a free day next month')).getAttribute('aria-label')!;
    availableDays(holder)[0]!.click();
    await waitFor(() => selectedDay(holder)?.getAttribute('aria-label') === day, `${day}, chosen`);
    const holding = nextEvent(holder, 'bw-slot-held');
    const label = await pickTime(holder);
    await holding;
    // The watching page's stream opened first (the holder's once its own times were painted).
    await waitFor(() => messages.days[0]?.length, 'the hold told on the watching page’s stream');

    await showDay(watching, day);
    await waitFor(() => timeLabels(watching).length > 0 && !timeLabels(watching).includes(label), `${label} gone from ${day}`);
  });

  describe('the channel’s reckoning, with a stream the test plays', () => {
    /** A stream whose events the test sends, and what the channel asked to read again (a day, or `undefined`: the month shown). */
    function played(since: number) {
      const Real = globalThis.EventSource;
      const sources: EventTarget[] = [];
      globalThis.EventSource = class extends EventTarget {
        static readonly CLOSED = 2;
        readyState = 1;
        constructor() {
          super();
          sources.push(this);
        }
        close() {
          this.readyState = 2;
        }
      } as unknown as typeof EventSource;
      const reads: (string | undefined)[] = [];
      const channel = openLiveTimes('https://proxy.test/proxy/companies/demo-salon/live', (day) => reads.push(day), undefined, since);
      streams = { restore: () => ((globalThis.EventSource = Real), channel.close()) };
      const send = (type: string, data: object) =>
        sources[0]!.dispatchEvent(new MessageEvent(type, { data: JSON.stringify({ type, ...data }) }));
      return { reads, send };
    }

    it('reads nothing again when the company last changed before the page’s news', () => {
      const { reads, send } = played(performance.now());
      send('ready', { changedAgo: 10_000 });
      send('slots', { day: '2026-03-05', reason: 'held' });
      expect(reads).to.deep.equal(['2026-03-05']);
    });

    it('takes no message heard before `ready` as news of what came before it', () => {
      // The page's times are 10 s old; a message comes before the stream listens, and `ready` then says the last change
      // was 2.5 s ago: what changed between the times and that message reached no stream of the page.
      const { reads, send } = played(performance.now() - 10_000);
      send('slots', { day: '2026-03-05', reason: 'held' });
      send('ready', { changedAgo: 2500 });
      expect(reads).to.deep.equal(['2026-03-05', undefined]);
    });
  });
});
