import { css } from 'lit';

export const intakeQuestionsStyles = css`
  :host {
    display: grid;
    gap: 1em;
  }
  /* minmax(0, …) and no minimum on the controls: at 200 % text in 320 px, titles wrap and fields
     narrow to the widget, where a field's own width (its size) would otherwise widen every column. */
  :host,
  fieldset,
  .field {
    grid-template-columns: minmax(0, 1fr);
  }
  input,
  select,
  textarea {
    min-inline-size: 0;
  }
  fieldset {
    display: grid;
    gap: 1em;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  legend,
  h4 {
    overflow-wrap: anywhere;
    font-weight: 600;
    font-size: 1.05em;
    margin: 0 0 0.25em;
    padding: 0;
  }
  .field {
    display: grid;
    gap: 0.3em;
    align-content: start;
  }
  .field > label,
  .choices > legend {
    font-weight: 600;
    font-size: 1em;
  }
  .optional {
    font-weight: 400;
    color: var(--_text-muted);
  }
  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    inline-size: 100%;
    min-block-size: 2.75em;
    padding: 0.5em 0.75em;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
  }
  textarea {
    min-block-size: 5em;
    resize: vertical;
  }
  .check {
    display: flex;
    gap: 0.6em;
    align-items: flex-start;
  }
  .check input {
    inline-size: max(24px, 1.5em);
    block-size: max(24px, 1.5em);
    margin: 0.1em 0 0;
    flex: none;
    accent-color: var(--_accent);
  }
  .choices {
    gap: 0.4em;
  }
  [aria-invalid='true'] {
    outline: 2px solid var(--_danger);
    outline-offset: 1px;
  }
  .hint {
    color: var(--_text-muted);
    font-size: 0.9em;
    margin: 0;
  }
  .error {
    color: var(--_danger);
    font-size: 0.9em;
    margin: 0;
  }
  .error:empty,
  .hint:empty {
    display: none;
  }
  .error::before {
    content: '⚠ ';
  }
`;
