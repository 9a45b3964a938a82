import { css } from 'lit';

export const timeStepStyles = css`
  :host {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1em;
  }
  .zone {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 0.75em;
    align-items: baseline;
    color: var(--_text-muted);
    font-size: 0.95em;
  }
  .picker {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1.25em;
  }
  @container booking (min-width: 600px) {
    .picker {
      grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
      align-items: start;
    }
  }
  h4 {
    font-size: 1em;
    font-weight: 600;
    margin-block-end: 0.6em;
  }
  .empty {
    color: var(--_text-muted);
    display: grid;
    gap: 0.75em;
    justify-items: start;
  }
`;
