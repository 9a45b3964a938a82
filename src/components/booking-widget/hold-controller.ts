/**
 * The visitor's held time (docs/proxy.md, "Held times"): asked of the booking proxy
 * when the details step opens with a chosen time, renewed while it stays open (so
 * the visitor is never timed out while typing: WCAG 2.2.1), moved when they choose
 * another (one of the times offered after a time was taken, too), released on Back,
 * on leaving the page and by the booking itself. A time someone else took first is
 * the flow's `slot-taken`: the visitor stays on their details, everything typed kept,
 * and the AlternativesController offers the nearest free times (booking-alternatives.ts).
 * Comes with the booking code (booking-steps.ts); in direct mode (an access token, no
 * proxy) there is nothing to hold.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type HeldTime, type HoldOutcome, holdTime, releaseTime } from '../../api/holds.js';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import { durationOf, subjectOf } from '../../booking/selection.js';
import { Step } from '../../booking/steps.js';
import { SlotHeldEvent } from '../events/slot-held-event.js';
import { SlotReleasedEvent, SlotReleaseReason } from '../events/slot-released-event.js';

export interface HoldDependencies {
  state(): FlowState | undefined;
  /**
   * The company the flow was started for (the location chosen), where its time is held; '' once the widget names
   * another (a company-id changed, its catalog on its way): nothing is held then.
   */
  companyId(): string;
  apiBase(): string;
  fetch(): typeof fetch | undefined;
  /** An access token talks to the service itself: no proxy, no holds. */
  direct(): boolean;
  dispatch(action: FlowAction): void;
}

interface Holding {
  /** The subject and start held, as one string. */
  key: string;
  companyId: string;
  start: number;
  /** Once the proxy has answered. */
  held?: HeldTime;
  /** The proxy's first answer, while it is on its way. */
  answered?: Promise<HoldOutcome>;
  /** The first answer has come. */
  heard?: boolean;
  /** A later hold carries this one's token, so the proxy moves it there: its answer is not given back. */
  handedOn?: boolean;
}

/** Renewed when half of the hold is left: one lost renewal still leaves time for the next. */
const RENEW_AT = 0.5;

export class HoldController implements ReactiveController {
  private _holding: Holding | undefined;
  /** A hold let go before the proxy answered it: the proxy may grant it yet. */
  private _unheard: Holding | undefined;
  private _renewal: ReturnType<typeof setTimeout> | undefined;
  /** A widget taken off the page may still finish an update: it must not hold the time again then. */
  private _connected = false;
  /**
   * The time booked before anything held it (Book pressed while the catalog still did not say how long
   * the service lasts): that booking goes without a hold, and none starts under it — the proxy would
   * answer the booking 409 for the visitor's own hold.
   */
  private _unheld: number | undefined;
  private readonly _onPageHide = () => this._let(SlotReleaseReason.left);

  constructor(
    private readonly _host: ReactiveControllerHost & EventTarget,
    private readonly _deps: HoldDependencies,
  ) {
    _host.addController(this);
  }

  /** The held time, while the proxy holds it: the details step says so. */
  get held(): HeldTime | undefined {
    return this._holding?.held;
  }

  /**
   * The token the booking carries, so that the proxy lets the holder book what others
   * may not: once the proxy has answered, since a visitor quick to press Book would
   * otherwise meet their own hold.
   */
  async token(): Promise<string | undefined> {
    if (!this._holding) this._unheld = this._deps.state()?.selection.slot;
    // The time may be held again while the booking waits (the catalog's later lists change what is held): the
    // booking carries the hold that stands, or the proxy would answer it 409 for the visitor's own hold.
    for (let holding = this._holding; holding && !holding.held; holding = this._holding) {
      await holding.answered;
      if (this._holding === holding) break;
    }
    return this._holding?.held?.token;
  }

  hostConnected(): void {
    this._connected = true;
    globalThis.addEventListener?.('pagehide', this._onPageHide);
  }

  hostDisconnected(): void {
    this._connected = false;
    globalThis.removeEventListener?.('pagehide', this._onPageHide);
    this._let(SlotReleaseReason.left);
  }

  hostUpdated(): void {
    if (!this._connected) return;
    const state = this._deps.state();
    if (state?.step !== Step.Details) this._unheld = undefined;
    const chosen = state && this._wanted(state);
    // Asked only of a time to hold (the details step): reading it costs a style calculation.
    const hidden = chosen !== undefined && !this._shown();
    const wanted = hidden ? undefined : chosen;
    if (wanted === this._holding?.key) return;
    if (this._holding) {
      if (state?.step === Step.Done) this._let(SlotReleaseReason.booked, false);
      else if (state?.slotTaken) this._gone();
      else this._let(hidden ? SlotReleaseReason.left : SlotReleaseReason.back);
    }
    if (wanted && state) this._hold(state, wanted);
  }

  /**
   * Whether the widget is in sight. One put away (a closed popup, which keeps it for its next opening; a hidden
   * part of the page) holds nothing, so that other visitors may book the time: it is let go at the next update
   * or renewal, and held again as the widget shows and updates.
   */
  private _shown(): boolean {
    return (this._host as Partial<Element>).checkVisibility?.() ?? true;
  }

