/**
 * Loads what the widget books from: the API client for `api-base`, and the catalog
 * task (the company and the lists its first screen shows, with the first free
 * times when something is preselected), then the rest of the lists once that
 * screen is up, with the preselections the company really offers. Only a new
 * company, API, preselection or mode reloads it: a new `fetch` or access token (a
 * framework passing a fresh arrow on every render) is used from the next request
 * on, and keeps the visitor's booking where it is.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type SchedulingClient, type SchedulingClientOptions, createSchedulingClient } from '../../api/client.js';
import type { AccessTokenSource } from '../../api/credentials.js';
import type { Clock } from '../../api/time/clock.js';
import type { ScheduledItems } from 'booking-widget-shared/types';
import { type Catalog, completeCatalog, loadCatalog } from '../../booking/catalog.js';
import { type Preselected, checkPreselection } from '../../booking/preselection.js';
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import { localTimeZone } from 'booking-widget-shared/zone';
import { warnParam } from './warn-param.js';
import { isScheduledItems } from '../../booking/steps.js';
import { LoadTask, NOTHING_TO_LOAD } from './load-task.js';

export interface CatalogHost extends ReactiveControllerHost {
  /** The company to load: the widget's only one, the location chosen, or '' while one is to be chosen. */
  locationId: string;
  /** The attribute: one company, or several locations. */
  companyId: string;
  apiBase: string;
  serviceId: string | undefined;
  staffId: string | undefined;
  resourceId: string | undefined;
  /** The company's mode, when the page says it: the first screen's lists start with the company. */
  scheduledItems: ScheduledItems | undefined;
  accessToken: AccessTokenSource | undefined;
  fetch: typeof fetch | undefined;
  /** The page's parameters, with `prefill-from-url` (url-prefill.ts), once read. */
  _fromUrl?: Promise<Partial<Record<string, string>>> | undefined;
}

export interface CatalogDependencies {
  /** What "now" is: the first free-slot query starts today. */
  clock(): Clock;
  /** The first screen can be shown: the company, its settings and the lists that screen needs. */
  loaded(catalog: Catalog, preselected: Preselected): void;
  /** Every list the mode uses is in; the preselections are checked against all of them. */
  completed(catalog: Catalog, preselected: Preselected): void;
  failed(error: unknown): void;
  /** A preselection the company does not offer online, for the merchant. */
  misconfigured(problem: string): void;
}

export class CatalogController implements ReactiveController {
  /** The catalog as loaded so far: the first screen's lists, then every list (`complete`). */
  value: Catalog | undefined;
  readonly task: LoadTask<Catalog>;
  private _client: { key: string; api: SchedulingClient } | undefined;
  private _completing: Promise<void> | undefined;
  private _said = new Set<string>();
  /** A prefilled link's parameters (`prefill-from-url`), read before the first catalog loads. */
  private _url: Partial<Record<string, string>> = {};

  constructor(
    private readonly _host: CatalogHost,
    private readonly _deps: CatalogDependencies,
  ) {
    _host.addController(this);
    this.task = new LoadTask(_host, {
      load: async ([companyId], { signal }) => {
        // Several locations and none chosen yet: nothing to load until the visitor picks one.
        if (!companyId && _host.companyId) return NOTHING_TO_LOAD;
        if (!companyId) throw new TypeError("the company-id attribute is required: the company's id or externalId.");
        this._url = (await _host._fromUrl) ?? {};
        const loading = loadCatalog(this.api, companyId as string, this._hints(), _deps.clock()(), signal);
        // Intl's very first use loads its data (11-28 ms, 50-85 at CPU x4): in a task of its own once the requests are
        // out, rather than in the one that draws their answers when the steps' chunk and its warm-up come late (issue 28).
        setTimeout(localTimeZone);
        return loading;
      },
      inputs: () => [
        _host.locationId,
        _host.apiBase,
        _host.accessToken === undefined,
        _host.serviceId,
        _host.staffId,
        _host.resourceId,
        _host.scheduledItems,
      ],
      loaded: (catalog) => {
        this.value = catalog;
        this._completing = undefined;
        this._said = new Set();
        _deps.loaded(catalog, this._check(catalog));
      },
      failed: (error) => {
        this.value = undefined;
        _deps.failed(error);
      },
    });
  }

  /** Registered like every controller of the widget, though nothing happens on connecting: its work starts on request. */
  hostConnected(): void {}

  /**
   * Loads every list the mode uses (once): the flow asks once the first screen is up (the
   * next step needs them), and on entering a step that shows one of them. `read` reads them
   * again, past the lists shown (the company changed on the service: catalog-refresh.ts); the
   * last one asked is the one that lands, whatever answers first.
   */
  complete(read?: (catalog: Catalog) => Promise<Catalog>): Promise<void> {
    const catalog = this.value;
    if (!catalog || (this._completing && !read)) return this._completing ?? Promise.resolve();
    const completing: Promise<void> = (read ?? ((c) => completeCatalog(this.api, this._host.locationId, c, new AbortController().signal)))(
      catalog,
    ).then(
      (complete) => {
        // Another company or API loaded meanwhile, or the lists read again: that one is current.
        if (this._completing !== completing) return;
        this.value = complete;
        this._deps.completed(complete, this._check(complete));
      },
      () => {
        // A list that fails leaves its step loading; asking again (another step) tries again.
        if (this._completing === completing) this._completing = undefined;
      },
    );
    return (this._completing = completing);
  }

  /** One client per API and way of signing in; the `fetch` and token it uses are read at each request. */
  get api(): SchedulingClient {
    const key = `${this._host.apiBase} ${this._host.accessToken === undefined ? 'proxy' : 'token'}`;
    if (this._client?.key !== key) this._client = { key, api: createSchedulingClient(this.clientOptions()) };
    return this._client.api;
  }

  /** How to reach the service as the widget is configured now: also what manage mode's client is made with. */
  clientOptions(): SchedulingClientOptions {
    const host = this._host;
    return {
      apiBase: host.apiBase || globalThis.location?.origin || '',
      fetch: (input, init) => (host.fetch ? host.fetch(input, init) : globalThis.fetch(input, init)),
      ...(host.accessToken !== undefined && { accessToken: () => currentToken(host.accessToken) }),
    };
  }

  /** The attributes, else what a prefilled link asks for (`prefill-from-url`). */
  private _hints() {
    const { serviceId, staffId, resourceId, scheduledItems } = this._host;
    const url = this._url;
    return {
      serviceId: serviceId || url.bw_service,
      staffId: staffId || url.bw_staff,
      resourceId: resourceId || url.bw_resource,
      day: isCalendarDate(url.bw_date) ? url.bw_date : undefined,
      mode: isScheduledItems(scheduledItems) ? scheduledItems : undefined,
    };
  }

  /** The preselections that hold so far; each one dropped is said once. */
  private _check(catalog: Catalog): Preselected {
    const { preselected, problems } = checkPreselection(catalog, this._hints(), this._host.locationId);
    for (const { kind, id, message } of problems.filter((p) => !this._said.has(p.message))) {
      this._said.add(message);
      // An id from a link (no attribute) is the link's mistake, not the page's: a warning naming its parameter.
      if (this._host[`${kind}Id`]) this._deps.misconfigured(message);
      else warnParam(`bw_${kind}`, id);
    }
    return preselected;
  }
}

const currentToken = async (source: AccessTokenSource | undefined): Promise<string> =>
  typeof source === 'function' ? source() : (source ?? '');
