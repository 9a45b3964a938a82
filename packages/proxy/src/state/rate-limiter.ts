/**
 * One hit in a sliding window over the `times` (ms) of earlier hits: the hits still
 * inside the window, with this one added when it is allowed, and the seconds to
 * wait when it is not (0 when allowed). Pure, so that memory, a Durable Object and
 * tests share exactly one definition of the window.
 */
export function slideWindow(
  times: readonly number[],
  now: number,
  max: number,
  windowMs: number,
): { times: number[]; waitSeconds: number } {
  const recent = times.filter((time) => time > now - windowMs);
  if (recent.length >= max) return { times: recent, waitSeconds: Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000)) };
  recent.push(now);
  return { times: recent, waitSeconds: 0 };
}

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
    const { times, waitSeconds } = slideWindow(this._hits.get(key) ?? [], now, this._max, this._windowMs);
    this._hits.set(key, times);
    return waitSeconds;
  }

  private _sweep(now: number): void {
    if (now - this._lastSweep < this._windowMs) return;
    this._lastSweep = now;
    for (const [key, times] of this._hits) if (times.at(-1)! <= now - this._windowMs) this._hits.delete(key);
  }
}
