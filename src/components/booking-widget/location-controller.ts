/**
 * Several locations (`company-id` naming several companies, issue #14): which one
 * the visitor chose, and the location step that asks. The catalog and the flow
 * follow the host's `locationId`, which this controller answers.
 */
import { type ReactiveController, type ReactiveControllerHost, type TemplateResult, html } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import type { Clock } from '../../api/time/clock.js';
import { locationIds } from '../../booking/location-ids.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { FlowController } from './flow-controller.js';

export interface LocationHost extends ReactiveControllerHost {
  companyId: string;
  serviceId: string | undefined;
}

export interface LocationDependencies {
  api(): SchedulingClient;
  localizer(): Localizer;
  clock(): Clock;
  flow: FlowController;
  /** What `<bw-location-step>` shows until the steps' chunk has defined it. */
  fallback(): TemplateResult;
}

export class LocationController implements ReactiveController {
  /** The visitor's choice, and the `company-id` it was made among: another list of locations forgets it. */
  private _chosen: { among: string; id: string } | undefined;

  constructor(
    private readonly _host: LocationHost,
    private readonly _deps: LocationDependencies,
  ) {
    _host.addController(this);
  }

  hostConnected(): void {}

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
    return ids[1] ? (this.chosen ?? '') : (ids[0] ?? '');
  }

  /** A location chosen: the same one goes on with its flow; another loads its catalog and starts there. */
  private _onChange = (event: Event) => {
    const id = (event.target as HTMLElement & { value: string }).value;
    if (id === this.locationId && this._deps.flow.state) this._deps.flow.dispatch({ type: 'next' });
    else {
      this._chosen = { among: this._host.companyId, id };
      this._host.requestUpdate();
    }
  };

  /** The locations to choose from; `<bw-location-step>` comes with the steps' chunk. */
  render(): TemplateResult {
    return html`<bw-location-step
      .api=${this._deps.api()}
      .ids=${locationIds(this._host.companyId)}
      .localizer=${this._deps.localizer()}
      .serviceId=${this._host.serviceId}
      .value=${this.chosen}
      .now=${this._deps.clock()()}
      @change=${this._onChange}
      >${this._deps.fallback()}</bw-location-step
    >`;
  }
}
