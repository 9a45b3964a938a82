/**
 * "The form has loaded.", said when the details step's form replaces a "Loading…" the
 * visitor had on screen: after "Try again" on the questions, or when they were slow to
 * come. A form that is there as the step opens (its questions asked for with the time)
 * is not news: the step's heading, which has focus, is all a screen reader needs to say.
 * It comes with the booking code (booking-steps.ts), like the details step it speaks for.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FlowState } from '../../booking/flow.js';
import { Step } from '../../booking/steps.js';

export interface FormArrivalDependencies {
  state(): FlowState | undefined;
  /** Says the form has loaded, politely. */
  say(): void;
}

export class FormArrival implements ReactiveController {
  /** "Loading…" has been on screen in the details step, or a failure was: the form that comes next is news. */
  private _waited: boolean;

  constructor(
    host: ReactiveControllerHost,
    private readonly _deps: FormArrivalDependencies,
  ) {
    host.addController(this);
    // This code arrived while the visitor was on the details step: until now, it showed "Loading…".
    this._waited = _deps.state()?.step === Step.Details;
  }

  hostUpdated(): void {
    const forms = this._forms();
    // "Loading…" is on screen: once a frame has shown it, the form that replaces it is news.
    if (forms === undefined) requestAnimationFrame(() => (this._waited ||= this._forms() === undefined));
    // The questions failed: whenever "Try again" brings them, that is news too.
    else if (forms === null) this._waited = true;
    else {
      if (forms && this._waited) this._deps.say();
      this._waited = false;
    }
  }

  /** The intake forms while the details step is shown (`undefined` loading, `null` failed), `false` on any other step. */
  private _forms(): FlowState['forms'] | false {
    const state = this._deps.state();
    return state?.step === Step.Details && state.forms;
  }
}
