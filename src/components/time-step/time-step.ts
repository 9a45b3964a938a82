import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import { type CalendarDate, calendarDateToUtcDate, eachDay, endOfMonth, startOfMonth } from 'booking-widget-shared/calendar-date';

/** Noon UTC of `day`: one instant of each day of the month, to compare the two clocks at. */
const noonOf = (day: CalendarDate) => calendarDateToUtcDate(day).getTime() + 43_200_000;
import { formatWallClock, instantToWallClock } from 'booking-widget-shared/zone';
import type { TimesView } from '../../booking/time-browser.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { DayPicker } from '../day-picker/day-picker.js';
import '../day-picker/day-picker.js';
import { DAY_PICKER_PARTS } from '../day-picker/day-picker.parts.js';
import { DayFocusEvent } from '../events/day-focus-event.js';
import { DaySelectEvent } from '../events/day-select-event.js';
import { MonthChangeEvent } from '../events/month-change-event.js';
import { NextAvailableEvent } from '../events/next-available-event.js';
import { RetryEvent } from '../events/retry-event.js';
import { SlotChooseEvent } from '../events/slot-choose-event.js';
import { ZoneChangeEvent } from '../events/zone-change-event.js';
import { defineElement } from '../shared/define.js';
import { exportParts } from '../shared/parts.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import '../slot-picker/slot-picker.js';
import { SLOT_PICKER_PARTS } from '../slot-picker/slot-picker.parts.js';
import { timeStepStyles } from './time-step.styles.js';

/**
 * @summary Choosing a day and a time: the month's days with free times, the
 * chosen day's times, and the zone they are shown in.
 *
 * Render-only: it shows `times` (what a `TimeController` holds: the month, its free
 * days, the day shown and the time chosen, the next free time) and sends the visitor's
 * intents up. The calendar's and the times' own intents come through it unchanged.
 *
 * @event bw-day-focus - The visitor moved the calendar's tab stop ({@link DayFocusEvent}).
 * @event bw-day-select - The visitor chose a day ({@link DaySelectEvent}).
 * @event month-change - The visitor asked for another month ({@link MonthChangeEvent}).
 * @event bw-slot-choose - The visitor chose a time ({@link SlotChooseEvent}).
 * @event next-available - The visitor took the shortcut to the next free time ({@link NextAvailableEvent}).
 * @event zone-change - The visitor switched zones ({@link ZoneChangeEvent}).
 * @event bw-retry - The visitor asked to load the free times again after a failure ({@link RetryEvent}).
 *
 * @csspart zone - The sentence naming the zone times are shown in, with the switch.
 * @csspart next-available - The shortcut to the next free time.
 */
