import { css } from 'lit';

export const queueStyles = css`
  :host {
    display: block;
  }
  section,
  form {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1em;
  }
  h3 {
    font-size: 1.15em;
    line-height: 1.3;
    margin: 0;
    overflow-wrap: anywhere;
  }
  h3:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
  .place {
    font-size: 1.25em;
    font-weight: 600;
  }
  .field {
    display: grid;
    gap: 0.3em;
  }
  label {
    font-weight: 600;
  }
  .hint {
    color: var(--_text-muted);
  }
  input {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    inline-size: 100%;
    min-block-size: 2.75em;
    padding: 0.5em 0.75em;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
    box-sizing: border-box;
  }
  input[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  /* A closed line is news, not a failure: drawn as the booking's summary is, not as a problem. */
  .closed {
    padding: 0.75em 1em;
    border-radius: var(--_radius);
    background: var(--_accent-soft);
  }
  @media (forced-colors: active) {
    .closed {
      border: 1px solid CanvasText;
    }
  }
  .error:empty {
    display: none;
  }
  .error {
    color: var(--_danger);
  }
  .error::before {
    content: '⚠ ';
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
  }
  a {
    color: var(--_link);
    overflow-wrap: anywhere;
  }
`;
