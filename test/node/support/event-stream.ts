/**
 * A page's live stream (`GET …/proxy/companies/{company}/live`, Server-Sent Events) as the
 * widget's EventSource reads it, for the node tests: every event heard so far, and a way to
 * wait for the next one that matches.
 */
import assert from 'node:assert/strict';

/** One event of the stream: its name and its JSON. */
export interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface EventReader {
  /** Every event heard so far, in order. */
  heard: LiveEvent[];
  /** The first event not yet returned that matches `check`, waiting at most `withinMs` for it. */
  until(check: (event: LiveEvent) => boolean, withinMs?: number, what?: string): Promise<LiveEvent>;
  close(): void;
}

/** Reads `response`'s events; `stop` aborts the request that opened it. */
export function readEvents(response: Response, stop: AbortController): EventReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const heard: LiveEvent[] = [];
  const unread: LiveEvent[] = [];
  let buffer = '';
  const until = async (check: (event: LiveEvent) => boolean, withinMs = 10_000, what = 'the event'): Promise<LiveEvent> => {
    const deadline = performance.now() + withinMs;
    for (;;) {
      const found = unread.find(check);
      if (found) {
        unread.splice(unread.indexOf(found), 1);
        return found;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()))));
      const next = await Promise.race([reader.read(), late]);
      clearTimeout(timer);
      assert.notEqual(next, 'late', `${what}: not heard within ${withinMs} ms (heard ${JSON.stringify(heard)})`);
      const { value, done } = next as ReadableStreamReadResult<string>;
      assert.ok(!done, `${what}: the stream ended first`);
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || !data) continue;
        const parsed = { event, data: JSON.parse(data) as Record<string, unknown> };
        heard.push(parsed);
        unread.push(parsed);
      }
    }
  };
  return {
    heard,
    until,
    close: () => {
      stop.abort();
      void reader.cancel().catch(() => {});
    },
  };
}
