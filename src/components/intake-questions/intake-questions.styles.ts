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
  .field > label,
  .choices > legend {
    font-weight: 600;
    font-size: 1em;
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
  /* Not while focused: the focus ring shows, or a field to correct would look the same with focus as without (WCAG 2.4.7). */
  [aria-invalid='true']:not(:focus-visible) {
    outline: 2px solid var(--_danger);
    outline-offset: 1px;
  }
  .hint {
    color: var(--_text-muted);
    font-size: 0.9em;
  }
  .hint:empty {
    display: none;
  }
`;
