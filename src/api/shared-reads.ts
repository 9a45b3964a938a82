/**
 * Identical reads share one request, and some stay cached briefly, so that
 * several widgets on one page cost one request each. The cache is module-wide on
 * purpose: widgets create their own clients, and still share.
 *
 * A caller's abort only ends its own wait; the request itself is aborted once
 * every caller waiting for it has gone.
 */
import { raceAbort } from './abort.js';

interface Entry {
  key: string;
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; one without a signal never leaves. */
  waiting: number;
  settled: boolean;
  /** Epoch ms after which a settled entry is stale. */
  expiresAt: number;
}

const entries = new Map<string, Entry>();

export interface SharedReadOptions {
  /** How long a success stays reusable; `0` only shares requests in flight. */
  ttlMs: number;
  signal?: AbortSignal | undefined;
  now?: () => number;
}

export function sharedRead<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  { ttlMs, signal, now = Date.now }: SharedReadOptions,
): Promise<T> {
  let entry = entries.get(key);
  if (entry?.settled && entry.expiresAt <= now()) {
    forget(entry);
    entry = undefined;
  }
  return wait(entry ?? start(key, load, ttlMs, now), signal) as Promise<T>;
}

function forget(entry: Entry): void {
  if (entries.get(entry.key) === entry) entries.delete(entry.key);
}

function start(key: string, load: (signal: AbortSignal) => Promise<unknown>, ttlMs: number, now: () => number): Entry {
  const controller = new AbortController();
  const entry: Entry = { key, promise: load(controller.signal), controller, waiting: 0, settled: false, expiresAt: 0 };
  entries.set(key, entry);
  entry.promise.then(
    () => {
      entry.settled = true;
      entry.expiresAt = now() + ttlMs;
      if (ttlMs <= 0) forget(entry);
    },
    () => {
      // Failures are never cached: the next caller tries again.
      entry.settled = true;
      forget(entry);
    },
  );
  return entry;
}

function wait(entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
  entry.waiting++;
  if (entry.settled || !signal) return entry.promise;
  const leave = () => {
    entry.waiting--;
    if (entry.waiting === 0 && !entry.settled) {
      forget(entry);
      entry.controller.abort(signal.reason);
    }
  };
  if (signal.aborted) leave();
  else signal.addEventListener('abort', leave, { once: true });
  return raceAbort(entry.promise, signal);
}

/** Empties the cache: for tests, and for pages that know the data changed. */
export function clearSharedReads(): void {
  entries.clear();
}
