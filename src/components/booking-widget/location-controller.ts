/**
 * Several locations (`company-id` naming several companies, issue #14): which one the
 * visitor chose, the list to choose from, and its order (the nearest first, once the
 * visitor asks and their position is known). The catalog and the flow follow the host's
 * `locationId`, which this controller answers; `<bw-location-step>` shows the rest.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import { locationIds } from '../../booking/location-ids.js';
import { type Location, LocationSorting, listLocations } from '../../booking/location-list.js';
import type { Position } from '../../booking/distance.js';
import type { ChoiceSelectEvent } from '../events/choice-select-event.js';
import { type LocationStepView, loadLocationStep } from './lazy-parts.js';

export interface LocationHost extends ReactiveControllerHost {
  companyId: string;
  serviceId: string | undefined;
}

export interface LocationDependencies {
  api(): SchedulingClient;
  /** The flow, once a location's catalog has started one. */
  flow(): FlowState | undefined;
  dispatch(action: FlowAction): void;
  /**
   * The location a visitor's manage link or a prefilled link (`bw_location`) names: opened at once, on the step after the
   * location step, to which Back still leads; the visitor's own choice wins.
   */
  linkedLocation(): string | undefined;
}

export class LocationController implements ReactiveController {
  /** The locations to choose from: `undefined` while they load, `null` when loading failed. */
  list: readonly Location[] | null | undefined;
  /** The order of the list. */
  sorting: LocationSorting = LocationSorting.None;
  /** The visitor's position, once they asked for the nearest first and gave it. */
  origin: Position | undefined;
  /** The visitor's choice, and the `company-id` it was made among: another list of locations forgets it. */
  private _chosen: { among: string; id: string } | undefined;
  /** What the list was last asked for: the client, the ids and the preselected service. */
  private _listed: unknown[] = [];
  private _loading: AbortController | undefined;

  constructor(
    private readonly _host: LocationHost,
    private readonly _deps: LocationDependencies,
  ) {
    _host.addController(this);
  }

  /** True when `company-id` names more than one location. */
  get several(): boolean {
    return !!locationIds(this._host.companyId)[1];
  }

  /** The location chosen, while `company-id` still names the same locations. */
  get chosen(): string | undefined {
    return this._chosen?.among === this._host.companyId ? this._chosen.id : undefined;
  }

  /** The company booked: the only one given, the location chosen, or '' while one is to be chosen. */
  get locationId(): string {
    const ids = locationIds(this._host.companyId);
    const linked = this._deps.linkedLocation();
    return ids[1] ? (this.chosen ?? (linked && ids.includes(linked) ? linked : '')) : (ids[0] ?? '');
  }

  /** What renders the location step, once its chunk is in. */
  get view(): LocationStepView | undefined {
    return loadLocationStep.loaded?.renderLocationStep;
  }

  /**
   * With several locations, their list is loaded once per client, list of ids and preselected service, and their step's
   * chunk is asked for (at the first update, beside the steps' chunk that the widget asks for as it connects).
   */
  hostUpdate(): void {
    if (!this.several) return;
    if (!this.view)
      loadLocationStep().then(
        () => this._host.requestUpdate(),
        () => {},
      );
    const asked = [this._deps.api(), this._host.companyId, this._host.serviceId];
    if (asked.every((value, index) => value === this._listed[index])) return;
    this._listed = asked;
    void this._load(asked[0] as SchedulingClient, locationIds(this._host.companyId), this._host.serviceId);
  }

  hostDisconnected(): void {
    this._loading?.abort();
    this._listed = [];
  }

  /** A location chosen: the same one goes on with its flow; another loads its catalog and starts there. */
  choose = ({ value: id }: ChoiceSelectEvent): void => {
    if (id === this.locationId && this._deps.flow()) this._deps.dispatch({ type: 'next' });
    else {
      this._chosen = { among: this._host.companyId, id };
      this._host.requestUpdate();
    }
  };

  /** Loads the list again after a failure. */
  retry = (): void => {
    this._listed = [];
    this._host.requestUpdate();
  };

  /** The list's order, and the visitor's position it was sorted by: set by "Nearest first" (location-view.ts, in the location step's chunk). */
  sort(sorting: LocationSorting, origin = this.origin): void {
    this.sorting = sorting;
    this.origin = origin;
    this._host.requestUpdate();
  }

  private async _load(api: SchedulingClient, ids: string[], serviceId: string | undefined): Promise<void> {
    this._loading?.abort();
    const loading = (this._loading = new AbortController());
    this.list = undefined;
    let list: Location[] | null;
    try {
      list = await listLocations(api, ids, serviceId, loading.signal);
    } catch {
      list = null;
    }
    if (loading !== this._loading) return;
    this.list = list;
    this._host.requestUpdate();
  }
}
