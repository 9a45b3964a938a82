/**
 * "How long?" in resource mode (contract §13): one to `maxIterations` durations of
 * the resource back to back, each shown as a length of time, never as a count.
 * Native radio buttons: arrow keys move between them, the group has its legend.
 */
import { html, nothing } from 'lit';
import type { FlowAction } from '../../booking/flow.js';
import type { Localizer } from '../../i18n/localizer.js';

export function renderDurationChoice(
  localizer: Localizer,
  unitMinutes: number,
  max: number,
  iterations: number,
  dispatch: (action: FlowAction) => void,
) {
  if (max < 2 || !unitMinutes) return nothing;
  const counts = Array.from({ length: max }, (_, index) => index + 1);
  return html`<fieldset class="duration" part="duration">
    <legend>${localizer.messages.howLong}</legend>
    ${counts.map(
      (count) =>
        html`<label
          ><input
            type="radio"
            name="iterations"
            .value=${String(count)}
            .checked=${count === iterations}
            @change=${() => dispatch({ type: 'iterations', iterations: count })}
          />${localizer.duration(unitMinutes * count)}</label
        >`,
    )}
  </fieldset>`;
}
