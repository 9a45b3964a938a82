/**
 * Sends the booking's GA4 e-commerce events to the merchant's analytics (`analytics`:
 * `datalayer` or `gtag`), only while the visitor consents (`analytics-consent="granted"`).
 * A lazy chunk of its own (lazy-parts.ts): a page with `analytics="none"`, the default,
 * never downloads it. It listens to what the flow already tells the page (its state, and
 * the public events `bw-slot-select`, `bw-booked`, `bw-cancelled`) and adds nothing to
 * the elements. Whatever happens while consent is denied is never sent later.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  AnalyticsEventName,
  type AnalyticsEvent,
  beginCheckout,
  listOf,
  locationItem,
  newChoice,
  order,
  selectItem,
  viewItemList,
} from '../../booking/analytics.js';
import type { Catalog } from '../../booking/catalog.js';
import type { FlowState } from '../../booking/flow.js';
import type { Location } from '../../booking/location-list.js';
import type { BookedEvent } from '../events/booked-event.js';
import type { CancelledEvent } from '../events/cancelled-event.js';

/** Where events go: Google Tag Manager's `dataLayer`, or `gtag('event', …)`; `none` sends nothing. */
const AnalyticsMode = { None: 'none', DataLayer: 'datalayer', Gtag: 'gtag' } as const;
type AnalyticsMode = (typeof AnalyticsMode)[keyof typeof AnalyticsMode];

export interface AnalyticsHost extends ReactiveControllerHost, HTMLElement {
  analytics: string;
  analyticsConsent: string;
}

/** What the events are built from: the flow's state, the catalog (manage mode has no flow: a refund's prices), the locations. */
export type AnalyticsSources = [
  flow: { readonly state: FlowState | undefined },
  catalog: { readonly value: Catalog | undefined },
  locations: { readonly list: readonly Location[] | null | undefined; readonly chosen: string | undefined; readonly several: boolean },
];