export class TimeStep extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, timeStepStyles];
  static override properties: PropertyDeclarations = {
    localizer: { attribute: false },
    times: { attribute: false },
  };

  private get _dayPicker(): DayPicker | null {
    return this.renderRoot.querySelector('bw-day-picker') as DayPicker | null;
  }

  /** Focus was in the day's times as they changed: `updated` keeps it from falling to the page if they went. */
  private _timesHadFocus = false;
  /** The month and zones last compared, and whether the two clocks differ on any of its days. */
  private _monthDiffers: [string, boolean] | undefined;

  localizer!: Localizer;

  /** What to show: the month, its free days and times, what is chosen, the zones. */
  times!: TimesView;

  protected override willUpdate() {
    const active = (this.renderRoot as ShadowRoot).activeElement;
    this._timesHadFocus = active !== null && active === this.renderRoot.querySelector('bw-slot-picker');
  }

  /**
   * The month's last times gone under the visitor (#24) take the times with them, and the focus they
   * had: it goes to what is said instead ("no times this month"), else the calendar.
   */
  protected override updated() {
    if (!this._timesHadFocus || (this.renderRoot as ShadowRoot).activeElement) return;
    const message = this.renderRoot.querySelector<HTMLElement>('.times p[tabindex]');
    if (message) message.focus();
    else this.focus();
  }

  /** Puts keyboard focus in the calendar. */
  override focus(options?: FocusOptions) {
    this._dayPicker?.focus(options);
  }

  /** Puts keyboard focus on the day's times (the one holding their tab stop), else in the calendar. */
  focusTimes(): void {
    const times = this.renderRoot.querySelector<HTMLElement>('bw-slot-picker');
    if (times) times.focus();
    else this.focus();
  }

  /**
   * "Try again" makes way for "Loading…" under the times' heading: focus goes to that heading (and stays
   * there as the times arrive) rather than to the page, as the other retries do.
   */
  private _retry() {
    this.renderRoot.querySelector<HTMLElement>('#times-heading')?.focus();
    this.dispatchEvent(new RetryEvent());
  }

  /** The calendar's and the times' intents do not cross this element's shadow root: the same intent goes on from here. */
  private _forward(event: Event, again: Event) {
    event.stopPropagation();
    this.dispatchEvent(again);
  }

  private _renderZone() {
    const { localizer } = this;
    const { messages } = localizer;
    const { displayTimeZone, visitorTimeZone, companyTimeZone } = this.times;
    const at = new Date(this.times.at);
    const shown = localizer.zoneName(displayTimeZone, at);
    // The date counts too: Pago Pago reads Auckland's summer clock a day behind it.
    const differ = (instant: number) =>
      formatWallClock(instantToWallClock(instant, visitorTimeZone)) !== formatWallClock(instantToWallClock(instant, companyTimeZone));
    // Now (or the chosen time), or any day of the month shown: Panama and New York agree until New York springs forward,
    // and Casablanca leaves London's clock for a few weeks around Ramadan. The month's answer is worked out once per
    // month and pair of zones, not at every render (a key press in the calendar renders the step).
    const month = [this.times.month, visitorTimeZone, companyTimeZone].join(' ');
    if (this._monthDiffers?.[0] !== month)
      this._monthDiffers = [month, eachDay(this.times.month, endOfMonth(this.times.month)).map(noonOf).some(differ)];
    const visitorDiffers = this._monthDiffers[1] || differ(at.getTime());
    const other = displayTimeZone === visitorTimeZone ? companyTimeZone : visitorTimeZone;
    const otherName =
      other === visitorTimeZone ? `${localizer.zoneName(other, at)}${messages.aside(messages.yourTime)}` : localizer.zoneName(other, at);
    return html`<p class="zone" part="zone">
      <span>${messages.timesShownIn(shown)}</span>
      ${
        visitorDiffers
          ? html`<button type="button" class="link-button" @click=${() => this.dispatchEvent(new ZoneChangeEvent(other))}>
              ${messages.showInZone(otherName)}
            </button>`
          : nothing
      }
    </p>`;
  }

  private _renderTimes() {
    const { localizer } = this;
    const { messages } = localizer;
    const { days, month, next, status } = this.times;
    // TimesStatus's values, typed by `status`: importing its const would make the time browser's module a chunk of its own.
    const loading = status === 'loading';
    const day = this.times.day && startOfMonth(this.times.day) === month ? this.times.day : undefined;
    const heading = day ? messages.timesLabel(localizer.day(day)) : messages.chooseDay;
    let body;
    if (loading && !days?.size) body = html`<p class="empty">${messages.loading}</p>`;
    else if (days && !days.size && next === null) {
      body = html`<p class="empty" tabindex="-1">${messages.noTimesAtAll}</p>`;
    } else if (days && !days.size) {
      // A chosen day left empty in an empty month: both facts, so the visitor neither waits on the day nor searches the month.
      body = html`<div class="empty">
        <p tabindex="-1">${day ? messages.noTimesOnDayNorMonth : messages.noTimesThisMonth}</p>
        ${
          next
            ? html`<button
                type="button"
                class="button secondary"
                part="next-available"
                @click=${() => this.dispatchEvent(new NextAvailableEvent())}
              >
                ${messages.nextAvailable(localizer.dateTime(next, this.times.displayTimeZone))}
              </button>`
            : nothing
        }
      </div>`;
    } else if (!day) body = nothing;
    else {
      body = html`<bw-slot-picker
        exportparts=${exportParts(SLOT_PICKER_PARTS)}
        .localizer=${localizer}
        .slots=${days?.get(day) ?? []}
        .value=${this.times.slot}
        .nextAvailable=${next}
        timeZone=${this.times.displayTimeZone}
        @bw-slot-choose=${(event: SlotChooseEvent) => this._forward(event, new SlotChooseEvent(event.slot, event.tapped))}
        @next-available=${(event: NextAvailableEvent) => this._forward(event, new NextAvailableEvent())}
      ></bw-slot-picker>`;
    }
    return html`<section class="times" aria-labelledby="times-heading">
      <h4 id="times-heading" tabindex="-1">${heading}</h4>
      ${body}
    </section>`;
  }

  override render() {
    const { localizer, times } = this;
    return html`
      ${this._renderZone()}
      ${
        times.status === 'failed'
          ? html`<div class="problem" role="alert">
              <p>${localizer.messages.loadFailed}</p>
              <button type="button" class="button secondary" @click=${this._retry}>${localizer.messages.tryAgain}</button>
            </div>`
          : nothing
      }
      <div class="picker">
        <bw-day-picker
          exportparts=${exportParts(DAY_PICKER_PARTS)}
          .localizer=${localizer}
          .month=${times.month}
          .available=${times.available}
          .value=${times.day}
          .focused=${times.focused}
          .today=${times.today}
          .min=${times.today}
          .max=${times.lastDay}
          ?loading=${times.status === 'loading'}
          @bw-day-focus=${(event: DayFocusEvent) => this._forward(event, new DayFocusEvent(event.day))}
          @bw-day-select=${(event: DaySelectEvent) => this._forward(event, new DaySelectEvent(event.day))}
          @month-change=${(event: MonthChangeEvent) => this._forward(event, new MonthChangeEvent(event.month))}
        ></bw-day-picker>
        ${this._renderTimes()}
      </div>
    `;
  }
}

defineElement('bw-time-step', TimeStep);

declare global {
  interface HTMLElementTagNameMap {
    'bw-time-step': TimeStep;
  }
}
