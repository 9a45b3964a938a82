import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { SchedulingClient, SchedulingClientOptions } from '../../api/client.js';
import type { AccessTokenSource } from '../../api/credentials.js';
import { SchedulingError } from '../../api/errors.js';
import { newIdempotencyKey } from '../../api/idempotency-key.js';
import { type ManageClient, createManageClient } from '../../api/manage.js';
import { appointmentTimes } from '../../api/slots.js';
import type { SlotSubject } from '../../api/subject.js';
import type { CalendarDate } from '../../api/time/calendar-date.js';
import type { Clock } from '../../api/time/clock.js';
import { instantToWallClock, localTimeZone, wallClockToInstant } from '../../api/time/zone.js';
import type { Appointment, DateTimeInZone } from '../../api/types.js';
import { isSlotTaken } from '../../booking/booking-failure.js';
import type { Catalog } from '../../booking/catalog.js';
import type { ManageLink } from '../../booking/manage-link.js';
import { earliestNewStart, type Locked, lockedFor, selfServiceRules } from '../../booking/manage-rules.js';
import { staffName } from '../../booking/selection.js';
import { SlotStore } from '../../booking/slot-store.js';
import { displayZoneOf, lastBookableDay } from '../../booking/zones.js';
import type { ManageMessages } from '../../i18n/catalogs/manage/en.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import { loadManageMessages, loadedManageMessages } from '../../i18n/load-manage-messages.js';
import type { Localizer } from '../../i18n/localizer.js';
import { AnnounceEvent } from '../events/announce-event.js';
import { CancelledEvent } from '../events/cancelled-event.js';
import { RescheduledEvent } from '../events/rescheduled-event.js';
import { defineElement } from '../shared/define.js';
import { exportParts } from '../shared/parts.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import type { TimeController } from '../shared/time-controller.js';
// <bw-time-step> is defined by the steps' chunk, which every widget requests as it connects (lazy-parts.ts).
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';
import { ManagePhase } from './manage-phase.js';
import { MANAGE_PARTS } from './manage.parts.js';
import { manageStyles } from './manage.styles.js';

/** What `<bw-manage>` reads of its `<booking-widget>`: which company, and how to reach the service or the proxy. */
/** What `<booking-widget>` hands `<bw-manage>`. */
export interface ManageContext {
  catalog: Catalog;
  link: ManageLink;
  widget: ManagedWidget;
  /** The widget's client, for the free times. */
  slotsApi: SchedulingClient;
  /** How the widget reaches the service (`api-base`, `fetch`, access token, read at each request): the manage client's too. */
  clientOptions: SchedulingClientOptions;
  localizer: Localizer;
  clock: Clock;
  /** The time step's controller, from the steps' chunk (which the widget loads before it shows anything; `undefined` if it could not). */
  TimeController: typeof TimeController | undefined;
}

export interface ManagedWidget {
  companyId: string;
  apiBase: string;
  accessToken: AccessTokenSource | undefined;
  /** `company`, `local` or a zone name. */
  displayTimeZone: string;
}

/** Epoch ms of a wire time (contract §3), read in its own zone or else the company's. */
function instantOf(time: DateTimeInZone, companyZone: string): number {
  const [date, clock = '00:00'] = time.dateTime.split('T');
  return wallClockToInstant(date as CalendarDate, clock.slice(0, 8), time.timeZone ?? companyZone)?.getTime() ?? Number.NaN;
}

/** What the free times are asked for: exactly what the booking holds, so only its time can change. */
function subjectOf(appointment: Appointment): SlotSubject | undefined {
  if (appointment.service) return { kind: 'service', serviceId: appointment.service.id, staffId: appointment.staff?.id };
  if (appointment.resource) {
    return {
      kind: 'resource',
      resourceId: appointment.resource.id,
      resourceCount: appointment.resourceCount,
      iterationCount: appointment.iterationCount,
    };
  }
  return undefined;
}

/**
 * @summary A visitor's own booking, opened from the link they were given: what,
 * with whom, when and the reference; a new time (the booking's time step, then a
 * confirmation) or a cancellation (after a confirmation); or, when neither is
 * possible online any more, why, and how to reach the company.
 *
 * @event bw-rescheduled - The booking moved. `detail: { appointment, previousStart }`.
 * @event bw-cancelled - The booking was cancelled. `detail: { appointment }`.
 *
 * @csspart manage-action - The reschedule, cancel and confirm buttons.
 * @csspart reference - The booking reference.
 */
