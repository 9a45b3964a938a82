import { css } from 'lit';

export const slotPickerStyles = css`
  :host {
    display: block;
  }
  .period + .period {
    margin-block-start: 0.9em;
  }
  h5 {
    font-size: 0.9em;
    font-weight: 600;
    color: var(--_text-muted);
    margin-block-end: 0.4em;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* Wide enough for "10:45 AM" on one line in a wide bold face, with 10 % to spare. */
    grid-template-columns: repeat(auto-fill, minmax(6.5em, 1fr));
    gap: 0.4em;
  }
  .slot {
    inline-size: 100%;
    min-block-size: 2.75em;
    /* Little inline padding, so that a time stays on one line: "10:45 AM" broken over two lines beside
       "12:45 PM" on one reads as two things. It may still wrap, rather than overflow, where a locale's
       times are longer than the narrowest column ("10:45 a.m.", es-MX, in a wide bold face). */
    padding: 0.4em 0.25em;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
    background: var(--_surface);
    font-variant-numeric: tabular-nums;
    font-weight: 600;
    color: var(--_link);
  }
  .slot:hover {
    border-color: var(--_accent);
  }
  .slot[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_accent-text);
    border: 2px solid var(--_text);
  }
  .empty {
    display: grid;
    gap: 0.75em;
    justify-items: start;
    color: var(--_text-muted);
  }
  @media (forced-colors: active) {
    .slot {
      border-color: ButtonText;
    }
    /* As the chosen day's (day-picker.styles.ts): system colours for its border and focus ring too. */
    .slot[aria-pressed='true'] {
      background: Highlight;
      color: HighlightText;
      border-color: ButtonText;
      outline-color: CanvasText;
      forced-color-adjust: none;
    }
  }
`;
