/**
 * The live bus over Redis pub/sub, beside the Redis state: a change seen by one
 * Node instance reaches the pages connected to any other. One channel per company
 * (`<prefix>live:<company>`); a subscription is taken when the first page of a
 * company connects to this instance and dropped with the last. Node only (ioredis).
 */
import type { Redis } from 'ioredis';
import { DEFAULT_STATE_PREFIX } from '../state/proxy-state.js';
import { type LiveBus, type LiveListener, type LiveMessage, MemoryLiveBus, type Unsubscribe } from './live-bus.js';

export class RedisLiveBus implements LiveBus {
  readonly standing = true;
  /** The pages connected to this instance, by company. */
  private readonly _local = new MemoryLiveBus();
  private readonly _counts = new Map<string, number>();
  /** The company's channel subscription, once Redis confirmed it (or failed to). */
  private readonly _subscribed = new Map<string, Promise<void>>();

  /**
   * @param publisher A connected client (the state's will do).
   * @param subscriber A client of its own: a subscribed connection can do nothing else.
   */
  constructor(
    private readonly _publisher: Redis,
    private readonly _subscriber: Redis,
    private readonly _prefix = DEFAULT_STATE_PREFIX,
  ) {
    // A subscription asked for while the connection was not open (a client without an offline queue refuses it at
    // once: the proxy listens to its companies from its start) is asked again once it is; Redis ignores one it has.
    _subscriber.on('ready', () => {
      for (const companyId of this._counts.keys()) this._subscribeChannel(companyId);
    });
    _subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(this._channelPrefix)) return;
      try {
        void this._local.publish(channel.slice(this._channelPrefix.length), JSON.parse(text) as LiveMessage);
      } catch {
        // Not ours, or cut: nothing a page could use.
      }
    });
  }

  private get _channelPrefix(): string {
    return `${this._prefix}live:`;
  }

  async publish(companyId: string, message: LiveMessage): Promise<void> {
    await this._publisher.publish(this._channelPrefix + companyId, JSON.stringify(message));
  }

  private _subscribeChannel(companyId: string): void {
    this._subscribed.set(
      companyId,
      this._subscriber.subscribe(this._channelPrefix + companyId).then(
        () => {},
        () => {},
      ),
    );
  }

  subscribe(companyId: string, listener: LiveListener): Unsubscribe {
    const count = (this._counts.get(companyId) ?? 0) + 1;
    this._counts.set(companyId, count);
    // A Redis that is away costs the page its news, not its stream: it hears again once reconnected.
    if (count === 1) this._subscribeChannel(companyId);
    const stop = this._local.subscribe(companyId, listener);
    const unsubscribe = () => {
      stop();
      const left = (this._counts.get(companyId) ?? 1) - 1;
      if (left > 0) this._counts.set(companyId, left);
      else {
        this._counts.delete(companyId);
        this._subscribed.delete(companyId);
        this._subscriber.unsubscribe(this._channelPrefix + companyId).catch(() => {});
      }
    };
    return Object.assign(unsubscribe, { ready: this._subscribed.get(companyId) });
  }
}
