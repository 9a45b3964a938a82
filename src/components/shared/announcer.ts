/**
 * The widget's voice for screen-reader users: one polite region for results,
 * one assertive region for errors (screen readers do not reliably follow a region
 * whose politeness changes). Elements ask through an `AnnounceEvent`.
 *
 * The regions are rendered once; what they say is written straight into them,
 * so an announcement never re-renders the widget.
 */
import { type ReactiveController, type ReactiveControllerHost, html } from 'lit';

export type Politeness = 'polite' | 'assertive';

export class Announcer implements ReactiveController {
  private _frame = 0;

  constructor(private readonly _host: ReactiveControllerHost & { renderRoot: ParentNode }) {
    _host.addController(this);
  }

  say(text: string, politeness: Politeness = 'polite'): void {
    const regions = [...this._host.renderRoot.querySelectorAll<HTMLElement>('[data-announce]')];
    // Emptying the regions first makes a repeated message be read again.
    for (const region of regions) region.textContent = '';
    cancelAnimationFrame(this._frame);
    this._frame = requestAnimationFrame(() => {
      const region = regions.find((r) => r.dataset.announce === politeness);
      if (region) region.textContent = text;
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this._frame);
  }

  render() {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announce="polite"></div>
      <div class="visually-hidden" aria-live="assertive" aria-atomic="true" data-announce="assertive"></div>`;
  }
}
