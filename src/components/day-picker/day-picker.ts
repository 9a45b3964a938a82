import { LitElement, type PropertyValues, html, nothing, svg, type PropertyDeclarations } from 'lit';
import { type CalendarDate, addMonths, startOfMonth } from 'booking-widget-shared/calendar-date';
import type { Localizer } from '../../i18n/localizer.js';
import { AnnounceEvent } from '../events/announce-event.js';
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
 * The parent owns the month shown. A key that lands in another month asks for it
 * (`month-change`) and keeps the day it named as the tab stop until that month
 * arrives, however many renders later: the parent may take a while to pass it down.
 *
 * @event change - The visitor chose a day; read `value`.
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
    _focused: { state: true, attribute: false },
    localizer: { attribute: false },
    month: { attribute: false },
    available: { attribute: false },
    value: { attribute: false },
    today: { attribute: false },
    min: { attribute: false },
    max: { attribute: false },
    loading: { type: Boolean },
  };

  private get _focusableDay(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('tbody button[tabindex="0"]') as HTMLButtonElement | null;
  }

  /** The day holding the roving tab stop. */
  private _focused: CalendarDate | undefined;
  /** The visitor put the tab stop where it is (keys or a click), rather than the picker. */
  private _focusedByVisitor = false;
  /** The month a key asked for, until the parent shows it: meanwhile the tab stop waits outside the month shown. */
  private _awaitedMonth: CalendarDate | undefined;
  /** Move DOM focus to the tab stop once it is on screen. */
  private _moveFocusAfterRender = false;

  localizer!: Localizer;

  /** Any day of the month shown. */
  month!: CalendarDate;

  /** Days with at least one free time. */
  available: ReadonlySet<CalendarDate> = new Set();

  /** The chosen day. */
  value: CalendarDate | undefined;

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

  protected override willUpdate(changed: PropertyValues<this>) {
    const month = startOfMonth(this.month);
    const inMonth = (day: CalendarDate | undefined) => Boolean(day && startOfMonth(day) === month);
    if (this._awaitedMonth) {
      if (month !== this._awaitedMonth && !changed.has('month')) return;
      // The month asked for arrived, or the parent chose another one: stop waiting either way.
      this._awaitedMonth = undefined;
    }
    if (!inMonth(this._focused)) {
      this._focusedByVisitor = false;
      this._focused = this._initialFocus(month);
    } else if (changed.has('value') && inMonth(this.value)) {
      this._focused = this.value;
    } else if (changed.has('available') && !this._focusedByVisitor) {
      // Free days arrived after the first render: the tab stop moves to the best one.
      this._focused = this._initialFocus(month);
    }
  }

  protected override updated() {
    if (this._moveFocusAfterRender && !this._awaitedMonth) {
      this._moveFocusAfterRender = false;
      this.focus();
    }
  }

  private _initialFocus(month: CalendarDate): CalendarDate {
    const inMonth = (day: CalendarDate | undefined) => day && startOfMonth(day) === month;
    if (inMonth(this.value)) return this.value!;
    const firstAvailable = [...this.available].filter(inMonth).sort()[0];
    if (firstAvailable) return firstAvailable;
    if (inMonth(this.today)) return this.today;
    return clampDate(month, this.min, this.max);
  }

  private _isAvailable(day: CalendarDate) {
    return this.available.has(day) && (!this.min || day >= this.min) && (!this.max || day <= this.max);
  }

  private _showMonth(month: CalendarDate) {
    this.dispatchEvent(new MonthChangeEvent(startOfMonth(month)));
  }

  private _onNav(step: 1 | -1, disabled: boolean) {
    if (!disabled) this._showMonth(addMonths(startOfMonth(this.month), step));
  }

  private _onDayClick(day: CalendarDate) {
    this._focused = day;
    this._focusedByVisitor = true;
    if (!this._isAvailable(day) || this.loading) return;
    this.value = day;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  private _onKeyDown(event: KeyboardEvent) {
    if (!this._focused) return;
    const rtl = this.matches(':dir(rtl)');
    const target = dayForKey(event.key, event.shiftKey, this._focused, this.localizer.firstDayOfWeek, rtl);
    if (!target) return;
    event.preventDefault();
    const next = clampDate(target, this.min, this.max);
    this._focused = next;
    this._focusedByVisitor = true;
    this._moveFocusAfterRender = true;
    if (next !== target) this._announceLimit(next);
    if (startOfMonth(next) !== startOfMonth(this.month)) {
      this._awaitedMonth = startOfMonth(next);
      this._showMonth(next);
    }
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

  private _renderDay(day: CalendarDate | null) {
    if (!day) return html`<td></td>`;
    const { localizer } = this;
    const available = this._isAvailable(day);
    const selected = day === this.value;
    const today = day === this.today;
    const parts = ['day', available && 'available', selected && 'selected', today && 'today'].filter(Boolean).join(' ');
    const label = available || this.loading ? localizer.day(day) : `${localizer.day(day)}, ${localizer.messages.unavailableDay}`;
    return html`<td>
      <button
        type="button"
        class="day"
        part=${parts}
        tabindex=${day === this._focused ? 0 : -1}
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
    return html`
      <div class="header">
        ${this._renderNav(-1, atStart)}
        <h4 id="heading" part="month-heading" aria-live="polite">${localizer.month(month)}</h4>
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
                ${week.map((day) => this._renderDay(day))}
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
