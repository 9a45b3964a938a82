import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { ChoiceSelectEvent } from '../events/choice-select-event.js';
import { defineElement } from '../shared/define.js';
import { safePicture } from '../shared/safe-picture.js';
import { baseStyles } from '../shared/styles.js';
import { choiceListStyles } from './choice-list.styles.js';

export interface Choice {
  id: string;
  title: string;
  /** Short facts shown under the title: duration, price… */
  details?: string[];
  description?: string;
  /** Picture URL; decorative, the title says what it is. */
  picture?: string;
}

export interface ChoiceGroup {
  title: string;
  choices: Choice[];
}

/**
 * @summary A list of things to choose from: services, staff members, resources.
 *
 * @event bw-choice-select - The visitor chose an item ({@link ChoiceSelectEvent}); the parent hands it back as `value`.
 *
 * @csspart group - A group of choices, with its title.
 * @csspart choice - One choice (a button; `aria-pressed` when chosen).
 */
export class ChoiceList extends LitElement {
  static override styles = [baseStyles, choiceListStyles];
  static override properties: PropertyDeclarations = {
    groups: { attribute: false },
    value: {},
    label: {},
  };

  /** The choices, in groups when there is more than one group. */
  groups: ChoiceGroup[] = [];

  /** The id of the chosen item. */
  value: string | undefined;

  /** Accessible name of the list, when there are no group titles to name it. */
  label = '';

  private _renderChoice(choice: Choice) {
    const picture = safePicture(choice.picture);
    return html`<li>
      <button
        type="button"
        part="choice"
        aria-pressed=${this.value === choice.id ? 'true' : 'false'}
        @click=${() => this.dispatchEvent(new ChoiceSelectEvent(choice.id))}
      >
        ${picture ? html`<img src=${picture} alt="" loading="lazy" />` : nothing}
        <span class="text">
          <span class="title"><bdi>${choice.title}</bdi></span>
          ${
            choice.details?.length
              ? html`<span class="details">${choice.details.map((detail, index) => html`${index ? ' · ' : ''}<bdi>${detail}</bdi>`)}</span>`
              : nothing
          }
          ${choice.description ? html`<span class="description" dir="auto">${choice.description}</span>` : nothing}
        </span>
      </button>
    </li>`;
  }

  override render() {
    const titled = this.groups.length > 1;
    // Where some choices have a picture, the others' titles line up with theirs, in every group.
    const pictured = this.groups.some((group) => group.choices.some((choice) => safePicture(choice.picture)));
    return this.groups.map(
      (group, index) =>
        html`<div class="group" part="group">
          ${titled ? html`<h4 class="group-title" id="group-${index}"><bdi>${group.title}</bdi></h4>` : nothing}
          <ul
            role="list"
            class=${pictured ? 'pictured' : nothing}
            aria-labelledby=${titled ? `group-${index}` : nothing}
            aria-label=${titled || !this.label ? nothing : this.label}
          >
            ${group.choices.map((choice) => this._renderChoice(choice))}
          </ul>
        </div>`,
    );
  }
}

defineElement('bw-choice-list', ChoiceList);

declare global {
  interface HTMLElementTagNameMap {
    'bw-choice-list': ChoiceList;
  }
}
