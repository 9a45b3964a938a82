/**
 * The time step's live channel (docs/proxy.md, "Live times"): one EventSource on the
 * booking proxy's stream for the company, opened by the TimeController once the
 * first times are on screen and closed when the tab is hidden or the step goes. Its
 * own lazy chunk: never on the way to the first time. The browser reconnects a cut
 * stream by itself (the proxy says how soon); a kind of message the page does not
 * know is ignored, so other features can share the stream.
 *
 * A change made while the page had no stream (before it opened, while it was cut, while the
 * step was left) reached none of its streams: the proxy's `ready` says how long ago the company
 * last changed, and when that is after the page last had news, the month shown is read again.
 *
 * Where the stream does not get through (a front that refuses it, buffers it or keeps
 * cutting it), the page polls the proxy's version of the company instead, every few
 * seconds while the channel is open, and reads the month shown again when it changes.
 */

/** A day's free times changed on the service (held, released, booked elsewhere); no day: some day did, which the poll cannot tell. */
export type DayChanged = (day?: string) => void;

export interface LiveTimes {
  /** Closes the channel; answers until when (`performance.now()`) every change has reached the page: a next channel's `since`. */
  close(): number;
}

/** The proxy says `ready` as the stream opens; a stream that has not said it by then is held back on the way. */
const READY_WITHIN_MS = 10_000;
/** Cut this often within the window, the stream is given up for the poll. */
const CUTS_BEFORE_POLL = 3;
const CUTS_WINDOW_MS = 60_000;
/** How often the poll asks: the proxy answers 304 while nothing changed. */
const POLL_MS = 5000;
/** What the proxy's instances' clocks may differ by: a change this close before the page's last news is read again too. */
const CLOCK_MARGIN_MS = 2000;

/**
 * `companyChanged`: the company changed on the service (its services, staff, resources or settings).
 * `since`: from when (`performance.now()`) the page's times may not know of a change: 0, the page's
 * start, until a channel of the page has listened.
 */
export function openLiveTimes(url: string, changed: DayChanged, companyChanged?: () => void, since = 0): LiveTimes {
  let source: EventSource | undefined = new EventSource(url);
  let poller: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  let wasReady = false;
  /** Every change made before this (`performance.now()`) has reached the page: `ready`, or the last message since, heard. */
  let heard = since;
  /** Between `ready` and a cut: a message then says nothing came between it and the last (one before `ready` does not). */
  let listening = false;
  const hear = () => listening && (heard = performance.now());
  const cuts: number[] = [];

  const stopStream = () => {
    clearTimeout(readyTimer);
    source?.close();
    source = undefined;
  };
  /** `missed`: news may have been lost before; `keepStream`: the stream may yet get through (no word from it so far). */
  const poll = (missed: boolean, keepStream = false) => {
    if (!keepStream) stopStream();
    if (closed || poller) return;
    const pollUrl = url.replace(/\/live$/, '/changes');
    let version: string | undefined;
    const ask = async () => {
      const asked = performance.now();
      try {
        // `no-cache`: the browser revalidates its copy with the ETag, and the proxy answers 304 while it is current.
        const response = await fetch(pollUrl, { cache: 'no-cache' });
        // A proxy without the poll (older than the widget): the stream is all there is.
        if (response.status === 404) clearInterval(poller);
        if (!response.ok) return;
        const next = ((await response.json()) as { version?: unknown }).version;
        if (typeof next !== 'string' || closed) return;
        const news = next !== version;
        const first = version === undefined;
        version = next;
        // The first answer is where the poll starts from; news the stream may have lost before it was given up is read now.
        if (news && (!first || missed)) changed();
        heard = Math.max(heard, asked);
      } catch {
        // Offline a moment: the next ask, or the tab's return, brings the times again.
      }
    };
    void ask();
    poller = setInterval(() => void ask(), POLL_MS);
  };

  const readyTimer = setTimeout(() => poll(true, true), READY_WITHIN_MS);
  source.addEventListener('ready', (event) => {
    wasReady = true;
    clearTimeout(readyTimer);
    const now = performance.now();
    // The stream listens from here on; a change made after the page's last news and before this reached no stream of it.
    const ago = (parsed(event) as { changedAgo?: unknown } | undefined)?.changedAgo;
    if (typeof ago === 'number' && now - ago + CLOCK_MARGIN_MS > heard) changed();
    heard = now;
    listening = true;
  });
  source.addEventListener('error', () => {
    listening = false;
    const now = performance.now();
    cuts.push(now);
    while (cuts[0]! < now - CUTS_WINDOW_MS) cuts.shift();
    // Closed: refused (an error status, not an event stream), and the browser will not try again.
    if (source?.readyState === EventSource.CLOSED || cuts.length >= CUTS_BEFORE_POLL) poll(wasReady);
  });
  source.addEventListener('slots', (event) => {
    hear();
    const day = (parsed(event) as { day?: unknown } | undefined)?.day;
    if (typeof day === 'string') changed(day);
  });
  // The company changed (its hours, its services): the proxy forgot its free times, and so does the month shown; its lists are read again.
  source.addEventListener('catalog', () => {
    hear();
    changed();
    companyChanged?.();
  });
  return {
    close: () => {
      closed = true;
      stopStream();
      clearInterval(poller);
      return heard;
    },
  };
}

/** A message's JSON; `undefined` for one cut or not ours (the next one, or the tab's return, brings the times again). */
function parsed(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
}
