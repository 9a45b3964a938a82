import { LitElement, css, html, nothing, type PropertyDeclarations } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import { DurationSelectEvent } from '../events/duration-select-event.js';
import { defineElement } from '../shared/define.js';
import { baseStyles } from '../shared/styles.js';

/**
 * @summary "How long?" in resource mode (service contract §13): one to `max` durations of the
 * resource back to back, each shown as a length of time, never as a count. Native
 * radio buttons: arrow keys move between them, the group is named by its legend.
 * Arrives with the time step's chunk, so the first screen's bundle stays small.
 *
 * @event bw-duration-select - The visitor chose another length ({@link DurationSelectEvent}); the parent hands it back as `value`.
 */
export class DurationChoice extends LitElement {
  static override styles = [
    baseStyles,
    css`
      fieldset {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5em 1.25em;
        margin: 0;
        padding: 0;
        border: 0;
      }
      legend {
        font-weight: 600;
        margin-block-end: 0.3em;
        padding: 0;
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: 0.4em;
        min-block-size: 2.75em;
      }
      input {
        inline-size: 1.25em;
        block-size: 1.25em;
        margin: 0;
        accent-color: var(--_accent);
      }
    `,
  ];
  static override properties: PropertyDeclarations = {
    localizer: { attribute: false },
    unitMinutes: { type: Number },
    max: { type: Number },
    value: { type: Number },
  };

  localizer!: Localizer;

  /** Minutes of one duration of the resource. */
  unitMinutes = 0;

  /** The most durations the merchant allows (`maxIterations`). */
  max = 1;

  /** How many durations are chosen. */
  value = 1;

  override render() {
    if (this.max < 2 || !this.unitMinutes) return nothing;
    const counts = Array.from({ length: this.max }, (_, index) => index + 1);
    return html`<fieldset>
      <legend>${this.localizer.messages.howLong}</legend>
      ${counts.map(
        (count) =>
          html`<label
            ><input
              type="radio"
              name="iterations"
              .checked=${count === this.value}
              @change=${() => this.dispatchEvent(new DurationSelectEvent(count))}
            />${this.localizer.duration(this.unitMinutes * count)}</label
          >`,
      )}
    </fieldset>`;
  }
}

defineElement('bw-duration-choice', DurationChoice);

declare global {
  interface HTMLElementTagNameMap {
    'bw-duration-choice': DurationChoice;
  }
}
