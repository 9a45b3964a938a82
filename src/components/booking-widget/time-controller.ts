/**
 * The time step's state for whatever hosts it: the booking flow's widget, or manage mode's
 * controller choosing a new time. A thin Lit adapter over the
 * DOM-free TimeBrowser (src/booking): it hands the browser its inputs at every host update,
 * renders nothing, and turns the time step's intents into the browser's moves and the
 * owner's choices.
 *
 * It comes with the steps' views (step-views.ts), requested with the steps' elements as the
 * widget connects (lazy-parts.ts): never in the script-tag bundle. Manage mode's controller
 * is handed the class from there rather than importing it, so no chunk is shared between
 * the two lazy chunks (a shared one would be one more file before the first time).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { type TimeInputs, type TimesView, TimeBrowser, TimesStatus } from '../../booking/time-browser.js';
import type { LiveTimes } from './live-times.js';
import type { DayChange } from './time-changes.js';
import type { SlotStore } from '../../booking/slot-store.js';
import { whenIdle } from './schedule.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { DayFocusEvent } from '../events/day-focus-event.js';
import type { DaySelectEvent } from '../events/day-select-event.js';
import type { MonthChangeEvent } from '../events/month-change-event.js';
import type { SlotChooseEvent } from '../events/slot-choose-event.js';
import type { SlotReleasedEvent } from '../events/slot-released-event.js';
import type { ZoneChangeEvent } from '../events/zone-change-event.js';
import type { Politeness } from '../shared/announcer.js';

/**
 * Runs `work` once what was just rendered is painted (after the next frame), then at the browser's next idle moment.
 * Here rather than beside `whenIdle` in schedule.ts: that file is in the script-tag bundle, this is needed by the steps' chunk only.
 */
function afterPaintWhenIdle(work: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0, work));
  else whenIdle(work);
}

export interface TimeDependencies {
  /**
   * What the times are for, read at every host update: the store, the zones, the clock, the
   * earliest instant, the last day, and the day and time chosen. `undefined` while no time
   * step is on screen: nothing loads, and the next time it shows, it opens afresh.
   */
  inputs(): TimeInputs | undefined;
  localizer(): Localizer;
  /** The visitor chose a day: the owner of the choice keeps it, and forgets the time chosen before. */
  chooseDay(day: CalendarDate): void;
  /** The visitor chose a time (on `day`, the day shown): the owner of the choice keeps both. */
  chooseTime(day: CalendarDate | undefined, slot: number): void;
  /**
   * The time chosen went from the day on screen (held or booked on another page): the owner forgets it, so that
   * Continue does not lead to "that time was just taken" a step later.
   */
  chosenGone?(): void;
  /** The step's times are painted and the browser is idle, once per opening of the step: what follows them may load. */
  shown?(): void;
  /** The visitor switched the zone times are shown in. */
  zone(timeZone: string): void;
  /** Says something to screen-reader users. */
  announce(message: string, politeness?: Politeness): void;
  /** Loading free times failed: the step shows it with a retry; the owner tells the page. */
  failed(error: unknown): void;
  /** The company changed on the service while the step showed (the live channel's `catalog`): its lists are read again. */
  companyChanged?(): void;
}

export class TimeController implements ReactiveController {
  private readonly _browser: TimeBrowser;
  /** The company's zone and the zone shown when times were last on screen. */
  private _zones: [string, string] | undefined;
  /** The live channel, once opened (or on its way). */
  private _live: Promise<LiveTimes | undefined> | undefined;
  /** Until when (`performance.now()`) the times shown know of every change: the last channel's news, or the tab's return. */
  private _since = 0;
  /** The day on screen, what it was loaded for and the month's answer, at the last update: what a quiet reload is compared with. */
  private _shown: Shown | undefined;
  /** The step's times were painted since it opened: what follows them is on its way. */
  private _painted = false;
  /** The time the visitor held, on its way back to the proxy (`bw-slot-released`): until it is there, reads leave it out. */
  private _releasing: Promise<void> | undefined;

