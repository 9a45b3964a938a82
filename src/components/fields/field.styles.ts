import { css } from 'lit';

/**
 * A labelled field, its control and its message, as the details form and the intake questions both
 * draw them. A folder of its own, not components/shared/ (whose modules the script-tag bundle
 * carries): it comes with the booking chunk, which the questions' chunk imports it from.
 */
export const fieldStyles = css`
  .field {
    display: grid;
    gap: 0.3em;
    align-content: start;
  }
  .optional {
    font-weight: 400;
    color: var(--_text-muted);
  }
  /* No weight of its own (:where), so that each form's invalid state and sizes win over it. */
  :where(input:not([type='checkbox'], [type='radio']), select, textarea) {
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
  .error {
    color: var(--_danger);
    font-size: 0.9em;
  }
  .error:empty {
    display: none;
  }
  .error::before {
    content: '⚠ ';
  }
`;
