/**
 * `GET {apiBase}/proxy/companies/{company}/live`: the page's one stream of what
 * changes for the company (Server-Sent Events, which Node, Workers and Deno all
 * serve as a streamed `Response`). Each message is an event named by its `type`
 * with its JSON as data; a comment every 25 s keeps intermediaries from closing
 * an idle stream. The stream ends when the page goes (the request's signal).
 * `GET …/changes` is its poll fallback, for pages whose stream is cut (live-version.ts).
 */
import type { Guard } from '../rules/guard.js';
import { startDeadline } from '../upstream/deadline.js';
import { heard } from './instance-news.js';
import type { LiveMessage } from './live-bus.js';
import { changedAgo, companyVersion } from './live-version.js';

const HEARTBEAT_MS = 25_000;
/** How soon a page reconnects after a cut (the EventSource `retry` field). */
const RETRY_MS = 2000;
/** How long the answer waits for the bus to confirm the subscription; a bus slower than this costs the page only early news. */
const READY_WITHIN_MS = 3000;

const encoder = new TextEncoder();
const eventText = (message: LiveMessage) => `event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;

export const liveStream: Guard = async ({ proxy, companyId, request }) => {
  let stop = () => {};
  let send = (_text: string) => {};
  let ready: Promise<void> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const unsubscribe = proxy.live.subscribe(
        companyId!,
        (message) => {
          // The change may come from another instance (or the service's watch): this one's shared free times are stale
          // too, and the page is about to ask for them again; after a company's change, what it read of the company too.
          // A standing bus has told the instance already (instance-news.ts), once, not once per open page.
          if (!proxy.live.standing) heard(proxy, companyId!, message);
          send(eventText(message));
        },
        () => close(),
      );
      ready = unsubscribe.ready;
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      // A stream's heartbeat never keeps a process alive on its own (a server closing, a test ending); Workers have no unref.
      (heartbeat as { unref?: () => void }).unref?.();
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      stop = close;
      request.signal.addEventListener('abort', close, { once: true });
    },
    cancel() {
      stop();
    },
  });
  // The answer means "listening": a change made anywhere once the page has its stream reaches it.
  if (ready) {
    const deadline = startDeadline(READY_WITHIN_MS);
    await deadline.race(ready).catch(() => {});
    deadline.clear();
  }
  // `ready` tells the page its stream gets through: one held back on the way (a buffering front) never says it, and the page
  // polls. It says how long ago the company last changed: a change made after the page last had news (its times read, or the
  // stream cut) and before this stream listened reached no stream of the page, which reads its times again (issue 24).
  const ago = await changedAgo(proxy.state, companyId!, proxy.live.publishLater ? proxy.now() : undefined).catch(() => 0);
  send(`retry: ${RETRY_MS}\n${eventText({ type: 'ready', ...(ago !== undefined && { changedAgo: ago }) })}`);
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
};

/** `GET …/changes`: `{ version }`, 304 to a page that has it (its browser's cache revalidates with `If-None-Match`). */
export const liveChanges: Guard = async ({ proxy, companyId, request }) => {
  // Due times exist only where the bus tells news later (a Durable Object): elsewhere the poll reads the version alone.
  const version = await companyVersion(proxy.state, companyId!, proxy.live.publishLater ? proxy.now() : undefined);
  const etag = `"${version}"`;
  // `no-cache`: the browser keeps the answer and asks each time whether it is still current; no shared cache keeps it.
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  const known = request.headers.get('If-None-Match');
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return Response.json({ version }, { headers });
};
