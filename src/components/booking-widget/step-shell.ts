/**
 * The frame around every step: the list of steps (earlier ones are links back), and
 * the step's section with its heading (where focus goes) and its Back button.
 */
import { type TemplateResult, html, nothing } from 'lit';
import { Step } from '../../booking/steps.js';

import type { StepContext } from './choice-steps.js';

export function renderProgress({ state, localizer, dispatch }: StepContext) {
  const steps = state.steps.filter((step) => step !== Step.Done);
  if (state.step === Step.Done || steps.length < 2) return nothing;
  const current = steps.indexOf(state.step);
  return html`<nav class="progress" part="progress" aria-label=${localizer.messages.progressLabel}>
    <ol>
      ${steps.map((step, index) => {
        const label = `${localizer.number(index + 1)}. ${localizer.messages.stepNames[step]}`;
        if (index < current) {
          return html`<li>
            <button type="button" class="link-button" @click=${() => dispatch({ type: 'go-to', step })}>${label}</button>
          </li>`;
        }
        return html`<li><span aria-current=${index === current ? 'step' : nothing}>${label}</span></li>`;
      })}
    </ol>
  </nav>`;
}

export function renderStep({ state, localizer, dispatch }: StepContext, body: TemplateResult | typeof nothing) {
  const { messages } = localizer;
  const canGoBack = state.steps.indexOf(state.step) > 0 && state.step !== Step.Done;
  return html`<section class="step" part="step" aria-labelledby="step-heading">
    <div class="step-header">
      ${
        canGoBack
          ? html`<button type="button" class="button secondary back" part="back" @click=${() => dispatch({ type: 'back' })}>
              <span aria-hidden="true">${localizer.dir === 'rtl' ? '→' : '←'}</span> ${messages.back}
            </button>`
          : nothing
      }
      <h3 id="step-heading" part="step-heading" tabindex="-1">${messages.steps[state.step]}</h3>
    </div>
    ${body}
  </section>`;
}
