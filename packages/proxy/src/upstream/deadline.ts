/** Raised when the service takes longer than `upstreamTimeoutMs`. */
export class DeadlineExceeded extends Error {
  constructor() {
    super('The upstream deadline passed.');
    this.name = 'DeadlineExceeded';
  }
}

export interface Deadline {
  /** Aborts the fetches given it when the time is up. */
  readonly signal: AbortSignal;
  /** Settles like `work`, or rejects with `DeadlineExceeded` when the time is up first. */
  race<T>(work: Promise<T>): Promise<T>;
  /** Stops the clock once the answer is in hand. */
  clear(): void;
}

/**
 * A time limit shared by every step of one upstream exchange. It races the steps
 * instead of trusting the abort signal alone, because a custom `fetch` (or a body
 * stream) may ignore the signal.
 */
export function startDeadline(ms: number): Deadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Rejected before aborting, so that a race sees the deadline and not the abort error.
      reject(new DeadlineExceeded());
      controller.abort();
    }, ms);
  });
  // The rejection is reported through `race`; with no race pending it is nobody's error.
  expired.catch(() => {});
  return {
    signal: controller.signal,
    race: (work) => Promise.race([work, expired]),
    clear: () => clearTimeout(timer),
  };
}
