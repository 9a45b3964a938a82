import { css } from 'lit';

/**
 * The add-to-calendar links' look (calendar-links.ts `renderCalendarLinks`), in the confirmation and on a
 * moved booking's screen: a file of its own, with the few modules the booking code and manage mode share.
 */
export const calendarLinkStyles = css`
  .calendar h4 {
    font-size: 1em;
    margin-block-end: 0.5em;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
  }
  .new-tab {
    inline-size: 1em;
    block-size: 1em;
    margin-inline-start: 0.35em;
    vertical-align: -0.1em;
  }
  /* The arrow points out of the page in the reading direction. */
  :host(:dir(rtl)) .new-tab {
    transform: scaleX(-1);
  }
`;