type Sink = { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Transactions already sent from this page, by booking reference: one `purchase` (and one
 * `refund`) per booking, whatever retries, re-renders or second widgets happen.
 */
const sent = new Set<string>();

/** A setting the widget does not know, said once per page: a merchant who sees no data learns why. */
const warned = new Set<string>();
const warnOnce = (message: string): void => {
  if (!warned.has(message)) console.warn(`<booking-widget>: ${message}`);
  warned.add(message);
};
const measured = new WeakSet<AnalyticsHost>();

/** Gives `host` its controller, the first time only: the host asks at every update while `analytics` is on. */
/**
 * How the host stands: whether the visitor `consented` from the start (a time chosen before this chunk arrived begins the
 * checkout only if so: what happened before consent is never sent later), and whether another mode hides the steps.
 */
export interface MeasureContext {
  consented: boolean;
  hidden(): boolean;
}

export function measure(host: AnalyticsHost, context: MeasureContext, ...sources: AnalyticsSources): void {
  if (measured.has(host)) return;
  measured.add(host);
  new AnalyticsController(host, context, ...sources);
}

export class AnalyticsController implements ReactiveController {
  private _state: FlowState | undefined;
  /** The list last shown (its step and items), so a re-render does not count as another view. */
  private _list = '';
  private _location: string | undefined;
  /** A time was chosen and its checkout is not yet sent (what was chosen not yet in the catalog). */
  private _checkout = false;

  private readonly _flow: AnalyticsSources[0];
  private readonly _catalog: AnalyticsSources[1];
  private readonly _locations: AnalyticsSources[2];

  constructor(
    private readonly _host: AnalyticsHost,
    private readonly _context: MeasureContext,
    ...[flow, catalog, locations]: AnalyticsSources
  ) {
    this._flow = flow;
    this._catalog = catalog;
    this._locations = locations;
    _host.addController(this);
    // The chunk may arrive after the first list is shown: the next update sends its view.
    _host.requestUpdate();
  }

  hostConnected(): void {
    this._host.addEventListener('bw-slot-select', this._onTime);
    this._host.addEventListener('bw-booked', this._onBooked);
    this._host.addEventListener('bw-cancelled', this._onCancelled);
  }

  hostDisconnected(): void {
    this._host.removeEventListener('bw-slot-select', this._onTime);
    this._host.removeEventListener('bw-booked', this._onBooked);
    this._host.removeEventListener('bw-cancelled', this._onCancelled);
  }

  /** What changed in the flow since the last update: a list shown, a choice made. */
  hostUpdated(): void {
    // A widget taken off the page still finishes an update its last answer asked for: nobody viewed that.
    if (!this._host.isConnected) return;
    const state = this._flow.state;
    const previous = this._state;
    this._state = state;
    // A visitor's booking or the walk-in line shows instead of the steps: no list was seen, no choice made.
    if (this._context.hidden()) return;
    const locations = this._locations;
    // The choice first, then the list it leads to, as the visitor sees them.
    if (locations.chosen !== this._location) {
      const location = locations.list?.find((item) => item.id === locations.chosen);
      this._location = locations.chosen;
      if (location) this._send(selectItem(locationItem(location.id, location.company.name)));
    }
    // A new flow (another location, a restart with its preselections) is not a choice of the visitor's.
    const sameFlow =
      previous && state && previous.catalog.company.id === state.catalog.company.id && previous.preselected === state.preselected;
    const choice = sameFlow ? newChoice(previous, state) : undefined;
    if (choice) this._send(selectItem(choice));
    // A time chosen before this chunk arrived (it comes after the first times are painted) begins the checkout too.
    if (!previous && state?.selection.slot !== undefined && this._context.consented) this._checkout = true;
    this._sendCheckout();
    const onLocations = locations.several && (!state || state.step === 'location');
    const items = onLocations
      ? locations.list?.map((location) => locationItem(location.id, location.company.name))
      : state && listOf(state);
    const listId = onLocations ? 'location' : (state?.step ?? '');
    const key = items ? `${listId} ${items.map((item) => item.item_id).join(' ')}` : '';
    if (key !== this._list) {
      this._list = key;
      if (items?.length) this._send(viewItemList(listId, items));
    }
  }

  private readonly _onTime = (): void => {
    this._checkout = true;
    this._sendCheckout();
  };

  /**
   * The checkout a chosen time begins, once the catalog names what was chosen: a widget opening on a preselected
   * service's times reads its lists after they are painted, and a visitor can choose before they arrive.
   */
  private _sendCheckout(): void {
    const state = this._flow.state;
    const event = this._checkout && state && beginCheckout(state);
    if (event) {
      this._checkout = false;
      this._send(event);
    }
  }

  private readonly _onBooked = ({ detail }: BookedEvent): void => {
    const catalog = this._flow.state?.catalog ?? this._catalog.value;
    if (catalog) this._sendOnce(order(AnalyticsEventName.Purchase, catalog, detail.appointment));
  };

  private readonly _onCancelled = ({ detail }: CancelledEvent): void => {
    const catalog = this._catalog.value;
    if (catalog) this._sendOnce(order(AnalyticsEventName.Refund, catalog, detail.appointment));
  };

  private _sendOnce(event: AnalyticsEvent): void {
    const key = `${event.name} ${event.params.transaction_id}`;
    if (sent.has(key) || !this._send(event)) return;
    sent.add(key);
  }

  /** Sends `event` when the merchant turned analytics on and the visitor consents; true when it went. */
  private _send({ name, params }: AnalyticsEvent): boolean {
    const { analyticsConsent } = this._host;
    // `dataLayer`, as Google Tag Manager spells it, is `datalayer`.
    const analytics = this._host.analytics.toLowerCase();
    if (!(Object.values(AnalyticsMode) as string[]).includes(analytics))
      warnOnce(`analytics="${this._host.analytics}" is not one of ${Object.values(AnalyticsMode).join(', ')}: nothing is sent.`);
    if (analyticsConsent !== 'granted' && analyticsConsent !== 'denied')
      warnOnce(`analytics-consent="${analyticsConsent}" is neither "granted" nor "denied": taken as denied.`);
    if (analyticsConsent !== 'granted') return false;
    const page = globalThis as unknown as Sink;
    if (analytics === AnalyticsMode.DataLayer) {
      const layer = (page.dataLayer ??= []);
      // GTM merges pushes: clearing the previous event's `ecommerce` keeps its items out of this one (Google's advice).
      layer.push({ ecommerce: null });
      layer.push({ event: name, ecommerce: params });
      return true;
    }
    if (analytics === AnalyticsMode.Gtag) {
      if (typeof page.gtag !== 'function') {
        console.warn(`<booking-widget>: analytics="gtag" but the page has no gtag(); "${name}" was not sent.`);
        return false;
      }
      page.gtag('event', name, params);
      return true;
    }
    return false;
  }
}