  constructor(
    private readonly _host: ReactiveControllerHost & EventTarget,
    private readonly _deps: TimeDependencies,
  ) {
    this._browser = new TimeBrowser({
      changed: () => _host.requestUpdate(),
      failed: (error) => _deps.failed(error),
      opened: (day, times) => this._announceTimes(day, times),
    });
    _host.addController(this);
  }

  /** What `<bw-time-step>` shows (its `times`); `undefined` while no time step is on screen. */
  get view(): TimesView | undefined {
    return this._browser.view;
  }

  hostConnected(): void {
    globalThis.document?.addEventListener('visibilitychange', this._onVisible);
    this._host.addEventListener('bw-slot-released', this._onReleased);
  }

  hostUpdate(): void {
    const inputs = this._deps.inputs();
    if (inputs) {
      const { companyTimeZone, displayTimeZone } = inputs;
      // Another location, in another zone: every time on screen is now in it, which the visitor hears once.
      const [company, shown] = this._zones ?? [companyTimeZone, displayTimeZone];
      if (company !== companyTimeZone && shown !== displayTimeZone) this._announceZone(displayTimeZone, inputs.clock());
      this._zones = [companyTimeZone, displayTimeZone];
    }
    this._browser.update(inputs);
  }

  /**
   * The live channel opens once times are painted, and closes with the step. Like the owner's next
   * chunks (`shown`), it waits for the paint and then an idle moment: nothing is fetched before the
   * first time slot shows (issue 28).
   */
  hostUpdated(): void {
    if (!this.view) {
      this._painted = false;
      this._closeLive();
    } else if (this.view.status === TimesStatus.Ready && !this._browser.opening && !this._painted) {
      this._painted = true;
      afterPaintWhenIdle(() => {
        if (!this._painted) return;
        this._openLive();
        this._deps.shown?.();
      });
    }
    this._noticeChange();
  }

  hostDisconnected(): void {
    globalThis.document?.removeEventListener('visibilitychange', this._onVisible);
    this._host.removeEventListener('bw-slot-released', this._onReleased);
    this._closeLive();
    this._browser.update(undefined);
  }

  /** Back on the tab: the times shown may have been booked (or freed) meanwhile, by phone, in the dashboard or online (#24). */
  private readonly _onVisible = () => {
    if (document.visibilityState === 'visible') {
      this._since = performance.now();
      this._browser.refresh();
      this._openLive();
    } else this._closeLive();
  };

  private readonly _onReleased = (event: Event) => {
    const releasing = (this._releasing = (event as SlotReleasedEvent).settled);
    void releasing.then(() => this._releasing === releasing && (this._releasing = undefined));
  };

  private _openLive(): void {
    const url = this._deps.inputs()?.liveUrl;
    if (this._live || !url || typeof EventSource !== 'function' || globalThis.document?.visibilityState === 'hidden') return;
    // Back from the details: the channel's first news (the visitor's own hold) would read the day again while the
    // proxy still holds the time, and the chosen time would leave the list until its release came through.
    if (this._releasing) return void this._releasing.then(() => this._painted && this._openLive());
    // Asks for the month shown again when one of its days changed; the others are asked when shown.
    this._live = import('./live-times.js').then(
      ({ openLiveTimes }) =>
        openLiveTimes(
          url,
          (day) => this._browser.changed(day),
          () => this._deps.companyChanged?.(),
          this._since,
        ),
      () => undefined,
    );
  }

  private _closeLive(): void {
    const live = this._live;
    this._live = undefined;
    void live?.then((channel) => {
      if (channel) this._since = Math.max(this._since, channel.close());
    });
  }

