import { css } from 'lit';

/**
 * The dialog sits in the top layer, so no stacking context or overflow of the
 * page can clip it. Only inherited properties cross into the shadow root; the
 * widget resets its own, and the close button sets every one it shows.
 */
export const bookingDialogStyles = css`
  :host {
    display: contents;
  }
  dialog {
    box-sizing: border-box;
    inline-size: min(var(--bw-dialog-width, 44rem), 100vw - 1rem);
    max-inline-size: none;
    max-block-size: calc(100dvh - 1rem);
    margin: auto;
    padding: 0;
    border: 0;
    background: transparent;
    overflow: auto;
    overscroll-behavior: contain;
  }
  dialog[open] {
    display: grid;
    gap: 0.5rem;
    align-content: start;
  }
  dialog::backdrop {
    background: var(--bw-backdrop, rgb(0 0 0 / 0.55));
  }
  .bar {
    display: flex;
    justify-content: flex-end;
  }
  .close {
    box-sizing: border-box;
    display: inline-grid;
    place-items: center;
    inline-size: 2.75rem;
    block-size: 2.75rem;
    margin: 0;
    padding: 0;
    border: 1px solid var(--bw-border-strong, #6b7280);
    border-radius: 50%;
    background: var(--bw-surface, #ffffff);
    color: var(--bw-text, #111827);
    cursor: pointer;
    visibility: visible;
  }
  .close:focus-visible {
    outline: 3px solid var(--bw-focus-color, #ffffff);
    outline-offset: 2px;
  }
  .close svg {
    inline-size: 1.25rem;
    block-size: 1.25rem;
  }
  @media (forced-colors: active) {
    .close {
      border-color: ButtonText;
    }
  }
`;
