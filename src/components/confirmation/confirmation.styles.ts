import { css } from 'lit';

export const confirmationStyles = css`
  :host {
    display: block;
  }
  .status {
    display: flex;
    gap: 0.5em;
    align-items: center;
    font-weight: 600;
    margin-block-end: 1em;
  }
  .status svg {
    flex: none;
    inline-size: 1.5em;
    block-size: 1.5em;
    color: var(--_success);
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.5em 1em;
    margin: 0 0 1.25em;
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
  .other-zone {
    display: block;
    color: var(--_text-muted);
    font-size: 0.9em;
  }
  .reference {
    font-family: ui-monospace, monospace;
    font-size: 1.1em;
    letter-spacing: 0.05em;
  }
  /* Where to go and how to reach the company: apart from the link above it and the calendar's heading below. */
  bw-company-contact {
    display: block;
    margin-block: 0.75em 1.25em;
  }
  /* The accent's link colour, as the calendar links and the contact links: not the browser's default blue. */
  .manage-link {
    color: var(--_link);
    text-underline-offset: 0.15em;
  }
  .calendar {
    margin-block-end: 1.25em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
    margin-block-end: 1.25em;
  }
`;
