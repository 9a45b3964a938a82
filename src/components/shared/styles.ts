/**
 * Styles every element of the widget shares. They use the private `--_*` tokens
 * that `<booking-widget>` derives from the public `--bw-*` custom properties
 * (see booking-widget.styles.ts for why there are two layers).
 */
import { css } from 'lit';

export const baseStyles = css`
  /* Set on every element, not inherited: a page rule such as * { box-sizing: content-box }
     reaches the host (page rules beat :host) and inheritance would carry it inside. */
  :host,
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  [hidden] {
    display: none !important;
  }
  .visually-hidden {
    position: absolute !important;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  h2,
  h3,
  h4,
  p {
    margin: 0;
  }
  /* "Taking longer than usual" under a wait: hidden (and out of the accessibility tree) until the wait has lasted
     --bw-slow-after, then shown, and read by the live region it sits in. No timer: a slow phone pays nothing. */
  .slow {
    display: block;
    animation: bw-slow 0s var(--bw-slow-after, 10s) backwards;
  }
  @keyframes bw-slow {
    from {
      visibility: hidden;
    }
  }
  :focus-visible {
    outline: var(--_focus-width) solid var(--_focus-color);
    outline-offset: 2px;
  }
  button {
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
    margin: 0;
    cursor: pointer;
    /* WCAG 2.5.8: every target at least 24 × 24 CSS px. */
    min-block-size: 24px;
    min-inline-size: 24px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

export const buttonStyles = css`
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-block-size: 2.75em;
    padding: 0.5em 1.25em;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    background: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
    text-decoration: none;
    transition: filter 120ms ease;
  }
  .button:hover {
    filter: brightness(1.08);
  }
  .button.secondary {
    background: transparent;
    color: var(--_link);
    border-color: var(--_border-strong);
  }
  .button[aria-disabled='true'] {
    cursor: progress;
    filter: saturate(0.6);
  }
  .link-button {
    border: 0;
    background: none;
    padding: 0.25em 0;
    /* Reads as a link: a long one wraps from the start of the line, not centred as a button's label. */
    text-align: start;
    color: var(--_link);
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  @media (forced-colors: active) {
    .button {
      border-color: ButtonText;
    }
    .button[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
  }
`;

/** A message about the step (a time just taken) and one that stops it (cannot load), with its action. */
export const messageStyles = css`
  .notice,
  .problem {
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    border: 2px solid var(--_danger);
    background: var(--_danger-soft);
  }
  .problem {
    display: grid;
    gap: 0.75em;
    justify-items: start;
  }
  @media (forced-colors: active) {
    .notice,
    .problem {
      border-color: CanvasText;
    }
  }
`;
