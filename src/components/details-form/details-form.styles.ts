import { css } from 'lit';

export const detailsFormStyles = css`
  :host {
    display: block;
  }
  form {
    display: grid;
    gap: 1em;
  }
  .names {
    display: grid;
    gap: 1em;
  }
  @container booking (min-width: 480px) {
    .names {
      grid-template-columns: 1fr 1fr;
    }
  }
  .field {
    display: grid;
    gap: 0.3em;
    align-content: start;
  }
  label {
    font-weight: 600;
  }
  .optional {
    font-weight: 400;
    color: var(--_text-muted);
  }
  input,
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
  [aria-invalid='true'] {
    border: 2px solid var(--_danger);
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
  .consent {
    display: flex;
    gap: 0.6em;
    align-items: flex-start;
    font-weight: 400;
  }
  .consent input {
    /* A 24 × 24 CSS px target at least (WCAG 2.2 target size), larger with the text. */
    inline-size: max(24px, 1.5em);
    block-size: max(24px, 1.5em);
    min-block-size: 0;
    margin: 0.1em 0 0;
    flex: none;
    accent-color: var(--_accent);
  }
  a {
    color: var(--_link);
  }
  .alert {
    padding: 0.75em 1em;
    border: 2px solid var(--_danger);
    border-radius: var(--_radius);
    color: var(--_text);
    background: var(--_danger-soft);
  }
  .alert:empty {
    display: none;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
    align-items: center;
  }
`;
