/** Reads in flight per address group, in this process: a cap on what one visitor can make the service work on at once. */
export class ReadsInFlight {
  private readonly _counts = new Map<string, number>();

  constructor(private readonly _max: number | undefined) {}

  /** A release function, or `undefined` when `key` already has its most. */
  take(key: string): (() => void) | undefined {
    if (this._max === undefined) return () => {};
    const count = this._counts.get(key) ?? 0;
    if (count >= this._max) return undefined;
    this._counts.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this._counts.get(key)! - 1;
      if (left > 0) this._counts.set(key, left);
      else this._counts.delete(key);
    };
  }
}
