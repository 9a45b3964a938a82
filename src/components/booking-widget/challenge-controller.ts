/**
 * The booking proxy's challenge (docs/proxy.md, "Bots: the booking challenge"), solved
 * ahead: fetched and solved as the details step opens, while the visitor types, so that
 * Book seldom waits for it; never on the way to the first free times. A booking takes the
 * solution (each is accepted once) and the next details step solves another. Nothing shows:
 * a Book pressed before it is solved waits in its usual busy state. Comes with the booking
 * code (booking-steps.ts); in direct mode (an access token, no proxy) nothing is asked.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { solvedChallenge } from '../../api/challenge.js';
import type { FlowState } from '../../booking/flow.js';
import { Step } from '../../booking/steps.js';

export interface ChallengeDependencies {
  state(): FlowState | undefined;
  apiBase(): string;
  fetch(): typeof fetch | undefined;
  /** An access token talks to the service itself: no proxy, no challenge. */
  direct(): boolean;
}

export class ChallengeController implements ReactiveController {
  /** The solution being worked out for the next booking, while it is unspent. */
  private _solution: Promise<string | undefined> | undefined;
  private _stop = new AbortController();
  private _onDetails = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly _deps: ChallengeDependencies,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    // As the step opens, not at each update while it is open: a booking's own updates would start the next one's.
    const onDetails = this._deps.state()?.step === Step.Details;
    if (onDetails && !this._onDetails) void this._prepare();
    this._onDetails = onDetails;
  }

  hostDisconnected(): void {
    this._stop.abort();
    this._stop = new AbortController();
    this._solution = undefined;
    this._onDetails = false;
  }

  /** The solution for one booking, spent by taking it; `fresh`: the proxy refused the last one, so another is fetched. */
  take(fresh: boolean): Promise<string | undefined> {
    if (fresh) this._solution = undefined;
    const solution = this._prepare(fresh);
    this._solution = undefined;
    return solution;
  }

  private _prepare(fresh = false): Promise<string | undefined> {
    if (this._deps.direct()) return Promise.resolve(undefined);
    const { signal } = this._stop;
    return (this._solution ??= solvedChallenge({ apiBase: this._deps.apiBase(), fetch: this._deps.fetch(), fresh }, signal));
  }
}
