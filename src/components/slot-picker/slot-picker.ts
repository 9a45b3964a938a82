import { LitElement, html, nothing, type PropertyDeclarations } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import { NextAvailableEvent } from '../events/next-available-event.js';
import { SlotChooseEvent } from '../events/slot-choose-event.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles } from '../shared/styles.js';
import { slotPickerStyles } from './slot-picker.styles.js';

const PERIODS = ['morning', 'afternoon', 'evening'] as const;
type Period = (typeof PERIODS)[number];

const periodOf = (hour: number): Period => (hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening');

/**
 * @summary The free times of one day, grouped into morning, afternoon and
 * evening: toggle buttons with one tab stop and arrow-key movement.
 *
 * @event bw-slot-choose - The visitor chose a time ({@link SlotChooseEvent}); the parent hands it back as `value`.
 * @event next-available - The visitor asked for the next free time ({@link NextAvailableEvent}).
 *
 * @csspart period - The times of one part of the day, with its heading.
 * @csspart slot - A time button, with a `selected` token when chosen.
 * @csspart next-available - The shortcut to the next free time, on an empty day.
 */
export class SlotPicker extends LitElement {
  static override styles = [baseStyles, buttonStyles, slotPickerStyles];
  static override properties: PropertyDeclarations = {
    _focusedIndex: { state: true, attribute: false },
    localizer: { attribute: false },
    slots: { attribute: false },
    timeZone: {},
    value: { attribute: false },
    nextAvailable: { attribute: false },
  };

  private get _buttons(): NodeListOf<HTMLButtonElement> {
    return this.renderRoot.querySelectorAll('.slot') as unknown as NodeListOf<HTMLButtonElement>;
  }

  /** Index of the time holding the roving tab stop. */
  private _focusedIndex = 0;
  /** Focus was in the times when they changed: `updated` puts it back on one. */
  private _hadFocus = false;

  localizer!: Localizer;

  /** The day's free times, in order. */
  slots: readonly Date[] = [];

  /** The zone the times are shown in. */
  timeZone = 'UTC';

  /** The chosen time, as epoch milliseconds. */
  value: number | undefined;

  /** The next free time after an empty day, once known; `null` when there is none. */
  nextAvailable: Date | null | undefined;

  /** Puts keyboard focus on the time that holds the tab stop. */
  override focus(options?: FocusOptions) {
    this._buttons[this._focusedIndex]?.focus(options);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>) {
    if (changed.has('slots') || changed.has('value')) {
      const before = (changed.get('slots') as readonly Date[] | undefined) ?? [];
      const stop = before[this._focusedIndex]?.getTime();
      const selected = this.slots.findIndex((slot) => slot.getTime() === this.value);
      // The same day changed under the visitor (#24: held or booked elsewhere): the tab stop keeps its time, or takes the next one.
      const sameDay = before.some((old) => this.slots.some((slot) => slot.getTime() === old.getTime()));
      const last = Math.max(0, this.slots.length - 1);
      if (sameDay && stop !== undefined) {
        const kept = this.slots.findIndex((slot) => slot.getTime() >= stop);
        this._focusedIndex = kept >= 0 ? kept : last;
      } else this._focusedIndex = selected >= 0 ? selected : Math.min(this._focusedIndex, last);
      this._hadFocus = changed.has('slots') && this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement !== null;
    }
  }

  /**
   * Times that change under the visitor keep focus off the page's body (#24): on the time it was on,
   * else the next one (the last when none follows), else the day's "no times" message. Times are
   * rendered by position, so without this focus would stay on a button now showing another time, or go.
   */
  protected override updated() {
    if (!this._hadFocus) return;
    this._hadFocus = false;
    const target = this.slots.length ? this._buttons[this._focusedIndex] : this.renderRoot.querySelector<HTMLElement>('.empty p');
    if (target && (this.renderRoot as ShadowRoot).activeElement !== target) target.focus();
  }

  private _choose(index: number, tapped: boolean) {
    this._focusedIndex = index;
    this.dispatchEvent(new SlotChooseEvent(this.slots[index]!.getTime(), tapped));
  }

  private _onKeyDown(event: KeyboardEvent) {
    const last = this.slots.length - 1;
    const rtl = this.matches(':dir(rtl)');
    const moves: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: 1,
      ArrowUp: -1,
      Home: -Infinity,
      End: Infinity,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    this._focusedIndex = Math.max(0, Math.min(last, this._focusedIndex + move));
    this._buttons[this._focusedIndex]?.focus();
  }

  private _renderEmpty() {
    const { localizer, nextAvailable } = this;
    const { messages } = localizer;
    return html`<div class="empty">
      <p tabindex="-1">${messages.noTimesOnDay}</p>
      ${
        nextAvailable
          ? html`<button
              type="button"
              class="button secondary"
              part="next-available"
              @click=${() => this.dispatchEvent(new NextAvailableEvent())}
            >
              ${messages.nextAvailable(localizer.dateTime(nextAvailable, this.timeZone))}
            </button>`
          : nothing
      }
    </div>`;
  }

  override render() {
    if (!this.slots.length) return this._renderEmpty();
    const { localizer, timeZone } = this;
    const labels = this.slots.map((slot) => localizer.time(slot, timeZone));
    // The hour repeated when clocks go back reads twice the same: those times name their offset (1:30 AM EDT, 1:30 AM EST).
    const label = (index: number) =>
      labels.indexOf(labels[index]!) === labels.lastIndexOf(labels[index]!)
        ? labels[index]
        : `${labels[index]} ${localizer.zoneName(timeZone, this.slots[index]!, 'short')}`;
    const byPeriod = new Map<Period, { slot: Date; index: number }[]>();
    this.slots.forEach((slot, index) => {
      const period = periodOf(localizer.hour(slot, timeZone));
      byPeriod.set(period, [...(byPeriod.get(period) ?? []), { slot, index }]);
    });
    return html`<div @keydown=${this._onKeyDown}>
      ${PERIODS.filter((period) => byPeriod.has(period)).map(
        (period) =>
          html`<div class="period" part="period">
            <h5 id=${period}>${localizer.messages[period]}</h5>
            <ul role="list" aria-labelledby=${period}>
              ${byPeriod.get(period)!.map(({ slot, index }) => {
                const selected = slot.getTime() === this.value;
                return html`<li>
                  <button
                    type="button"
                    class="slot"
                    part=${selected ? 'slot selected' : 'slot'}
                    tabindex=${index === this._focusedIndex ? 0 : -1}
                    aria-pressed=${selected ? 'true' : 'false'}
                    @click=${(event: MouseEvent) => this._choose(index, event.detail > 0)}
                  >
                    ${label(index)}
                  </button>
                </li>`;
              })}
            </ul>
          </div>`,
      )}
    </div>`;
  }
}

defineElement('bw-slot-picker', SlotPicker);

declare global {
  interface HTMLElementTagNameMap {
    'bw-slot-picker': SlotPicker;
  }
}
