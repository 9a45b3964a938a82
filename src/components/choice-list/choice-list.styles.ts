import { css } from 'lit';

export const choiceListStyles = css`
  :host {
    display: block;
  }
  .group + .group {
    margin-block-start: 1.25em;
  }
  .group-title {
    font-size: 0.95em;
    font-weight: 600;
    color: var(--_text-muted);
    margin-block-end: 0.5em;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* minmax(0, …): a long word of an address ("Francisco") at 200 % text breaks instead of widening the list. */
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5em;
  }
  @container booking (min-width: 560px) {
    ul {
      grid-template-columns: repeat(auto-fill, minmax(15em, 1fr));
    }
  }
  button {
    display: flex;
    align-items: flex-start;
    gap: 0.75em;
    inline-size: 100%;
    min-block-size: 3em;
    padding: 0.75em 0.9em;
    text-align: start;
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  button:hover {
    border-color: var(--_accent);
  }
  button[aria-pressed='true'] {
    border: 2px solid var(--_accent);
    padding: calc(0.75em - 1px) calc(0.9em - 1px);
    box-shadow: inset 0.3em 0 0 var(--_accent);
  }
  :host(:dir(rtl)) button[aria-pressed='true'] {
    box-shadow: inset -0.3em 0 0 var(--_accent);
  }
  img {
    flex: none;
    inline-size: 2.75em;
    block-size: 2.75em;
    border-radius: 50%;
    object-fit: cover;
  }
  /* A choice without a picture, in a list where others have one: its text where theirs is (the picture and the gap). */
  .pictured .text:first-child {
    margin-inline-start: 3.5em;
  }
  .text {
    display: grid;
    gap: 0.15em;
    min-inline-size: 0;
  }
  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .details,
  .description {
    color: var(--_text-muted);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  .description {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  @media (forced-colors: active) {
    button[aria-pressed='true'] {
      border-color: Highlight;
      box-shadow: none;
      outline: 2px solid Highlight;
    }
  }
`;
