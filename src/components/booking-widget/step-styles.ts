/**
 * Styles of what the steps render in the widget's own shadow root (a resource's quantity and its hint, the booking's
 * summary on the details step): they come with the steps' chunk and join the widget's styles as it arrives, before
 * any step is drawn, so the script-tag bundle does not carry them.
 */
import { type ReactiveElement, css } from 'lit';

export const stepStyles = css`
  .quantity {
    display: grid;
    gap: 0.3em;
    justify-items: start;
  }
  .quantity label {
    font-weight: 600;
  }
  .quantity input {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    inline-size: 6em;
    min-block-size: 2.75em;
    padding: 0.4em 0.6em;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
  }
  .hint {
    color: var(--_text-muted);
    font-size: 0.9em;
  }

  .summary {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.15em;
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    background: var(--_accent-soft);
  }
  .summary strong {
    font-weight: 600;
  }
`;

/** Adds the steps' styles to `host`'s shadow root, beside its own: constructable sheets, which the widget needs anyway (widget.md, "Browsers"). */
export function adoptStepStyles(host: ReactiveElement): void {
  const root = host.renderRoot as ShadowRoot;
  const sheet = stepStyles.styleSheet!;
  // Once: a widget moved in the page connects again.
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
