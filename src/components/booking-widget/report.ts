/** A problem as the page hears of it (`bw-error`, and the console for what the merchant must fix) and as the visitor sees it. */
import { html, nothing } from 'lit';
import type { Problem } from '../../booking/problems.js';
import type { Localizer } from '../../i18n/localizer.js';
import { BookingErrorEvent } from '../events/error-event.js';

export function reportProblem(target: EventTarget, problem: Problem, logToConsole = true): void {
  if (logToConsole) console.error(problem.merchantMessage);
  const { phase, status, errorCode, merchantMessage: message } = problem;
  target.dispatchEvent(new BookingErrorEvent({ phase, status, errorCode, message }));
}

/** What the visitor sees when the widget cannot load, with "Try again" when trying again can help. */
export function renderProblem(problem: Problem, localizer: Localizer, retry: () => void) {
  return html`<div class="problem" part="problem" role="alert">
    <p>${problem.visitorMessage}</p>
    ${
      problem.retryable
        ? html`<button type="button" class="button secondary" @click=${retry}>${localizer.messages.tryAgain}</button>`
        : nothing
    }
  </div>`;
}
