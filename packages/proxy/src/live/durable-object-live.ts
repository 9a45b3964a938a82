/**
 * The live bus on Cloudflare Workers: one Durable Object per company carries the
 * company's news between isolates (docs/proxy.md, "Live times"). An isolate publishes
 * a message by POSTing it to the company's object; each page's stream in any isolate
 * holds one GET to the object open, and the object writes every message to all of
 * them. Isolates cannot share a stream between requests, so each page has its own
 * connection to the object; the object, which can, fans out.
 *
 * What it carries is news of the moment, and a page whose connection is cut reconnects
 * and reads its times again; it stores only the news due later (a hold's lapse), until its
 * alarm, since an isolate's timers end with its request. Reached with `fetch`, like the
 * state's objects (durable-objects.ts): no `cloudflare:workers` import.
 */
import type { DurableObjectNamespaceLike, DurableObjectStateLike } from '../state/durable-object-binding.js';
import type { LiveBus, LiveListener, LiveMessage, Unsubscribe } from './live-bus.js';

const encoder = new TextEncoder();
/** Any URL reaches the object; the method says what is asked. */
const OBJECT_URL = 'https://booking-proxy.live/';
/** On a POST: publish in this many milliseconds, not now. */
const DELAY_HEADER = 'X-Publish-In';
/** News due later, at most: each is one hold's lapse, and holds are limited per address; past this the oldest goes. */
const MAX_LATER = 1000;

interface Later {
  at: number;
  message: LiveMessage;
}

/** The company's open streams, on the one machine where its object runs. */
export class BookingProxyLive {
  private readonly _streams = new Set<ReadableStreamDefaultController<Uint8Array>>();

  /** The runtime passes `ctx` and `env`; `now` is for tests. */
  constructor(
    private readonly _ctx?: DurableObjectStateLike,
    _env?: unknown,
    private readonly _now: () => number = Date.now,
  ) {}

  /**
   * `POST` a message (JSON): written to every open stream, one line each; with `X-Publish-In: <ms>`,
   * at that moment (the object's alarm). `GET`: a stream of those lines.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.method === 'POST') {
      const message = (await request.json()) as LiveMessage;
      const delayMs = Number(request.headers.get(DELAY_HEADER) ?? 0);
      if (delayMs > 0 && this._ctx) await this._later({ at: this._now() + delayMs, message });
      else this._send(message);
      return new Response(null, { status: 204 });
    }
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        own = controller;
        this._streams.add(controller);
        // A first byte, so that whatever lies between the isolate and the object sends the answer on at once.
        controller.enqueue(encoder.encode('\n'));
      },
      cancel: () => {
        if (own) this._streams.delete(own);
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' } });
  }

  /** The alarm: what is due goes out; the rest waits for the next. */
  async alarm(): Promise<void> {
    const storage = this._ctx!.storage;
    const now = this._now();
    const pending = (await storage.get<Later[]>('later')) ?? [];
    for (const due of pending.filter((later) => later.at <= now)) this._send(due.message);
    await this._keep(pending.filter((later) => later.at > now));
  }

  private _send(message: LiveMessage): void {
    const line = encoder.encode(`${JSON.stringify(message)}\n`);
    for (const stream of this._streams) {
      try {
        stream.enqueue(line);
      } catch {
        // Its reader went away without a word: nothing left to tell it.
        this._streams.delete(stream);
      }
    }
  }

  private async _later(later: Later): Promise<void> {
    const pending = (await this._ctx!.storage.get<Later[]>('later')) ?? [];
    await this._keep([...pending, later].slice(-MAX_LATER));
  }

  /** Stores what is still due and wakes for the first of it; with nothing due, keeps nothing. */
  private async _keep(pending: Later[]): Promise<void> {
    const storage = this._ctx!.storage;
    if (!pending.length) return storage.deleteAll();
    await storage.put('later', pending);
    await storage.setAlarm(Math.min(...pending.map((later) => later.at)));
  }
}

/**
 * The `LiveBus` of a Worker, over the namespace bound to `BookingProxyLive`.
 *
 * @example
 * createBookingProxy({ ...options, live: durableObjectLiveBus(env.BOOKING_PROXY_LIVE) })
 */
export function durableObjectLiveBus(namespace: DurableObjectNamespaceLike): LiveBus {
  const objectOf = (companyId: string) => namespace.get(namespace.idFromName(companyId) as never);
  return {
    async publish(companyId: string, message: LiveMessage): Promise<void> {
      const response = await objectOf(companyId).fetch(OBJECT_URL, { method: 'POST', body: JSON.stringify(message) });
      if (!response.ok) throw new Error(`The live object answered ${response.status}`);
    },

    async publishLater(companyId: string, message: LiveMessage, delayMs: number): Promise<void> {
      const init = { method: 'POST', body: JSON.stringify(message), headers: { [DELAY_HEADER]: String(Math.ceil(delayMs)) } };
      const response = await objectOf(companyId).fetch(OBJECT_URL, init);
      if (!response.ok) throw new Error(`The live object answered ${response.status}`);
    },

    subscribe(companyId: string, listener: LiveListener, ended?: () => void): Unsubscribe {
      let stopped = false;
      let reader: ReadableStreamDefaultReader<string> | undefined;
      // Any failure, even the binding's own (a Worker deployed without it), ends this page's stream rather than the request.
      const opened = Promise.resolve()
        .then(() => objectOf(companyId).fetch(OBJECT_URL))
        .then((response) => {
          if (!response.ok || !response.body) throw new Error(`The live object answered ${response.status}`);
          reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          if (stopped) void reader.cancel();
          return reader;
        });
      const read = async (lines: ReadableStreamDefaultReader<string>) => {
        let buffer = '';
        for (;;) {
          const { value, done } = await lines.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, end);
            buffer = buffer.slice(end + 1);
            if (line) listener(JSON.parse(line) as LiveMessage);
          }
        }
      };
      // However the connection ends (the object moved or restarted, the network), the page is told, unless it left first.
      void opened
        .then(read)
        .catch(() => {})
        .finally(() => {
          if (!stopped) ended?.();
        });
      const unsubscribe = () => {
        stopped = true;
        void reader?.cancel().catch(() => {});
      };
      return Object.assign(unsubscribe, { ready: opened.then(() => {}) });
    },
  };
}