  /**
   * Says once, politely, what a quiet reload (live times, the tab's return) changed on the day on
   * screen (#24): the month's answer is a new map only when an answer came in, and a quiet reload
   * shows no "loading", so a new answer for the same day, month, zone and subject is that reload.
   * The first times, another day, month or zone, go through "loading" or change what is shown:
   * the visitor caused those, and hears of them as before. The same change comes in one answer, so
   * it is said once; a later answer that changes nothing says nothing.
   */
  private _noticeChange(): void {
    const view = this.view;
    const inputs = this._deps.inputs();
    const before = this._shown;
    const now = (this._shown =
      view?.status === TimesStatus.Ready && view.days && view.day && inputs
        ? { key: [inputs.store, view.month, view.day, view.displayTimeZone, inputs.earliest, inputs.lastDay], days: view.days }
        : undefined);
    if (!before || !now || before.days === now.days || now.key.some((value, index) => value !== before.key[index])) return;
    const day = view!.day!;
    const change = changeOn(before.days.get(day) ?? [], now.days.get(day) ?? []);
    if (!change) return;
    // After this update (not in it: the owner's change updates the host again).
    if (change.gone.some((time) => time.getTime() === inputs!.slot)) queueMicrotask(() => this._deps.chosenGone?.());
    const localizer = this._deps.localizer();
    void import('./time-changes.js')
      .then(({ describeChange }) => describeChange(localizer, change, view!.displayTimeZone))
      // Said only while the same day is on screen: a sentence about a day the visitor left would mislead.
      .then(
        (text) => this._shown?.key[2] === day && this._deps.announce(text),
        () => {},
      );
  }

  /** The time step's intents, bound in the host's template: `@bw-day-select=${controller}` and so on. */
  handleEvent(event: Event): void {
    const view = this.view;
    if (!view) return;
    switch (event.type) {
      case 'bw-day-focus':
        return this._browser.focus((event as DayFocusEvent).day);
      case 'month-change':
        return this._browser.showMonth((event as MonthChangeEvent).month);
      case 'bw-day-select': {
        const { day } = event as DaySelectEvent;
        this._deps.chooseDay(day);
        return this._announceTimes(day, this._browser.timesOn(day));
      }
      case 'bw-slot-choose':
        return this._deps.chooseTime(view.day, (event as SlotChooseEvent).slot);
      case 'next-available': {
        const next = this._browser.takeNext();
        return next && this._deps.chooseTime(next.day, next.slot);
      }
      case 'zone-change': {
        const { timeZone } = event as ZoneChangeEvent;
        this._deps.zone(timeZone);
        // Every time on screen just changed: say so, and in which zone they are now.
        return this._announceZone(timeZone, view.at);
      }
      case 'bw-retry':
        return this._browser.retry();
    }
  }

  /** "Times are shown in Pacific Time." */
  private _announceZone(timeZone: string, at: number): void {
    const localizer = this._deps.localizer();
    this._deps.announce(localizer.messages.timesShownIn(localizer.zoneName(timeZone, new Date(at))));
  }

  /** "12 times available on Tuesday, March 10", for screen-reader users. */
  private _announceTimes(day: CalendarDate, times: number): void {
    const localizer = this._deps.localizer();
    this._deps.announce(localizer.plural(localizer.messages.timesAvailable, times, { day: localizer.day(day) }));
  }
}

interface Shown {
  /** What the day's times were loaded for: the store, month, day, display zone, earliest instant and last day. */
  key: readonly [SlotStore, string, string, string, number, string | undefined];
  days: ReadonlyMap<CalendarDate, readonly Date[]>;
}

/** The times of `before` that `after` lacks, and the reverse; `undefined` when they hold the same. */
function changeOn(before: readonly Date[], after: readonly Date[]): DayChange | undefined {
  const missing = (from: readonly Date[], list: readonly Date[]) =>
    from.filter((time) => !list.some((other) => other.getTime() === time.getTime()));
  const gone = missing(before, after);
  const added = missing(after, before);
  return gone.length || added.length ? { gone, added } : undefined;
}
