/**
 * Counts hits per key over a sliding window: unlike fixed windows, it never lets
 * twice the limit through around a window boundary. Memory is bounded by the keys
 * seen within one window; older ones are swept at most once per window.
 */
export class SlidingWindowLimiter {
  private readonly _hits = new Map<string, number[]>();
  private _lastSweep = 0;

  constructor(
    private readonly _max: number,
    private readonly _windowMs: number,
    private readonly _now: () => number = Date.now,
  ) {}

  /** Records a hit for `key`: 0 when it is allowed, otherwise the seconds to wait before the next one would be. */
  hit(key: string): number {
    const now = this._now();
    this._sweep(now);
    const recent = (this._hits.get(key) ?? []).filter((time) => time > now - this._windowMs);
    this._hits.set(key, recent);
    if (recent.length >= this._max) return Math.max(1, Math.ceil((recent[0]! + this._windowMs - now) / 1000));
    recent.push(now);
    return 0;
  }

  private _sweep(now: number): void {
    if (now - this._lastSweep < this._windowMs) return;
    this._lastSweep = now;
    for (const [key, times] of this._hits) if (times.at(-1)! <= now - this._windowMs) this._hits.delete(key);
  }
}
