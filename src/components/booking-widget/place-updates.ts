/**
 * Where changes to a visitor's place in a walk-in line come from (service contract §16):
 * the one seam between the line and how it is kept current. `pollPlaces` reads the place
 * every 15 s; the live channel (Server-Sent Events from the proxy) plugs in with the same shape.
 */
import type { Registration } from 'booking-widget-shared/queue-types';
import type { QueueClient } from '../../api/queues.js';
import { QUEUE_PARAM } from '../../booking/manage-link.js';

/** How often a place is read again where nothing pushes its changes (the 15 seconds). */
export const POLL_INTERVAL_MS = 15_000;

/** A place in a line, and the token that reads it. */
export interface PlaceRef {
  id: string;
  token?: string | undefined;
}

/**
 * Where changes to a visitor's place come from: the one seam between the line and how it
 * is kept current. `pollPlaces` reads it every 15 s; a live channel (Server-Sent Events
 * from the proxy) plugs in here with the same shape. `watch` calls `changed` with each
 * reading and `failed` with each failed one, until the function it returned is called.
 */
export interface PlaceUpdates {
  watch(place: PlaceRef, changed: (registration: Registration) => void, failed: (error: unknown) => void): () => void;
}

/** Timers, so that tests move time rather than wait for it. */
export interface Timers {
  set(work: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_TIMERS: Timers = { set: (work, ms) => setTimeout(work, ms), clear: (handle) => clearTimeout(handle as number) };

/** Reads the place every `intervalMs`, one read at a time, and never while the page is hidden for nothing: a read is cheap and the proxy limits them. */
export function pollPlaces(client: () => QueueClient, intervalMs = POLL_INTERVAL_MS, timers: Timers = REAL_TIMERS): PlaceUpdates {
  return {
    watch(place, changed, failed) {
      let stopped = false;
      let handle: unknown;
      const tick = async () => {
        try {
          const registration = await client().getRegistration(place.id, { queueToken: place.token });
          if (!stopped) changed(registration);
        } catch (error) {
          if (!stopped) failed(error);
        }
        if (!stopped) handle = timers.set(tick, intervalMs);
      };
      handle = timers.set(tick, intervalMs);
      return () => {
        stopped = true;
        timers.clear(handle);
      };
    },
  };
}

/**
 * The link that reopens a place: this page with `#walk-in=<id>:<token>`, in the fragment, so that the token stays out of
 * the merchant's server logs and page views (manage-link.ts); in the query on a hash-routed page (`#/book`, `#!/book`), whose route
 * the fragment is. None when a proxy gave no token, since it could not work.
 */
export function placeUrlFor(place: PlaceRef, direct: boolean): string | undefined {
  if (!place.token && !direct) return undefined;
  const url = new URL(globalThis.location?.href ?? '');
  const value = place.token ? `${place.id}:${place.token}` : place.id;
  // Only when there: deleting re-encodes the whole query (a space in another parameter would turn into '+').
  if (url.searchParams.has(QUEUE_PARAM)) url.searchParams.delete(QUEUE_PARAM);
  if (/^#!?\//.test(url.hash)) url.searchParams.set(QUEUE_PARAM, value);
  else url.hash = `${QUEUE_PARAM}=${value}`;
  return url.href;
}
