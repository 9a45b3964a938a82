/**
 * The widget's voice for screen-reader users: one polite region for results,
 * one assertive region for errors (screen readers do not reliably follow a region
 * whose politeness changes). Elements ask through an `AnnounceEvent`.
 */
import { type ReactiveController, type ReactiveControllerHost, html } from 'lit';

export type Politeness = 'polite' | 'assertive';

export class Announcer implements ReactiveController {
  private _said: Record<Politeness, string> = { polite: '', assertive: '' };
  private _frame = 0;

  constructor(private readonly _host: ReactiveControllerHost) {
    _host.addController(this);
  }

  say(text: string, politeness: Politeness = 'polite'): void {
    // Emptying the regions first makes a repeated message be read again.
    this._said = { polite: '', assertive: '' };
    this._host.requestUpdate();
    cancelAnimationFrame(this._frame);
    this._frame = requestAnimationFrame(() => {
      this._said = { ...this._said, [politeness]: text };
      this._host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this._frame);
  }

  render() {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this._said.polite}</div>
      <div class="visually-hidden" aria-live="assertive" aria-atomic="true">${this._said.assertive}</div>`;
  }
}
