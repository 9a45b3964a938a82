import { css } from 'lit';

export const dayPickerStyles = css`
  :host {
    display: block;
  }
  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em;
    margin-block-end: 0.5em;
  }
  h4 {
    font-size: 1em;
    font-weight: 600;
    text-align: center;
    flex: 1;
    /* The month name gives way, not the buttons: "September 2029" at 200 % text in 320 px is wider than what is left. */
    min-inline-size: 0;
    overflow-wrap: anywhere;
    hyphens: auto;
  }
  .nav {
    flex: none;
    inline-size: 2.75em;
    block-size: 2.75em;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
    background: var(--_surface);
    font-size: 1em;
    line-height: 1;
  }
  .nav[aria-disabled='true'] {
    color: var(--_text-muted);
    border-color: var(--_border);
    cursor: default;
  }
  :host(:dir(rtl)) .nav svg {
    transform: scaleX(-1);
  }
  svg {
    inline-size: 1em;
    block-size: 1em;
    vertical-align: middle;
  }
  table {
    inline-size: 100%;
    border-collapse: collapse;
    table-layout: fixed;
  }
  /* A month still loading dims its days (inactive until its times are in), not the weekdays' names,
     which are text a visitor reads and keep their contrast. */
  table[aria-busy='true'] tbody {
    opacity: 0.6;
  }
  th {
    font-size: 0.8em;
    font-weight: 600;
    color: var(--_text-muted);
    padding-block: 0.25em;
  }
  td {
    padding: 1px;
    text-align: center;
  }
  .day {
    /* Cells shrink with the column (200 % text in 320 px still fits), never below a 24 px target. */
    inline-size: 100%;
    max-inline-size: 2.75em;
    aspect-ratio: 1;
    min-inline-size: 24px;
    min-block-size: 24px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: 50%;
    background: transparent;
    font-variant-numeric: tabular-nums;
  }
  .day[aria-disabled='true'] {
    color: var(--_text-muted);
    text-decoration: line-through;
    text-decoration-color: var(--_border-strong);
    cursor: default;
  }
  .day:not([aria-disabled='true']) {
    font-weight: 600;
    background: var(--_accent-soft);
    border-color: var(--_border-strong);
  }
  .day:not([aria-disabled='true']):hover {
    border-color: var(--_accent);
  }
  .day[aria-current='date'] {
    box-shadow: inset 0 -0.2em 0 -0.1em currentColor;
  }
  .day[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_accent-text);
    border: 2px solid var(--_text);
  }
  .narrow {
    display: none;
  }
  /* A column narrow for its text (small screens, 200 % zoom): one-letter weekdays, smaller numbers. */
  @container booking (max-width: 24em) {
    .short {
      display: none;
    }
    .narrow {
      display: inline;
    }
    .day {
      font-size: 0.7em;
      max-inline-size: 2.75em;
    }
  }
  @media (forced-colors: active) {
    .day:not([aria-disabled='true']) {
      border-color: ButtonText;
    }
    .day[aria-disabled='true'] {
      color: GrayText;
    }
    /* Kept from the forced palette for its colours, so its border and focus ring take system colours too: the
       author's would stay, the text colour of the light theme on a dark palette's black. */
    .day[aria-pressed='true'] {
      background: Highlight;
      color: HighlightText;
      border-color: ButtonText;
      outline-color: CanvasText;
      forced-color-adjust: none;
    }
    /* Today's mark is a shadow, which forced colours remove: underlined instead. */
    .day[aria-current='date'] {
      text-decoration-line: underline;
    }
    .day[aria-current='date'][aria-disabled='true'] {
      text-decoration-line: underline line-through;
    }
  }
`;
