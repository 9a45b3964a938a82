import { css } from 'lit';

export const companyHeaderStyles = css`
  :host {
    display: block;
  }
  .identity {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6em 0.9em;
    align-items: center;
  }
  img {
    flex: none;
    inline-size: 3.5em;
    block-size: 3.5em;
    border-radius: var(--_radius);
    object-fit: cover;
  }
  h2 {
    /* Below the picture rather than squeezed beside it, when the column is narrow. */
    flex: 1 1 10em;
    min-inline-size: 0;
    font-size: 1.35em;
    line-height: 1.25;
    /* The basis decides the wrap below the picture; a word breaks only if it alone is too wide. */
    overflow-wrap: anywhere;
  }
  .description {
    margin-block-start: 0.6em;
    color: var(--_text-muted);
  }
  .description :is(p, ul, ol, blockquote) {
    margin-block: 0.4em;
  }
  .description a {
    color: var(--_link);
  }
  .welcome {
    margin-block-start: 0.75em;
    padding: 0.6em 0.9em;
    border-inline-start: 0.25em solid var(--_accent);
    background: var(--_accent-soft);
    border-radius: var(--_radius);
    white-space: pre-line;
  }
`;
