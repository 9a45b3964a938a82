/**
 * The widget's first view is the company and what to choose; the rest loads as
 * separate chunks so that first view comes sooner:
 *
 * - the steps' elements (choice lists, the time step; step-elements.ts) and the
 *   functions that render the steps with them, with the time step's controller
 *   (step-views.ts): one chunk requested as soon as a widget connects, so they arrive
 *   alongside the API's first answers and never add a round trip;
 * - the location step (location-view.ts), requested beside them by a widget with
 *   several locations only;
 * - the details form, the booking and the confirmation (booking-steps.ts), one
 *   chunk requested at the first idle moment after the first times are painted (so
 *   it never competes with them: time-controller.ts), or at once when the visitor
 *   chooses a time;
 * - manage mode (manage-mode.ts), requested by the host once it has a visitor's
 *   manage link and the company;
 * - a walk-in line (queue-mode.ts), at the first idle moment after the company (the
 *   first screen's requests and bytes stay the same), or with the company for
 *   `queue="only"` and a link that reopens a place;
 * - analytics (analytics-controller.ts), requested once `analytics` is not `none`.
 *
 * Until its chunk arrives, a lazy element shows the "Loading…" its parent puts
 * inside it: light DOM that the element's shadow root replaces once defined.
 */
import type * as BookingSteps from './booking-steps.js';
import type * as Views from './step-views.js';
import type * as LocationView from './location-view.js';
import type { QueueMode, QueueModeDependencies, QueueModeHost } from './queue-mode.js';
import type { ManageController, ManageDependencies, ManageHost } from './manage-controller.js';
import type { AnalyticsHost, AnalyticsSources } from './analytics-controller.js';
import { whenIdle } from './schedule.js';
import { Step } from '../../booking/steps.js';

export type LaterSteps = typeof BookingSteps.laterSteps;
export type StepViews = typeof Views;
export type LocationStepView = typeof LocationView.renderLocationStep;
export type { QueueMode };

/** Memoises a download; a failed one is tried again by the next caller. */
function once<T>(load: () => Promise<T>): { (): Promise<T>; loaded?: T } {
  let loading: Promise<T> | undefined;
  const get: { (): Promise<T>; loaded?: T } = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return get;
}

/**
 * The steps' elements and their views (with the time step's controller): one chunk, since every
 * widget needs both at once (as two, they cost one more request and 0.4 KB brotli more);
 * `loadSteps.loaded` holds the views once it has arrived.
 */
export const loadSteps = once(() => import('./step-views.js'));

/**
 * The location step (location-view.ts), only for a widget whose `company-id` names several locations:
 * asked for as it asks for the steps' chunk, which it imports, so that first screen waits for no more
 * round trips than a one-location widget's; `loadLocationStep.loaded` holds it once it has arrived.
 */
export const loadLocationStep = once(() => import('./location-view.js'));

/** The later steps' code (booking-steps.ts `laterSteps`); `loadLaterSteps.loaded` holds it once it has arrived. */
export const loadLaterSteps = once(() => import('./booking-steps.js').then(({ laterSteps }) => laterSteps));

/** Manage mode (a visitor's link to reschedule or cancel): only a page opened with such a link fetches it. */
const loadManage = once(() => import('./manage-mode.js'));

/**
 * Opens the widget's walk-in line (service contract §16): its chunk, with the booking steps' (whose
 * intake questions the line's form uses), at once for `queue="only"`, else at the first idle moment;
 * then renders. The host asks once per widget (its `_line` stays `null` after a failed download), so
 * the chunk needs no memo of its own.
 */
export function openLine(host: QueueModeHost & { _line: QueueMode | null | undefined }, deps: QueueModeDependencies): null {
  (host.queue == 'only' ? (work: () => void) => work() : whenIdle)(() =>
    Promise.all([import('./queue-mode.js'), loadLaterSteps()]).then(
      ([{ QueueMode }, steps]) => ((host._line = new QueueMode(host, deps, steps)), host.requestUpdate()),
      () => {},
    ),
  );
  return null;
}

/**
 * Opens manage mode, once the widget has a visitor's link and the company: its chunk, with the steps' views (the time
 * step's controller, handed over so the two chunks share no third), then its controller, which reads the booking.
 */
export function openManage(
  host: ManageHost & { _manage: ManageController | undefined },
  deps: Omit<ManageDependencies, 'TimeController' | 'laterSteps'>,
): void {
  Promise.all([loadManage(), loadSteps()]).then(
    ([{ ManageController }, { TimeController }]) => {
      host._manage ??= new ManageController(host, { ...deps, TimeController, laterSteps: loadLaterSteps });
      host.requestUpdate();
    },
    () => {},
  );
}

/**
 * The merchant's analytics (analytics-controller.ts): only a page with `analytics` other than `none` fetches it, at the
 * first idle moment once the host asks (its first screen is up), so it never competes with what that screen shows.
 */
const loadAnalytics = once(() => new Promise<void>((resolve) => whenIdle(resolve)).then(() => import('./analytics-controller.js')));

/**
 * Gives `host` its AnalyticsController (once: the chunk keeps count) once its first screen is up: a list, the locations
 * or a visitor's booking (`hidden` steps) at once, times once they are painted and the booking code follows them. A failed
 * download is tried again at the next update.
 */
export function startAnalytics(
  host: AnalyticsHost & { _consentedAtStart?: boolean },
  hidden: () => boolean,
  ...sources: AnalyticsSources
): void {
  const [flow, , locations] = sources;
  const step = flow.state?.step;
  // Whether the visitor had consented as the widget started: a time chosen before the chunk arrives is reported only then
  // (consent given meanwhile may have come after the choice, and what happened before consent is never sent).
  const consented = (host._consentedAtStart ??= host.analyticsConsent === 'granted');
  if (step ? step != Step.Time || loadLaterSteps.loaded : locations.several || hidden())
    void loadAnalytics().then(
      ({ measure }) => measure(host, { consented, hidden }, ...sources),
      () => {},
    );
}
