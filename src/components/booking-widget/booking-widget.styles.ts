import { css } from 'lit';

/**
 * Two layers of custom properties. The public `--bw-*` ones are what merchants
 * set; the private `--_*` tokens, resolved on `.root`, are what the elements use.
 * The layer exists because a default for `--bw-accent` declared on `:host` would
 * hide the company's own accent (from its dashboard settings): instead the
 * chain is merchant CSS → company setting → built-in default. Themes swap the
 * built-in defaults only, so a merchant's value always wins.
 */
export const bookingWidgetStyles = css`
  :host {
    display: block;
  }
  .root {
    /* The container is the root, not the host, so that em in container queries
       follows the widget's own font size (--bw-font-size, zoom) rather than the page's. */
    container: booking / inline-size;
    /* Page styles must not leak in through inheritance: reset what inherits. */
    font-family: var(--bw-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    /* The visitor's preferred size (1rem), but never below 16px: pages that shrink their root
       (html { font-size: 62.5% }) must not shrink the widget to 10px text. */
    font-size: var(--bw-font-size, max(1rem, 16px));
    font-weight: 400;
    font-style: normal;
    line-height: 1.5;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-transform: none;
    text-indent: 0;
    text-shadow: none;
    white-space: normal;
    overflow-wrap: break-word;
    visibility: visible;
    cursor: auto;

    --_accent: var(--bw-accent, var(--_company-accent, #1d4ed8));
    --_accent-text: var(--bw-accent-text, var(--_auto-accent-text, #ffffff));
    --_accent-soft: var(--bw-accent-soft, color-mix(in srgb, var(--_accent) 10%, var(--_surface)));
    /* The text's colour until the accent is known to read on the background (auto-colors.ts): never a link that does not. */
    --_link: var(--bw-link, var(--_auto-link, var(--_text)));
    --_radius: var(--bw-radius, 0.5em);
    --_focus-color: var(--bw-focus-color, var(--_text));
    --_focus-width: var(--bw-focus-width, 3px);
    --_gap: var(--bw-gap, 1.25em);

    --_background: var(--bw-background, #ffffff);
    --_surface: var(--bw-surface, #ffffff);
    --_text: var(--bw-text, #111827);
    --_text-muted: var(--bw-text-muted, #4b5563);
    --_border: var(--bw-border, #d1d5db);
    --_border-strong: var(--bw-border-strong, #6b7280);
    --_danger: var(--bw-danger, #b91c1c);
    --_danger-soft: var(--bw-danger-soft, #fef2f2);
    --_success: var(--bw-success, #15803d);

    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--bw-padding, clamp(0.75em, 4cqi, 1.75em));
    display: grid;
    /* minmax(0, …): no content may widen the widget beyond its container. */
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_gap);
    color-scheme: light;
  }
  .root.dark {
    --_background: var(--bw-background, #111827);
    --_surface: var(--bw-surface, #1f2937);
    --_text: var(--bw-text, #f9fafb);
    --_text-muted: var(--bw-text-muted, #d1d5db);
    --_border: var(--bw-border, #374151);
    --_border-strong: var(--bw-border-strong, #9ca3af);
    --_danger: var(--bw-danger, #fca5a5);
    --_danger-soft: var(--bw-danger-soft, #450a0a);
    --_success: var(--bw-success, #86efac);
    color-scheme: dark;
  }

  .progress ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
    margin: 0;
    padding: 0;
    font-size: 0.9em;
    color: var(--_text-muted);
  }
  .progress li {
    display: flex;
    align-items: center;
  }
  .progress [aria-current='step'] {
    color: var(--_text);
    font-weight: 600;
    text-decoration: underline;
    text-decoration-thickness: 2px;
    text-underline-offset: 0.3em;
  }
  .progress .link-button {
    padding: 0;
  }

  .step {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1em;
  }
  .step-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 0.75em;
  }
  h3 {
    font-size: 1.15em;
    line-height: 1.3;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  h3:focus {
    outline: none;
  }
  h3:focus-visible {
    outline: var(--_focus-width) solid var(--_focus-color);
  }
  .back {
    flex: none;
  }

  .loading {
    color: var(--_text-muted);
  }
  .spinner {
    display: inline-block;
    inline-size: 1em;
    block-size: 1em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    vertical-align: -0.15em;
    margin-inline-end: 0.5em;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }

  @media (forced-colors: active) {
    .root {
      border-color: CanvasText;
    }
  }
`;
