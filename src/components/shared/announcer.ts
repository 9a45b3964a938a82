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
  /** What the next frame says: messages said before it are all heard, in order. */
  private _next: { text: string; politeness: Politeness } | undefined;

  constructor(private readonly _host: ReactiveControllerHost & { renderRoot: ParentNode }) {
    _host.addController(this);
  }

  say(text: string, politeness: Politeness = 'polite'): void {
    const regions = [...this._host.renderRoot.querySelectorAll<HTMLElement>('[data-announce]')];
    // Emptying the regions first makes a repeated message be read again.
    for (const region of regions) region.textContent = '';
    // Two messages before the frame (another location's zone, then its times at once) are both heard; an
    // assertive one (an error) is heard alone.
    const next = this._next;
    this._next =
      next?.politeness === politeness && next.text !== text ? { text: `${next.text} ${text}`, politeness } : { text, politeness };
    cancelAnimationFrame(this._frame);
    this._frame = requestAnimationFrame(() => {
      const said = this._next!;
      this._next = undefined;
      const region = regions.find((r) => r.dataset.announce === said.politeness);
      if (region) region.textContent = said.text;
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this._frame);
    this._next = undefined;
  }

  render() {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announce="polite"></div>
      <div class="visually-hidden" aria-live="assertive" aria-atomic="true" data-announce="assertive"></div>`;
  }
}
