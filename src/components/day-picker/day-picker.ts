import { LitElement, type PropertyValues, html, nothing, svg, type PropertyDeclarations } from 'lit';
import { type CalendarDate, addMonths, startOfMonth } from 'booking-widget-shared/calendar-date';
import type { Localizer } from '../../i18n/localizer.js';
import { AnnounceEvent } from '../events/announce-event.js';
import { DayFocusEvent } from '../events/day-focus-event.js';
import { DaySelectEvent } from '../events/day-select-event.js';
import { MonthChangeEvent } from '../events/month-change-event.js';
import { defineElement } from '../shared/define.js';
import { baseStyles } from '../shared/styles.js';
import { dayPickerStyles } from './day-picker.styles.js';
import { clampDate, dayForKey, weeksOfMonth } from './month-grid.js';

const chevron = svg`<path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;
const backChevron = svg`<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * @summary A month of days to pick from: a table of buttons with a roving
 * tabindex (one tab stop), in the manner of Cally's calendar-month.
 *
 * Days without free times stay focusable and are marked `aria-disabled`, so a
 * keyboard user moving through the month is never thrown out of it.
 *
 * The parent owns what it shows: the month, the chosen day, and the day holding the
 * tab stop once the visitor has moved it. A key asks for the day it names
 * (`bw-day-focus`), in whatever month; DOM focus follows once the parent hands that day
 * back, however many renders later.
 *
 * @event bw-day-focus - The visitor moved the tab stop to a day ({@link DayFocusEvent}).
 * @event bw-day-select - The visitor chose a day with free times ({@link DaySelectEvent}).
 * @event month-change - The visitor asked for another month ({@link MonthChangeEvent}).
 *
 * @csspart month-heading - The month and year; a polite live region.
 * @csspart previous - The previous-month button.
 * @csspart next - The next-month button.
 * @csspart day - A day button, with `available`, `selected` and `today` tokens.
 */
export class DayPicker extends LitElement {
  static override styles = [baseStyles, dayPickerStyles];
  static override properties: PropertyDeclarations = {
    localizer: { attribute: false },
    month: { attribute: false },
    available: { attribute: false },
    value: { attribute: false },
    focused: { attribute: false },
    today: { attribute: false },
    min: { attribute: false },
    max: { attribute: false },
    loading: { type: Boolean },
  };

  private get _focusableDay(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('tbody button[tabindex="0"]') as HTMLButtonElement | null;
  }

  /** The day a key asked for: DOM focus moves to it once the parent shows it holding the tab stop. */
  private _focusTarget: CalendarDate | undefined;

  localizer!: Localizer;

  /** Any day of the month shown. */
  month!: CalendarDate;

  /** Days with at least one free time. */
  available: ReadonlySet<CalendarDate> = new Set();

  /** The chosen day. */
  value: CalendarDate | undefined;

  /** The day the visitor moved the tab stop to; outside the month shown, the picker chooses one. */
  focused: CalendarDate | undefined;

  /** Today, in the zone times are shown in. */
  today!: CalendarDate;

  /** The first and last days the visitor may move to. */
  min: CalendarDate | undefined;
  max: CalendarDate | undefined;

  /** The month's free times are still loading. */
  loading = false;

  /** Puts keyboard focus on the day that holds the tab stop. */
  override focus(options?: FocusOptions) {
    this._focusableDay?.focus(options);
  }

  protected override updated(changed: PropertyValues<this>) {
    if (!this._focusTarget) return;
    if (this._tabStop === this._focusTarget) {
      this._focusTarget = undefined;
      this.focus();
    } else if (changed.has('focused')) {
      // The parent put the tab stop elsewhere: the key's day is no longer wanted.
      this._focusTarget = undefined;
    }
  }

  /**
   * The day holding the roving tab stop: the one the visitor moved it to, while it is in the
   * month shown; else the chosen day, the month's first with free times, today, or the
   * nearest day that can be reached.
   */
  private get _tabStop(): CalendarDate {
    const month = startOfMonth(this.month);
    const inMonth = (day: CalendarDate | undefined): day is CalendarDate => Boolean(day && startOfMonth(day) === month);
    if (inMonth(this.focused)) return this.focused;
    if (inMonth(this.value)) return this.value;
    const firstAvailable = [...this.available].filter(inMonth).sort()[0];
    if (firstAvailable) return firstAvailable;
    if (inMonth(this.today)) return this.today;
    return clampDate(month, this.min, this.max);
  }

  private _isAvailable(day: CalendarDate) {
    return this.available.has(day) && (!this.min || day >= this.min) && (!this.max || day <= this.max);
  }

  /**
   * The month heading speaks only once the visitor has turned a month with the arrows. Live from the start, it spoke
   * as the time step appeared (and again after Back), in the same moment as the times' own announcement.
   */
  private _turned = false;

