/**
 * Draws a time step once, unseen, while the widget waits for its first answer (issue 28): the first
 * times are then drawn by code V8 has already compiled, from templates Lit has already parsed, with
 * style sheets already built. On a slow phone those first-time costs were most of the task that paints
 * the first times, and made it a long one. The times, then the calendar, then the step around them, each
 * in a task of its own (so that none is a long task either), for a month with one free day, in a hidden
 * box of the widget's own that goes once they are drawn. Nothing is announced, focused or sent.
 */
import { html, render } from 'lit';
import { startOfMonth } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import type { TimesView } from '../../booking/time-browser.js';
import type { Localizer } from '../../i18n/localizer.js';

/**
 * The warm-up's steps, each to run in a task of its own; `done`: the first answer is in, so that what
 * is left of them would only delay the first times (each step then does nothing, and the box goes).
 */
export function timeStepWarmUps(root: Node, localizer: Localizer, now: number, done: () => boolean): (() => void)[] {
  const zone = localTimeZone();
  const today = instantToWallClock(now, zone).date;
  const times = [new Date(now), new Date(now + 6 * 3_600_000)];
  const view: TimesView = {
    month: startOfMonth(today),
    status: 'ready',
    days: new Map([[today, times]]),
    available: new Set([today]),
    day: today,
    slot: undefined,
    focused: undefined,
    next: undefined,
    today,
    lastDay: undefined,
    at: now,
    companyTimeZone: zone,
    displayTimeZone: zone,
    // Another zone than the one shown: the step offers to switch, as it does for most visitors.
    visitorTimeZone: zone === 'UTC' ? 'Europe/London' : 'UTC',
  };
  const box = document.createElement('div');
  box.hidden = true;
  const draw = (element: unknown) => () => {
    if (done()) return box.remove();
    if (!box.isConnected) root.appendChild(box);
    render(element, box);
  };
  return [
    draw(html`<bw-slot-picker .localizer=${localizer} .slots=${times} timeZone=${zone}></bw-slot-picker>`),
    draw(html`<bw-day-picker .localizer=${localizer} .month=${view.month} .available=${view.available} .today=${today}></bw-day-picker>`),
    draw(html`<bw-time-step .localizer=${localizer} .times=${view}></bw-time-step>`),
    () => box.remove(),
  ];
}
