/**
 * What the proxy tells the open booking pages of a company (the live channel,
 * docs/proxy.md "Live times"): one stream per page, fed by a bus that every
 * instance of the proxy shares. The bus is per company and carries typed
 * messages, so that other kinds (a walk-in queue's) can travel on it beside the
 * free times': a page ignores a `type` it does not know.
 */

/** One message to the open pages of a company. `type` names its kind; the rest is the kind's own. */
export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}

/** The free times of a day changed: a time was held, released, booked or freed. */
export interface SlotsChanged extends LiveMessage {
  type: 'slots';
  /** The day in the company's zone, `yyyy-MM-dd`. */
  day: string;
  /** `freed`: a booking left the day (cancelled or moved), as the service's watch told (service contract §14). */
  reason: 'held' | 'released' | 'booked' | 'freed';
}

/**
 * The company changed (its services, staff, resources or settings), as the service's company
 * watch told one instance (service contract §14): every instance that hears it forgets what it
 * read of the company, and the pages read their catalog again.
 */
export interface CatalogChanged extends LiveMessage {
  type: 'catalog';
}

export type LiveListener = (message: LiveMessage) => void;

/**
 * Stops listening. `ready`, when the bus has one, settles once messages published
 * anywhere reach the listener (a subscription taken over the network): the stream
 * answers only then, so a page that has its stream hears every change made after.
 */
export type Unsubscribe = (() => void) & { ready?: Promise<void> };

/**
 * Delivers each message published for a company to every listener of that company,
 * on this instance and every other that shares the bus. At most once: a page that
 * missed one asks again for its times when it comes back (its stream reopened).
 */
export interface LiveBus {
  publish(companyId: string, message: LiveMessage): Promise<void>;
  /**
   * Publishes `message` in `delayMs`, even if this instance is gone by then (a Worker's
   * timers end with its request). A bus without it leaves the instance to keep a timer.
   */
  publishLater?(companyId: string, message: LiveMessage, delayMs: number): Promise<void>;
  /**
   * Returns the function that stops listening. `ended` is called when the bus can no longer
   * deliver to this listener (its connection cut): the page's stream then closes, and the
   * page reconnects and asks for its times again rather than miss changes unheard.
   */
  subscribe(companyId: string, listener: LiveListener, ended?: () => void): Unsubscribe;
  /**
   * A subscription may outlive any request (the process's own connection, or its memory): the
   * proxy then listens to every company it serves for as long as it runs (live/instance-news.ts).
   * Not a Worker's Durable Object bus, whose connections end with their request.
   */
  readonly standing?: boolean;
}

/** The bus of one process: enough for one instance, and the default. */
export class MemoryLiveBus implements LiveBus {
  readonly standing = true;
  private readonly _listeners = new Map<string, Set<LiveListener>>();

  async publish(companyId: string, message: LiveMessage): Promise<void> {
    for (const listener of this._listeners.get(companyId) ?? []) listener(message);
  }

  subscribe(companyId: string, listener: LiveListener): Unsubscribe {
    let listeners = this._listeners.get(companyId);
    if (!listeners) this._listeners.set(companyId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (!listeners.size) this._listeners.delete(companyId);
    };
  }

  /** Open streams, for the bench and tests. */
  get listenerCount(): number {
    let count = 0;
    for (const listeners of this._listeners.values()) count += listeners.size;
    return count;
  }
}
