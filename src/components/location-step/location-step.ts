import { LitElement, css, html, nothing, type PropertyDeclarations } from 'lit';
import { type Location, LocationSorting } from '../../booking/location-list.js';
import { addressOf } from '../../booking/locations.js';
import { byDistance, type Position } from '../../booking/distance.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { ChoiceGroup } from '../choice-list/choice-list.js';
import { ChoiceSelectEvent } from '../events/choice-select-event.js';
import { LocateEvent } from '../events/locate-event.js';
import { RetryEvent } from '../events/retry-event.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles } from '../shared/styles.js';

/**
 * @summary The location step (service contract §12): each location's name, picture, address,
 * and its time zone when the zones differ; "Nearest first" asks for the visitor's
 * position only when pressed. Render-only: the widget's LocationController loads the
 * locations (with a preselected service, only those that offer it) and asks for the
 * position. Arrives with the steps' chunk.
 *
 * @event bw-choice-select - The visitor chose a location ({@link ChoiceSelectEvent}: the id as given).
 * @event bw-locate - The visitor asked for the nearest first ({@link LocateEvent}).
 * @event bw-retry - The visitor asked to load the locations again ({@link RetryEvent}).
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
        /* minmax(0, …): a long name or large text wraps inside the widget instead of widening it. */
        grid-template-columns: minmax(0, 1fr);
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
      h3:focus:not(:focus-visible) {
        outline: none;
      }
      p {
        margin: 0;
        color: var(--_text-muted);
      }
    `,
  ];
  static override properties: PropertyDeclarations = {
    localizer: { attribute: false },
    locations: { attribute: false },
    sorting: {},
    origin: { attribute: false },
    value: {},
    now: { type: Number },
  };

  localizer!: Localizer;
  /** The locations, in the page's order: `undefined` while they load, `null` when loading failed. */
  locations: readonly Location[] | null | undefined;
  /** Whether the nearest are first, or on their way there. */
  sorting: LocationSorting = LocationSorting.None;
  /** The visitor's position, once known: the list is ordered by distance from it. */
  origin: Position | undefined;
  /** The location chosen. */
  value: string | undefined;
  /** Epoch ms: the instant zone names are given for. */
  now = 0;

  private _choices(locations: readonly Location[]): ChoiceGroup[] {
    const { localizer } = this;
    const zones = new Set(locations.map(({ company }) => company.timeZone)).size > 1;
    const at = new Date(this.now);
    const sorted = this.sorting === LocationSorting.Sorted && this.origin ? byDistance(locations, this.origin) : locations;
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

  private _render(locations: readonly Location[]) {
    const { messages } = this.localizer;
    const { sorting } = this;
    const status =
      sorting === LocationSorting.Locating
        ? messages.loading
        : sorting === LocationSorting.Sorted
          ? messages.nearestFirst
          : sorting === LocationSorting.Refused
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
                aria-disabled=${sorting === LocationSorting.Locating ? 'true' : 'false'}
                @click=${() => this.dispatchEvent(new LocateEvent())}
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
        @bw-choice-select=${(event: ChoiceSelectEvent) => {
          // It does not cross this element's shadow root: the same choice goes on from here.
          event.stopPropagation();
          this.dispatchEvent(new ChoiceSelectEvent(event.value));
        }}
      ></bw-choice-list>
    `;
  }

  /** "Try again" makes way for "Loading…": focus goes to the heading above both rather than to the page. */
  private _retry() {
    this.renderRoot.querySelector('h3')?.focus();
    this.dispatchEvent(new RetryEvent());
  }

  override render() {
    const { messages } = this.localizer;
    // Before any location is chosen there is no company yet, nor the widget's step frame: the step brings its own heading.
    const { locations } = this;
    return html`${this.value === undefined ? html`<h3 part="step-heading" tabindex="-1">${messages.steps.location}</h3>` : nothing}${
      locations === undefined
        ? html`<p role="status">${messages.loading}</p>`
        : locations === null
          ? html`<div role="alert">
              <p>${messages.loadFailed}</p>
              <button type="button" class="button secondary" @click=${this._retry}>${messages.tryAgain}</button>
            </div>`
          : this._render(locations)
    }`;
  }
}

defineElement('bw-location-step', LocationStep);

declare global {
  interface HTMLElementTagNameMap {
    'bw-location-step': LocationStep;
  }
}
