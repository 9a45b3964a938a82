import type { SandboxSnapshot } from './store/snapshot.js';

/** A status forced on the requests whose path matches, for testing how clients cope. */
export interface ForcedFailure {
  /**
   * A string matches a path that contains it, `*` standing for any characters;
   * a RegExp is tested against the path.
   * @example '/widget/freeSlots'
   * @example '/widget/*Slots'
   */
  path: string | RegExp;
  /**
   * The status to answer (400–599), with the contract's error body.
   * 429 and 503 also carry `Retry-After: 1`.
   * @example 503
   */
  status: number;
  /** Only requests with this method; any method when absent. @example 'POST' */
  method?: string;
  /** Fail only the first `times` matching requests, then answer normally. @example 2 */
  times?: number;
}

/**
 * Where the state lives between runs. `load` runs once, when the sandbox is created;
 * `save` runs after every change, and the response waits for it, so a client that
 * got an answer knows the change is stored.
 */
export interface SandboxPersistence {
  /** The state stored last time, or `undefined` to start from the seed. */
  load(): SandboxSnapshot | undefined;
  save(snapshot: SandboxSnapshot): void | Promise<void>;
}

export interface SandboxOptions {
  /**
   * The sandbox's clock: a fixed instant (Date or ISO string), or a function that
   * returns the current instant, so that a test can move time forward. The seed's
   * appointments and vacations are placed relative to it, so a fixed clock gives the
   * same availability on every run. Default: the real clock.
   * @example '2026-03-04T15:00:00Z'
   * @example () => new Date(testClock)
   */
  now?: Date | string | (() => Date);
  /**
   * Milliseconds added to every response, preflight and errors included.
   * @example 300
   */
  latencyMs?: number;
  /**
   * Statuses forced on matching requests, before authentication; the first match wins.
   * @example [{ path: '/widget/freeSlots', status: 503, times: 1 }]
   */
  failures?: ForcedFailure[];
  /**
   * Keeps the state across restarts. In memory only when absent.
   * The Node CLI passes a JSON file store (`packages/sandbox/src/file-store.ts`).
   */
  persistence?: SandboxPersistence;
  /**
   * How the watches' deliveries (service contract §14) are retried: the waits before each
   * retry and how long one attempt may take, in milliseconds. Default the contract's:
   * retried after 1 s, 5 s and 30 s, each attempt given 5 s. Tests shorten them.
   * @example { retryDelaysMs: [50, 50], timeoutMs: 500 }
   */
  watchDelivery?: { retryDelaysMs?: readonly number[]; timeoutMs?: number };
}

/** The options' clock as a function returning milliseconds. */
export function resolveClock(now: SandboxOptions['now']): () => number {
  if (now === undefined) return () => Date.now();
  if (typeof now === 'function') return () => now().getTime();
  const fixed = new Date(now).getTime();
  if (Number.isNaN(fixed)) throw new RangeError(`SandboxOptions.now is not a date: "${String(now)}"`);
  return () => fixed;
}