  private _onNav(step: 1 | -1, disabled: boolean) {
    if (disabled) return;
    // Live before the new month's name is written, so that the change is what is heard.
    this._turned = true;
    this.renderRoot.querySelector('#heading')?.setAttribute('aria-live', 'polite');
    this.dispatchEvent(new MonthChangeEvent(addMonths(startOfMonth(this.month), step)));
  }

  private _onDayClick(day: CalendarDate) {
    if (day !== this._tabStop) this.dispatchEvent(new DayFocusEvent(day));
    if (this._isAvailable(day) && !this.loading) this.dispatchEvent(new DaySelectEvent(day));
  }

  private _onKeyDown(event: KeyboardEvent) {
    const from = this._tabStop;
    const rtl = this.matches(':dir(rtl)');
    const target = dayForKey(event.key, event.shiftKey, from, this.localizer.firstDayOfWeek, rtl);
    if (!target) return;
    event.preventDefault();
    const next = clampDate(target, this.min, this.max);
    if (next !== target) this._announceLimit(next);
    if (next === from) return;
    this._focusTarget = next;
    this.dispatchEvent(new DayFocusEvent(next));
  }

  /** The key named a day outside the bookable range: say why focus stopped short of it. */
  private _announceLimit(day: CalendarDate) {
    const { localizer } = this;
    const say = day === this.min ? localizer.messages.firstBookableDay : localizer.messages.lastBookableDay;
    this.dispatchEvent(new AnnounceEvent(say(localizer.day(day))));
  }

  /** Previous (-1) or next (1) month; at a limit it stays focusable and says it is unavailable. */
  private _renderNav(step: 1 | -1, atLimit: boolean) {
    const { messages } = this.localizer;
    return html`<button
      type="button"
      class="nav"
      part=${step < 0 ? 'previous' : 'next'}
      aria-label=${step < 0 ? messages.previousMonth : messages.nextMonth}
      aria-disabled=${atLimit ? 'true' : 'false'}
      @click=${() => this._onNav(step, atLimit)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">${step < 0 ? backChevron : chevron}</svg>
    </button>`;
  }

  private _renderDay(day: CalendarDate | null, tabStop: CalendarDate) {
    if (!day) return html`<td></td>`;
    const { localizer } = this;
    const available = this._isAvailable(day);
    const selected = day === this.value;
    const today = day === this.today;
    const parts = ['day', available && 'available', selected && 'selected', today && 'today'].filter(Boolean).join(' ');
    const label = available || this.loading ? localizer.day(day) : localizer.messages.unavailableDay(localizer.day(day));
    return html`<td>
      <button
        type="button"
        class="day"
        part=${parts}
        tabindex=${day === tabStop ? 0 : -1}
        aria-label=${label}
        aria-pressed=${selected ? 'true' : 'false'}
        aria-current=${today ? 'date' : nothing}
        aria-disabled=${available ? nothing : 'true'}
        @click=${() => this._onDayClick(day)}
      >
        ${localizer.number(Number(day.slice(8)))}
      </button>
    </td>`;
  }

  override render() {
    const { localizer } = this;
    const month = startOfMonth(this.month);
    const atStart = Boolean(this.min && month <= startOfMonth(this.min));
    const atEnd = Boolean(this.max && month >= startOfMonth(this.max));
    const weekdays = localizer.weekdays();
    const tabStop = this._tabStop;
    return html`
      <div class="header">
        ${this._renderNav(-1, atStart)}
        <h4 id="heading" part="month-heading" aria-live=${this._turned ? 'polite' : nothing}>${localizer.month(month)}</h4>
        ${this._renderNav(1, atEnd)}
      </div>
      <table aria-labelledby="heading" aria-busy=${this.loading ? 'true' : 'false'}>
        <thead>
          <tr>
            ${weekdays.map(
              (weekday) =>
                html`<th scope="col" abbr=${weekday.long}>
                  <span aria-hidden="true" class="short">${weekday.short}</span
                  ><span aria-hidden="true" class="narrow">${weekday.narrow}</span><span class="visually-hidden">${weekday.long}</span>
                </th>`,
            )}
          </tr>
        </thead>
        <tbody @keydown=${this._onKeyDown}>
          ${weeksOfMonth(month, localizer.firstDayOfWeek).map(
            (week) =>
              html`<tr>
                ${week.map((day) => this._renderDay(day, tabStop))}
              </tr>`,
          )}
        </tbody>
      </table>
    `;
  }
}

defineElement('bw-day-picker', DayPicker);

declare global {
  interface HTMLElementTagNameMap {
    'bw-day-picker': DayPicker;
  }
}
