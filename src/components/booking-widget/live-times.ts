/**
 * The time step's live channel (docs/proxy.md, "Live times"): one EventSource on the
 * booking proxy's stream for the company, opened by the TimeController once the
 * first times are on screen and closed when the tab is hidden or the step goes. Its
 * own lazy chunk: never on the way to the first time. The browser reconnects a cut
 * stream by itself (the proxy says how soon); a kind of message the page does not
 * know is ignored, so other features can share the stream.
 */

/** A day's free times changed on the service (held, released, booked elsewhere). */
export type DayChanged = (day: string) => void;

export interface LiveTimes {
  close(): void;
}

export function openLiveTimes(url: string, changed: DayChanged): LiveTimes {
  const source = new EventSource(url);
  source.addEventListener('slots', (event) => {
    try {
      const { day } = JSON.parse((event as MessageEvent<string>).data) as { day?: unknown };
      if (typeof day === 'string') changed(day);
    } catch {
      // A message cut or not ours: the next one, or the tab's return, brings the times again.
    }
  });
  return { close: () => source.close() };
}
