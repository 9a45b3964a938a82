import { css } from 'lit';

/**
 * A primary button in the widget's colours. It sets every property a page's
 * `button` rule could pass on by inheritance, so it looks the same on any site;
 * `--bw-font-family: inherit` gives it the page's font instead.
 */
export const bookingButtonStyles = css`
  :host {
    display: inline-block;
  }
  button {
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-block-size: 2.75em;
    margin: 0;
    padding: 0.5em 1.25em;
    border: 1px solid var(--bw-accent, #1d4ed8);
    border-radius: var(--bw-radius, 0.5em);
    background: var(--bw-accent, #1d4ed8);
    color: var(--bw-accent-text, #ffffff);
    /* The shorthand also resets the style, weight and line height a page passes down. */
    font: 600 var(--bw-font-size, 1rem) / 1.2 var(--bw-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    letter-spacing: normal;
    text-transform: none;
    text-align: center;
    white-space: normal;
    visibility: visible;
    cursor: pointer;
    transition: filter 120ms ease;
  }
  button:hover {
    filter: brightness(1.08);
  }
  button:focus-visible {
    outline: 3px solid var(--bw-focus-color, #111827);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    button {
      border-color: ButtonText;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    button {
      transition: none;
    }
  }
`;