  /** What should be held now: the chosen time while the details step is open; `undefined`: nothing. */
  private _wanted(state: FlowState): string | undefined {
    const { slot } = state.selection;
    if (state.step !== Step.Details || slot === undefined || slot === this._unheld || this._deps.direct()) return undefined;
    const companyId = this._deps.companyId();
    if (!companyId) return undefined;
    // A preselected service reaches the details before the rest of the catalog says how long it lasts:
    // the hold waits for it (the proxy refuses a hold whose end is not start plus the duration).
    if (!durationOf(state.catalog, state.selection)) return undefined;
    return JSON.stringify([companyId, subjectOf(state.catalog, state.selection), state.selection.slot]);
  }

  private _hold(state: FlowState, key: string, previous?: HeldTime): void {
    const subject = subjectOf(state.catalog, state.selection)!;
    const fresh = this._holding?.key !== key;
    const holding: Holding = fresh ? { key, companyId: this._deps.companyId(), start: state.selection.slot! } : this._holding!;
    this._holding = holding;
    const ask = (token: string | undefined) =>
      holdTime({
        apiBase: this._deps.apiBase(),
        fetch: this._deps.fetch(),
        companyId: holding.companyId,
        subject,
        start: new Date(holding.start),
        durationMinutes: durationOf(state.catalog, state.selection),
        companyTimeZone: state.catalog.company.timeZone,
        token,
      });
    // A request the proxy has received holds the time whatever the page does, so none is aborted. A hold let go
    // before its answer came is given back when it comes (below), or, when the visitor holds another time meanwhile
    // (the catalog's later lists can change what is held), this hold waits for that answer and carries its token:
    // the proxy moves that hold here, where a second hold would be refused for the visitor's own first one.
    const before = fresh && this._unheard?.companyId === holding.companyId ? this._unheard : undefined;
    if (before) {
      before.handedOn = true;
      this._unheard = undefined;
    }
    const answer = before ? before.answered!.then((outcome) => this._moveHere(outcome, holding.companyId, ask)) : ask(previous?.token);
    holding.answered ??= answer;
    void answer.then((outcome) => {
      holding.heard = true;
      if (this._unheard === holding) this._unheard = undefined;
      if (this._holding !== holding) {
        // The visitor moved on while the proxy answered: give back what it just held (unless the next hold took it over).
        if (typeof outcome === 'object' && !holding.handedOn) void this._release(holding.companyId, outcome.token);
        return;
      }
      if (outcome === 'taken') {
        // Said, with the times offered instead, once they are found (booking-alternatives.ts).
        this._deps.dispatch({ type: 'slot-taken' });
        return;
      }
      if (outcome === 'none') return;
      holding.held = outcome;
      this._host.dispatchEvent(
        new SlotHeldEvent({ start: new Date(holding.start).toISOString(), expiresAt: new Date(outcome.expiresAt).toISOString() }),
      );
      this._host.requestUpdate();
      clearTimeout(this._renewal);
      this._renewal = setTimeout(
        () => {
          const now = this._deps.state();
          if (this._holding !== holding || !now) return;
          if (this._shown()) this._hold(now, key, outcome);
          else this._let(SlotReleaseReason.left);
        },
        outcome.seconds * 1000 * RENEW_AT,
      );
    });
  }

  /** Asks for the new hold with the token of the one let go before its answer came (`outcome`), which the proxy then moves. */
  private async _moveHere(
    outcome: HoldOutcome,
    companyId: string,
    ask: (token: string | undefined) => Promise<HoldOutcome>,
  ): Promise<HoldOutcome> {
    const token = typeof outcome === 'object' ? outcome.token : undefined;
    const moved = await ask(token);
    // Not moved (taken, or no answer): the earlier hold still stands, and nothing of the visitor's holds it any more.
    if (token && typeof moved !== 'object') void this._release(companyId, token);
    return moved;
  }

  /** Tells the proxy to give the hold `token` names back; resolves once it has answered. */
  private _release(companyId: string, token: string): Promise<void> {
    return releaseTime(this._deps.apiBase(), this._deps.fetch(), companyId, token);
  }

  /** Gives the held time back (`release`: also tells the proxy, which the booking already did). */
  private _let(reason: SlotReleaseReason, release = true): void {
    const holding = this._holding;
    if (!holding) return;
    this._holding = undefined;
    clearTimeout(this._renewal);
    if (!holding.held) {
      // Still unanswered: given back as its answer comes, or taken over by the next hold (`_hold`).
      if (!holding.heard) this._unheard = holding;
      return;
    }
    const settled = release ? this._release(holding.companyId, holding.held.token) : undefined;
    // No update asked for: the details step, the only one that says the time is held, is already gone (or the page is).
    // The time step waits for `settled` before it reads the times again (time-controller.ts).
    this._host.dispatchEvent(new SlotReleasedEvent({ start: new Date(holding.start).toISOString(), reason }, settled));
  }

  /**
   * Someone else has the time (the proxy's 409 to the hold, or the service's to the booking): what this
   * visitor held of it is given back. `bw-slot-gone` comes with the times offered instead (booking-alternatives.ts).
   */
  private _gone(): void {
    const { held, companyId } = this._holding!;
    this._holding = undefined;
    clearTimeout(this._renewal);
    if (held) void this._release(companyId, held.token);
  }
}
