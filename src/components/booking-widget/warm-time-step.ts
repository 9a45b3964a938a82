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
  // Worked out in the first step, not as the steps' chunk arrives: a first use of Intl loads its data (issue 28).
  let view: TimesView | undefined;
  const viewOf = (): TimesView => {
    if (view) return view;
    const zone = localTimeZone();
    const today = instantToWallClock(now, zone).date;
    return (view = {
      month: startOfMonth(today),
      status: 'ready',
      days: new Map([[today, [new Date(now), new Date(now + 6 * 3_600_000)]]]),
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
    });
  };
  const box = document.createElement('div');
  box.hidden = true;
  const draw = (element: (view: TimesView) => unknown) => () => {
    if (done()) return box.remove();
    if (!box.isConnected) root.appendChild(box);
    render(element(viewOf()), box);
  };
  return [
    draw(
      ({ days, day, displayTimeZone }) =>
        html`<bw-slot-picker .localizer=${localizer} .slots=${days!.get(day!)} timeZone=${displayTimeZone}></bw-slot-picker>`,
    ),
    draw(
      ({ month, available, today }) =>
        html`<bw-day-picker .localizer=${localizer} .month=${month} .available=${available} .today=${today}></bw-day-picker>`,
    ),
    draw((times) => html`<bw-time-step .localizer=${localizer} .times=${times}></bw-time-step>`),
    () => box.remove(),
  ];
}
