import { Task } from '@lit/task';
import { LitElement, css, html, nothing, type PropertyDeclarations } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import type { Company } from 'booking-widget-shared/types';
import { addressOf, byDistance, type Position } from '../../booking/locations.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { ChoiceGroup } from '../choice-list/choice-list.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles } from '../shared/styles.js';

interface Location {
  /** As the widget was given it (a proxy may serve the company under this id only). */
  id: string;
  company: Company;
}

const Sorting = { None: 'none', Locating: 'locating', Sorted: 'sorted', Refused: 'refused' } as const;
type Sorting = (typeof Sorting)[keyof typeof Sorting];

/**
 * @summary The location step (contract §12): each location's name, picture, address,
 * and its time zone when the zones differ; "Nearest first" asks for the visitor's
 * position only when pressed. With a preselected service, only the locations that
 * offer it. Arrives as a lazy chunk, only for widgets given several locations.
 *
 * @event change - The visitor chose a location; read `value` (the id as given).
 *
 * @csspart step-heading - The heading, before any location is chosen.
 */
export class LocationStep extends LitElement {
  static override styles = [
    baseStyles,
    buttonStyles,
    css`
      :host {
        display: grid;
        gap: 0.75em;
      }
      .sort {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5em 1em;
        align-items: center;
      }
      h3 {
        font-size: 1.15em;
        margin: 0;
      }
      p {
        margin: 0;
        color: var(--_text-muted);
      }
    `,
  ];
  static override properties: PropertyDeclarations = {
    _sorting: { state: true, attribute: false },
    api: { attribute: false },
    ids: { attribute: false },
    localizer: { attribute: false },
    serviceId: {},
    value: {},
    now: { type: Number },
  };

  private _sorting: Sorting = Sorting.None;
  private _origin: Position | undefined;

  api!: SchedulingClient;
  localizer!: Localizer;
  /** The locations' ids or externalIds, in the page's order. */
  ids: string[] = [];
  /** A preselected service: only the locations that offer it are listed. */
  serviceId: string | undefined;
  /** The location chosen. */
  value: string | undefined;
  /** Epoch ms: the instant zone names are given for. */
  now = 0;

  private readonly _task = new Task(this, {
    task: async ([api, ids, serviceId], { signal }) => {
      const client = api as SchedulingClient;
      const locations = await Promise.all(
        (ids as string).split(' ').map(async (id) => ({ id, company: await client.getCompany(id, { signal }) })),
      );
      if (!serviceId) return locations;
      const offers = await Promise.all(
        locations.map(async ({ id }) => (await client.listServices(id, { signal })).some((service) => service.id === serviceId)),
      );
      const narrowed = locations.filter((_, index) => offers[index]);
      // A service no location offers is the page's mistake: list them all rather than none.
      return narrowed.length ? narrowed : locations;
    },
    // The ids as one string: the host hands a new array on every render, which must not reload the list.
    args: () => [this.api, this.ids.join(' '), this.serviceId] as const,
  });

  private _nearest() {
    if (!globalThis.navigator?.geolocation) {
      this._sorting = Sorting.Refused;
      return;
    }
    this._sorting = Sorting.Locating;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        this._origin = { lat: coords.latitude, lng: coords.longitude };
        this._sorting = Sorting.Sorted;
      },
      // Refused, unavailable or too slow: the list stays as it was.
      () => (this._sorting = Sorting.Refused),
      { timeout: 15_000, maximumAge: 600_000 },
    );
  }

  private _choices(locations: Location[]): ChoiceGroup[] {
    const { localizer } = this;
    const zones = new Set(locations.map(({ company }) => company.timeZone)).size > 1;
    const at = new Date(this.now);
    const sorted = this._sorting === Sorting.Sorted && this._origin ? byDistance(locations, this._origin) : locations;
    return [
      {
        title: '',
        choices: sorted.map(({ id, company }) => ({
          id,
          title: company.name,
          details: [addressOf(company), zones ? localizer.zoneName(company.timeZone, at) : undefined].filter((detail): detail is string =>
            Boolean(detail),
          ),
          picture: company.picture?.url,
        })),
      },
    ];
  }

  private _render(locations: Location[]) {
    const { messages } = this.localizer;
    const status =
      this._sorting === Sorting.Locating
        ? messages.loading
        : this._sorting === Sorting.Sorted
          ? messages.nearestFirst
          : this._sorting === Sorting.Refused
            ? messages.locationRefused
            : '';
    const located = locations.some(({ company }) => company.geolocation);
    return html`
      ${
        located
          ? html`<div class="sort">
              <button
                type="button"
                class="button secondary"
                aria-disabled=${this._sorting === Sorting.Locating ? 'true' : 'false'}
                @click=${this._nearest}
              >
                ${messages.nearestFirst}
              </button>
              <p role="status">${status}</p>
            </div>`
          : nothing
      }
      <bw-choice-list
        .groups=${this._choices(locations)}
        .value=${this.value}
        label=${messages.steps.location}
        @change=${(event: Event) => {
          event.stopPropagation();
          this.value = (event.target as HTMLElement & { value: string }).value;
          this.dispatchEvent(new Event('change'));
        }}
      ></bw-choice-list>
    `;
  }

  override render() {
    const { messages } = this.localizer;
    // Before any location is chosen there is no company yet, nor the widget's step frame: the step brings its own heading.
    return html`${this.value === undefined ? html`<h3 part="step-heading">${messages.steps.location}</h3>` : nothing}${this._task.render({
      pending: () => html`<p role="status">${messages.loading}</p>`,
      error: () =>
        html`<div role="alert">
          <p>${messages.loadFailed}</p>
          <button type="button" class="button secondary" @click=${() => this._task.run()}>${messages.tryAgain}</button>
        </div>`,
      complete: (locations) => this._render(locations),
    })}`;
  }
}

defineElement('bw-location-step', LocationStep);

declare global {
  interface HTMLElementTagNameMap {
    'bw-location-step': LocationStep;
  }
}