export class ManageBooking extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, manageStyles];
  static override properties: PropertyDeclarations = {
    _phase: { state: true },
    _text: { state: true },
    _appointment: { state: true },
    _slot: { state: true },
    _day: { state: true },
    _zone: { state: true },
    _slotTaken: { state: true },
    _busy: { state: true },
    _alert: { state: true },
    _loadError: { state: true },
    context: { attribute: false },
  };

  private get _heading(): HTMLElement | null {
    return this.renderRoot.querySelector('h3');
  }

  private _phase: ManagePhase = ManagePhase.Loading;
  private _appointment: Appointment | undefined;
  /** The new time chosen, epoch ms, and its day in the display zone. */
  private _slot: number | undefined;
  private _day: CalendarDate | undefined;
  /** The zone the visitor switched the times to. */
  private _zone: string | undefined;
  /** Back at the times because the one chosen was just taken. */
  private _slotTaken = false;
  /** A change is on its way: the button does nothing more until the answer. */
  private _busy = false;
  /** The last change failed: say so, and the button tries again. */
  private _alert = '';
  private _loadError: unknown;
  private _focusHeading = false;
  private _loadedFor = '';
  private _store: SlotStore | undefined;
  /** Epoch ms before which no new time is offered, taken on starting to reschedule. */
  private _earliest = 0;
  /** The new time's calendar; made with the first context, which brings its code. */
  private _timeStep: TimeController | undefined;
  private _manage: ManageClient | undefined;
  /** One key per change asked for, kept across its retries so that a retry never acts twice. */
  private _key: { for: string; key: string } | undefined;

  /** Manage mode's messages in the localizer's language (their own catalog, loaded with this chunk's first use). */
  private _text: ManageMessages | undefined;
  private _textFor: Localizer | undefined;

  /** Everything it gets from its `<booking-widget>`, in one property (the widget's own code stays small). */
  context!: ManageContext;

  private get localizer(): Localizer {
    return this.context.localizer;
  }
  private get catalog(): Catalog {
    return this.context.catalog;
  }
  private get link(): ManageLink {
    return this.context.link;
  }
  private get widget(): ManagedWidget {
    return this.context.widget;
  }
  private get clock(): Clock {
    return this.context.clock;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Set here rather than by the widget, whose first-load code then need not carry the list.
    this.setAttribute('exportparts', exportParts(MANAGE_PARTS));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._store?.dispose();
  }

  /** The widget's messages and manage mode's, in one language. */
  private get _messages(): Messages & ManageMessages {
    return { ...this.localizer.messages, ...this._text! };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const { TimeController } = this.context;
    if (TimeController)
      this._timeStep ??= new TimeController(this, {
        inputs: () =>
          this._phase === ManagePhase.Time && this._store
            ? {
                store: this._store,
                clock: this.clock,
                companyTimeZone: this._companyZone,
                displayTimeZone: this._shownZone(),
                visitorTimeZone: localTimeZone(),
                earliest: this._earliest,
                lastDay: lastBookableDay(this.catalog, this.clock()),
                day: this._day,
                slot: this._slot,
              }
            : undefined,
        localizer: () => this.localizer,
        chooseDay: (day) => ((this._day = day), (this._slot = undefined)),
        chooseTime: (day, slot) => ((this._day = day), (this._slot = slot)),
        zone: (timeZone) => {
          this._zone = timeZone;
          if (this._slot !== undefined) this._day = instantToWallClock(this._slot, timeZone).date;
        },
        announce: (text, politeness) => this._say(text, politeness),
        // The step shows the failure with a retry; manage mode has no `bw-error` of its own for it.
        failed: () => {},
      });
    if (changed.has('context') && this.localizer !== this._textFor) {
      const { localizer } = this;
      this._textFor = localizer;
      this._text = loadedManageMessages(localizer.locale);
      if (!this._text) void loadManageMessages(localizer.locale).then((text) => this.localizer === localizer && (this._text = text));
    }
    // The host hands over a new link object on each of its renders: only another booking, or another way to reach it, loads again.
    const key = `${this.link.appointmentId} ${this.link.token} ${this.widget.companyId} ${this.widget.apiBase} ${this.widget.accessToken === undefined}`;
    if (changed.has('context') && key !== this._loadedFor) {
      this._loadedFor = key;
      this._manage = createManageClient(this.context.clientOptions);
      void this._load();
    }
  }

  protected override updated(): void {
    if (!this._focusHeading) return;
    this._focusHeading = false;
    this._heading?.focus();
  }

  private _go(phase: ManagePhase, slotTaken = false): void {
    this._phase = phase;
    this._alert = '';
    this._slotTaken = slotTaken;
    this._focusHeading = true;
  }

  private _say(text: string, politeness: 'polite' | 'assertive' = 'polite'): void {
    this.dispatchEvent(new AnnounceEvent(text, politeness));
  }

  private async _load(retried = false): Promise<void> {
    this._phase = ManagePhase.Loading;
    try {
      this._appointment = await this._manage!.getAppointment(this.companyId, this.link.appointmentId, { manageToken: this.link.token });
      this._phase = ManagePhase.View;
    } catch (error) {
      this._loadError = error;
      this._phase = ManagePhase.Failed;
    }
    // Opening the page never takes focus from it; a visitor who retried hears the outcome.
    this._focusHeading = retried;
  }

  private get companyId(): string {
    return this.widget.companyId;
  }

  private get _companyZone(): string {
    return this.catalog.company.timeZone;
  }

  private _times(appointment: Appointment): { start: number; end: number } {
    return { start: instantOf(appointment.start, this._companyZone), end: instantOf(appointment.end, this._companyZone) };
  }

  private _locks(appointment: Appointment): { reschedule: Locked | undefined; cancel: Locked | undefined } {
    const rules = selfServiceRules(this.catalog.company);
    const { start } = this._times(appointment);
    const now = this.clock();
    return { reschedule: lockedFor('reschedule', start, now, rules), cancel: lockedFor('cancel', start, now, rules) };
  }

  private _keyFor(change: string): string {
    if (this._key?.for !== change) this._key = { for: change, key: newIdempotencyKey() };
    return this._key.key;
  }

  // --- Event handlers --------------------------------------------------------

  private _startReschedule = () => {
    const appointment = this._appointment!;
    const subject = subjectOf(appointment);
    if (!subject) return;
    if (!this._store || SlotStore.keyOf(this._store.subject) !== SlotStore.keyOf(subject)) {
      this._store?.dispose();
      this._store = new SlotStore(this.context.slotsApi, this.companyId, subject, this._companyZone, this.clock);
    }
    this._slot = undefined;
    this._day = undefined;
    const now = this.clock();
    this._earliest = Math.max(
      now + (this.catalog.settings.minNoticeMinutes ?? 0) * 60_000,
      earliestNewStart(
        now,
        selfServiceRules(this.catalog.company, () => {}),
      ),
    );
    this._go(ManagePhase.Time);
  };

  private _move = async () => {
    if (this._busy || this._slot === undefined) return;
    const appointment = this._appointment!;
    const { start, end } = this._times(appointment);
    const times = appointmentTimes(new Date(this._slot), (end - start) / 60_000, this._companyZone);
    this._busy = true;
    this._alert = '';
    try {
      const moved = await this._manage!.rescheduleAppointment(this.companyId, appointment, times, {
        manageToken: this.link.token,
        idempotencyKey: this._keyFor(`move ${this._slot}`),
      });
      this._appointment = { ...appointment, ...moved };
      this._store?.invalidate(...this._companyDays(start, this._slot));
      this._go(ManagePhase.Moved);
      this.dispatchEvent(new RescheduledEvent({ appointment: this._appointment, previousStart: new Date(start).toISOString() }));
    } catch (error) {
      if (isSlotTaken(error)) {
        const day = instantToWallClock(this._slot, this._companyZone).date;
        this._store?.invalidate(day, day);
        this._slot = undefined;
        this._go(ManagePhase.Time, true);
        this._say(this._messages.slotTaken, 'assertive');
      } else {
        await this._failed(error);
      }
    } finally {
      this._busy = false;
    }
  };

  private _cancel = async () => {
    if (this._busy) return;
    const appointment = this._appointment!;
    this._busy = true;
    this._alert = '';
    try {
      await this._manage!.cancelAppointment(this.companyId, appointment.id, {
        manageToken: this.link.token,
        idempotencyKey: this._keyFor('cancel'),
      });
      this._go(ManagePhase.Cancelled);
      this.dispatchEvent(new CancelledEvent({ appointment }));
    } catch (error) {
      await this._failed(error);
    } finally {
      this._busy = false;
    }
  };

  /**
   * A change that failed. Refused (the notice window closed while the page was open) or
   * gone (cancelled meanwhile): the booking is read again, so the screen says why. Anything
   * else: the visitor's choice stays, and the same button tries again.
   */
  private async _failed(error: unknown): Promise<void> {
    const status = error instanceof SchedulingError ? error.status : 0;
    if (status === 403 || status === 404) await this._load(true);
    this._alert = this._messages.changeFailed;
    this._say(this._alert, 'assertive');
  }

  /** The company days from the old start to the new one, whose free times just changed. */
  private _companyDays(a: number, b: number): [CalendarDate, CalendarDate] {
    const [first, last] = [Math.min(a, b), Math.max(a, b)].map((ms) => instantToWallClock(ms, this._companyZone).date);
    return [first!, last!];
  }

  // --- Rendering -------------------------------------------------------------

  /** The zone the visitor switched to, else the widget's `display-time-zone`. */
  private _shownZone(): string {
    return this._zone ?? displayZoneOf(this.widget.displayTimeZone, this._companyZone, localTimeZone());
  }

  private _when(ms: number): string {
    const { localizer } = this;
    const at = new Date(ms);
    const zone = this._shownZone();
    return `${localizer.dateTime(at, zone)} (${localizer.zoneName(zone, at)})`;
  }

  private _details(appointment: Appointment, rows: [string, string][] = []): TemplateResult {
    const messages = this._messages;
    const what = appointment.service?.name ?? appointment.resource?.name;
    const who = appointment.staff && staffName(appointment.staff);
    return html`<dl>
      ${
        what
          ? html`<dt>${messages.what}</dt>
              <dd>${what}</dd>`
          : nothing
      }
      ${
        who
          ? html`<dt>${messages.withWhom}</dt>
              <dd>${who}</dd>`
          : nothing
      }
      ${
        rows.length
          ? rows.map(
              ([term, value]) =>
                html`<dt>${term}</dt>
                  <dd>${value}</dd>`,
            )
          : html`<dt>${messages.when}</dt>
              <dd>${this._when(this._times(appointment).start)}</dd>`
      }
      <dt>${messages.reference}</dt>
      <dd class="reference" part="reference">${appointment.reference}</dd>
    </dl>`;
  }

  private _section(heading: string, body: TemplateResult | typeof nothing): TemplateResult {
    return html`<section aria-labelledby="manage-heading">
      <h3 id="manage-heading" tabindex="-1">${heading}</h3>
      ${this._alert ? html`<p class="notice" role="alert">${this._alert}</p>` : nothing} ${body}
    </section>`;
  }

  private _button(label: string, onClick: () => void, secondary = false): TemplateResult {
    const busy = this._busy && !secondary;
    return html`<button
      type="button"
      class=${secondary ? 'button secondary' : 'button'}
      part="manage-action"
      aria-disabled=${busy ? 'true' : nothing}
      @click=${onClick}
    >
      ${busy ? this._messages.saving : label}
    </button>`;
  }

  private _lockReason(change: 'reschedule' | 'cancel', locked: Locked): string {
    const { localizer } = this;
    const messages = this._messages;
    const rules = selfServiceRules(this.catalog.company, () => {});
    if (locked === 'past') return messages.bookingPast;
    if (locked === 'not-allowed') return change === 'reschedule' ? messages.rescheduleOff : messages.cancelOff;
    return change === 'reschedule'
      ? messages.rescheduleNotice(localizer.duration(rules.rescheduleNoticeMinutes))
      : messages.cancelNotice(localizer.duration(rules.cancelNoticeMinutes));
  }

  private _contact(): TemplateResult | typeof nothing {
    const { phone, email } = this.catalog.company;
    if (!phone && !email) return nothing;
    return html`<p>${this._messages.contactUs}</p>
      <ul>
        ${phone ? html`<li><a href=${`tel:${phone.replace(/[^\d+]/g, '')}`}>${phone}</a></li>` : nothing}
        ${email ? html`<li><a href=${`mailto:${email}`}>${email}</a></li>` : nothing}
      </ul>`;
  }

  private _renderView(appointment: Appointment): TemplateResult {
    const messages = this._messages;
    const locks = this._locks(appointment);
    const reasons = [
      ...new Set([
        locks.reschedule && this._lockReason('reschedule', locks.reschedule),
        locks.cancel && this._lockReason('cancel', locks.cancel),
      ]),
    ].filter((reason): reason is string => Boolean(reason));
    return this._section(
      messages.yourBooking,
      html`${this._details(appointment)} ${reasons.map((reason) => html`<p>${reason}</p>`)}
        <div class="actions">
          ${locks.reschedule ? nothing : this._button(messages.reschedule, this._startReschedule)}
          ${locks.cancel ? nothing : this._button(messages.cancelBooking, () => this._go(ManagePhase.ConfirmCancel), true)}
        </div>
        ${reasons.length ? this._contact() : nothing}`,
    );
  }

  private _renderTime(appointment: Appointment): TemplateResult {
    const { localizer } = this;
    const messages = this._messages;
    const times = this._timeStep;
    return this._section(
      messages.chooseNewTime,
      html`<p>${messages.currentTime}: ${this._when(this._times(appointment).start)}</p>
        ${this._slotTaken ? html`<p class="notice" part="notice" role="alert">${messages.slotTaken}</p>` : nothing}
        ${
          times?.view
            ? html`<bw-time-step
                exportparts=${exportParts(TIME_STEP_PARTS)}
                .localizer=${localizer}
                .times=${times.view}
                @bw-day-focus=${times}
                @bw-day-select=${times}
                @month-change=${times}
                @bw-slot-choose=${times}
                @next-available=${times}
                @zone-change=${times}
                @bw-retry=${times}
              ></bw-time-step>`
            : nothing
        }
        <div class="actions">
          ${this._slot === undefined ? nothing : this._button(messages.continue, () => this._go(ManagePhase.ConfirmMove))}
          ${this._button(messages.back, () => this._go(ManagePhase.View), true)}
        </div>`,
    );
  }

  private _renderBody(): TemplateResult {
    const messages = this._messages;
    const appointment = this._appointment;
    switch (this._phase) {
      case ManagePhase.Loading:
        return html`<p role="status">${messages.loading}</p>`;
      case ManagePhase.Failed: {
        const status = this._loadError instanceof SchedulingError ? this._loadError.status : 0;
        const message = status === 403 ? messages.linkInvalid : status === 404 ? messages.bookingGone : messages.loadFailed;
        const retry = status !== 403 && status !== 404;
        return this._section(
          messages.yourBooking,
          html`<div class="problem" role="alert">
            <p>${message}</p>
            ${retry ? this._button(messages.tryAgain, () => void this._load(true), true) : nothing}
          </div>`,
        );
      }
      case ManagePhase.View:
        return this._renderView(appointment!);
      case ManagePhase.Time:
        return this._renderTime(appointment!);
      case ManagePhase.ConfirmMove:
        return this._section(
          messages.confirmNewTime,
          html`${this._details(appointment!, [
              [messages.currentTime, this._when(this._times(appointment!).start)],
              [messages.newTime, this._when(this._slot!)],
            ])}
            <div class="actions">
              ${this._button(messages.moveBooking, this._move)} ${this._button(messages.back, () => this._go(ManagePhase.Time), true)}
            </div>`,
        );
      case ManagePhase.ConfirmCancel:
        return this._section(
          messages.cancelQuestion,
          html`${this._details(appointment!)}
            <div class="actions">
              ${this._button(messages.confirmCancel, this._cancel)}
              ${this._button(messages.keepBooking, () => this._go(ManagePhase.View), true)}
            </div>`,
        );
      case ManagePhase.Moved:
        return this._section(messages.moved, this._details(appointment!));
      case ManagePhase.Cancelled:
        return this._section(messages.cancelled, this._details(appointment!));
    }
  }

  override render() {
    // Until manage mode's messages have arrived in the visitor's language, it is still loading.
    if (!this._text) return html`<p role="status">${this.localizer.messages.loading}</p>`;
    return this._renderBody();
  }
}

defineElement('bw-manage', ManageBooking);

declare global {
  interface HTMLElementTagNameMap {
    'bw-manage': ManageBooking;
  }
}
