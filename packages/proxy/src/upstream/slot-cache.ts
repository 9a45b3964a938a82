/** An answer as kept: enough to hand each visitor a Response of their own. */
interface Kept {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  expiresAt: number;
}

/** Distinct queries kept at most; past it the oldest go first, so a flood of distinct queries costs hits, never the process. */
const MAX_ENTRIES = 2_000;

/**
 * Free slots shared for a few seconds by every visitor asking exactly the same
 * query, and one call for identical queries in flight: a burst of visitors (or a
 * loop) on one month costs the merchant's quota once. Successes only; per process
 * or isolate. Free slots change when someone books, so the window is seconds: the
 * service still refuses a taken time at booking, and the widget shows it then.
 */
export class SlotCache {
  private readonly _kept = new Map<string, Kept>();
  private readonly _inFlight = new Map<string, Promise<Kept>>();

  constructor(
    private readonly _ttlMs: number,
    private readonly _now: () => number,
  ) {}

  async answer(key: string, load: () => Promise<Response>): Promise<Response> {
    if (this._ttlMs === 0) return load();
    const kept = this._kept.get(key);
    if (kept && kept.expiresAt > this._now()) return toResponse(kept);
    if (kept) this._kept.delete(key);
    let pending = this._inFlight.get(key);
    if (!pending) {
      pending = load().then(async (response) => ({
        status: response.status,
        headers: [...response.headers],
        body: await response.arrayBuffer(),
        expiresAt: this._now() + this._ttlMs,
      }));
      this._inFlight.set(key, pending);
      pending.then(
        (loaded) => {
          this._inFlight.delete(key);
          if (loaded.status === 200) this._keep(key, loaded);
        },
        () => this._inFlight.delete(key),
      );
    }
    return toResponse(await pending);
  }

  /**
   * Forgets the company's answers (in every API version): a booking, a move or a cancellation
   * through this process changes its free times, and the next read must show it.
   */
  forget(companyId: string): void {
    for (const key of this._kept.keys()) if (key.includes(`/companies/${companyId}/`)) this._kept.delete(key);
  }

  private _keep(key: string, loaded: Kept): void {
    this._kept.set(key, loaded);
    for (const oldest of this._kept.keys()) {
      if (this._kept.size <= MAX_ENTRIES) break;
      this._kept.delete(oldest);
    }
  }
}

const toResponse = (kept: Kept): Response => new Response(kept.body.slice(0), { status: kept.status, headers: kept.headers });
