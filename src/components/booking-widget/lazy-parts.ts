/**
 * The widget's first view is the company and what to choose; the rest loads as
 * separate chunks so that first view comes sooner:
 *
 * - the time step (calendar and times), requested as soon as a widget connects,
 *   so it arrives alongside the API's first answers and never adds a round trip;
 * - the details form, the confirmation and the booking itself, requested at the
 *   first idle moment after the first times are on screen (so they never compete
 *   with them), or at once when the visitor chooses a time.
 *
 * Until its chunk arrives, a lazy element shows the "Loading…" its parent puts
 * inside it: light DOM that the element's shadow root replaces once defined.
 */
import type * as BookingModule from '../../api/booking.js';

type Booking = typeof BookingModule;

/** Memoises a download; a failed one is tried again by the next caller. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const loadTimeStep = once(() => import('../time-step/time-step.js'));

export const loadLaterSteps = once(
  (): Promise<Booking> =>
    Promise.all([
      import('../details-form/details-form.js'),
      import('../confirmation/confirmation.js'),
      import('../../api/booking.js'),
    ]).then(([, , booking]) => booking),
);

/** Loads the later steps once the browser is idle: after the times just shown are painted. */
export function loadLaterStepsWhenIdle(): void {
  const load = () => void loadLaterSteps().catch(() => {});
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200);
}
