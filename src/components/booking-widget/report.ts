/** Tells the page about a problem (`bw-error`) and, for what the merchant must fix, the console. */
import type { Problem } from '../../booking/problems.js';
import { BookingErrorEvent } from '../events/error-event.js';

export function reportProblem(target: EventTarget, problem: Problem, logToConsole = true): void {
  if (logToConsole) console.error(problem.merchantMessage);
  const { phase, status, errorCode, merchantMessage: message } = problem;
  target.dispatchEvent(new BookingErrorEvent({ phase, status, errorCode, message }));
}
