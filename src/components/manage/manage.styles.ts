import { css } from 'lit';

export const manageStyles = css`
  :host {
    display: block;
  }
  section {
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
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.5em 1em;
    margin: 0;
  }
  dt {
    font-weight: 600;
    color: var(--_text-muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* A narrow widget, or large text: each value under its term, rather than squeezed beside it. */
  @container booking (max-width: 18em) {
    dl {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.15em;
    }
    dd + dt {
      margin-block-start: 0.5em;
    }
  }
  .reference {
    font-family: ui-monospace, monospace;
    letter-spacing: 0.05em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  a {
    color: var(--_link);
    overflow-wrap: anywhere;
  }
  /* The refusal holds the company's e-mail: at 200 % text it breaks rather than widening the message. */
  .problem {
    grid-template-columns: minmax(0, 1fr);
  }
`;
