/**
 * Loads what the widget books from: the API client for `api-base`, and the catalog
 * task (the company, its lists, and the first free times when something is
 * preselected), with the preselections the company really offers. Only a new company, API or preselection reloads it: a new `fetch`
 * or access token (a framework passing a fresh arrow on every render) is used from
 * the next request on, and keeps the visitor's booking where it is.
 */
import { Task } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { type SchedulingClient, createSchedulingClient } from '../../api/client.js';
import type { AccessTokenSource } from '../../api/credentials.js';
import type { Clock } from '../../api/time/clock.js';
import { type Catalog, loadCatalog } from '../../booking/catalog.js';
import { type Preselected, checkPreselection } from '../../booking/preselection.js';

export interface CatalogHost extends ReactiveControllerHost {
  companyId: string;
  apiBase: string;
  serviceId: string | undefined;
  staffId: string | undefined;
  resourceId: string | undefined;
  accessToken: AccessTokenSource | undefined;
  fetch: typeof fetch | undefined;
}

export class CatalogController {
  /** The loaded catalog; kept here because the task's own status is not yet COMPLETE when `onComplete` runs. */
  value: Catalog | undefined;
  readonly task: Task<readonly unknown[], Catalog>;
  private _client: { key: string; api: SchedulingClient } | undefined;

  constructor(
    private readonly _host: CatalogHost,
    clock: () => Clock,
    on: {
      loaded(catalog: Catalog, preselected: Preselected): void;
      failed(error: unknown): void;
      /** A preselection the company does not offer online, for the merchant. */
      misconfigured(problem: string): void;
    },
  ) {
    this.task = new Task(_host, {
      task: async ([companyId], { signal }) => {
        if (!companyId) throw new TypeError("the company-id attribute is required: the company's id or externalId.");
        const { serviceId, staffId, resourceId } = _host;
        return loadCatalog(this.api, companyId as string, { serviceId, staffId, resourceId }, clock()(), signal);
      },
      args: () => [_host.companyId, _host.apiBase, _host.accessToken === undefined, _host.serviceId, _host.staffId, _host.resourceId],
      onComplete: (catalog) => {
        this.value = catalog;
        const asked = { serviceId: _host.serviceId, staffId: _host.staffId, resourceId: _host.resourceId };
        const { preselected, problems } = checkPreselection(catalog, asked, _host.companyId);
        problems.forEach(on.misconfigured);
        on.loaded(catalog, preselected);
      },
      onError: (error) => {
        this.value = undefined;
        on.failed(error);
      },
    });
  }

  /** One client per API and way of signing in; the `fetch` and token it uses are read at each request. */
  get api(): SchedulingClient {
    const host = this._host;
    const key = `${host.apiBase} ${host.accessToken === undefined ? 'proxy' : 'token'}`;
    if (this._client?.key !== key) {
      const api = createSchedulingClient({
        apiBase: host.apiBase || globalThis.location?.origin || '',
        fetch: (input, init) => (host.fetch ? host.fetch(input, init) : globalThis.fetch(input, init)),
        ...(host.accessToken !== undefined && { accessToken: () => currentToken(host.accessToken) }),
      });
      this._client = { key, api };
    }
    return this._client.api;
  }
}

const currentToken = async (source: AccessTokenSource | undefined): Promise<string> =>
  typeof source === 'function' ? source() : (source ?? '');
