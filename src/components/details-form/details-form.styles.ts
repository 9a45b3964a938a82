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
  label {
    font-weight: 600;
  }
  [aria-invalid='true'] {
    border: 2px solid var(--_danger);
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
