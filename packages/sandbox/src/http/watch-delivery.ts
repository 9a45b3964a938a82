/**
 * How the sandbox delivers what its watches report (service contract §14): a real HTTP
 * request to the watch's address, at least once, in order per company, retried after a
 * non-2xx answer or a timeout on the contract's schedule, then dropped. A delivery waits
 * for the one before it of the same company, so a receiver sees a company's changes in
 * the order they happened, as the service promises.
 */

/** The contract's schedule: retried after 1 s, 5 s and 30 s, then dropped. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30_000];
/** How long a receiver may take to answer before the attempt counts as failed. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 5000;

export interface Delivery {
  address: string;
  method: string;
  headers: Record<string, string>;
  /** Serialised once: every attempt sends the same bytes. */
  body: string;
}

export interface DeliveryTiming {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

/** The deliveries waiting or under way, one chain per company. */
export class WatchDeliveries {
  private readonly _chains = new Map<string, Promise<void>>();

  constructor(private readonly _timing: DeliveryTiming) {}

  /** Queues `delivery` behind the company's earlier ones; never throws (a receiver's failure is its own). */
  send(companyId: string, delivery: Delivery): void {
    const previous = this._chains.get(companyId) ?? Promise.resolve();
    const next = previous.then(() => this._deliver(delivery));
    this._chains.set(companyId, next);
    void next.then(() => {
      if (this._chains.get(companyId) === next) this._chains.delete(companyId);
    });
  }

  /** Resolves when every delivery queued so far is delivered or dropped: for a test or a clean shutdown. */
  async settled(): Promise<void> {
    while (this._chains.size) await Promise.all(this._chains.values());
  }

  private async _deliver(delivery: Delivery): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (await this._attempt(delivery)) return;
      const delay = this._timing.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await pause(delay);
    }
  }

  private async _attempt({ address, method, headers, body }: Delivery): Promise<boolean> {
    const timeout = AbortSignal.timeout(this._timing.timeoutMs);
    try {
      const answer = await fetch(address, {
        method,
        headers,
        body: method === 'DELETE' ? undefined : body,
        signal: timeout,
        redirect: 'manual',
      });
      await answer.body?.cancel().catch(() => {});
      return answer.ok;
    } catch {
      return false;
    }
  }
}

/** A retry's wait never keeps a process alive on its own: a sandbox closing drops what it had left to retry. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
  });
}
