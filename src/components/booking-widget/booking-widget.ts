import { Task, TaskStatus } from '@lit/task';
import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { BookingAttempt } from '../../api/booking.js';
import { type SchedulingClient, createSchedulingClient } from '../../api/client.js';
import type { AccessTokenSource } from '../../api/credentials.js';
import { type CalendarDate, addDays } from '../../api/time/calendar-date.js';
import { type Clock, type ClockSetting, clockOf, realClock } from '../../api/time/clock.js';
import { instantToWallClock, isTimeZone, localTimeZone } from '../../api/time/zone.js';
import type { Appointment } from '../../api/types.js';
import { en } from '../../i18n/catalogs/en.js';
import { LocaleController } from '../../i18n/locale-controller.js';
import type { Localizer } from '../../i18n/localizer.js';
import '../company-header/company-header.js';
import type { DetailsForm } from '../details-form/details-form.js';
import { type DetailsErrors, EMPTY_DETAILS, type VisitorDetails } from '../details-form/visitor-details.js';
import { BookedEvent } from '../events/booked-event.js';
import { BookingErrorEvent } from '../events/error-event.js';
import { BookingReadyEvent } from '../events/ready-event.js';
import { SlotSelectEvent } from '../events/slot-select-event.js';
import { StepChangeEvent } from '../events/step-change-event.js';
import type { AnnounceEvent } from '../shared/announce-event.js';
import { Announcer } from '../shared/announcer.js';
import { AutoColors } from '../shared/auto-colors.js';
import { PrefersDarkController } from '../shared/color-scheme.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import type { SlotsErrorEvent, TimeStep, ZoneChangeEvent } from '../time-step/time-step.js';
import { bookingWidgetStyles } from './booking-widget.styles.js';
import { type Catalog, loadCatalog, servicesForStaff, staffForService } from './catalog.js';
import { type ChoiceStepContext, renderResourceStep, renderServiceStep, renderStaffStep } from './choice-steps.js';
import { ANYONE } from './choices.js';
import { Step, stepsFor } from './flow.js';
import { loadLaterSteps, loadLaterStepsWhenIdle, loadTimeStep } from './lazy-parts.js';
import { type Problem, bookingFailure, configProblem, loadProblem } from './problems.js';
import { type Selection, bookingRequest, chosen, subjectOf } from './selection.js';
import { SlotStore } from './slot-store.js';
import { bookingSummary } from './summary.js';

export type Theme = 'light' | 'dark' | 'auto';

/** Values to start the details form with; the visitor can change them. */
export interface BookingPrefill {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  notes?: string;
}

/** Preselections that turned out valid for the company. */
interface Preselected {
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
}

type BookingRequest = NonNullable<ReturnType<typeof bookingRequest>>;

/**
 * @summary Lets a visitor book an appointment: the company, what to book, a day
 * and a time, their details, and a confirmation.
 *
 * @event bw-ready - The company has loaded. `detail: { company }`.
 * @event bw-step-change - The visitor moved to another step. `detail: { step, previousStep }`.
 * @event bw-slot-select - The visitor chose a time. `detail: { start, startInCompanyZone, serviceId?, staffId?, resourceId?, resourceCount? }`.
 * @event bw-booked - An appointment was created. `detail: { appointment }`.
 * @event bw-error - Something failed. `detail: { phase, status, errorCode, message }`.
 *
 * @csspart base - The widget's box.
 * @csspart header - The company header.
 * @csspart progress - The list of steps.
 * @csspart step - The current step.
 * @csspart step-heading - The current step's heading.
 * @csspart back - The button back to the previous step.
 * @csspart continue - The button on to the next step.
 * @csspart notice - A message about the step (a time that was just taken).
 * @csspart problem - The message shown when the widget cannot load.
 * @csspart summary - What is being booked, above the details form.
 * @csspart picture - The company's picture.
 * @csspart name - The company's name.
 * @csspart description - The company's description.
 * @csspart welcome - The merchant's welcome message.
 * @csspart group - A group of choices (resources by resource group).
 * @csspart choice - A service, staff member or resource to choose (`aria-pressed` when chosen).
 * @csspart zone - The sentence naming the zone times are shown in, with the switch.
 * @csspart month-heading - The month shown in the day picker.
 * @csspart previous - The previous-month button.
 * @csspart next - The next-month button.
 * @csspart day - A day; with `available`, `selected` and `today` tokens: `::part(day selected)`.
 * @csspart period - Morning, afternoon or evening times.
 * @csspart slot - A time; with a `selected` token when chosen.
 * @csspart next-available - The shortcut to the next free time.
 * @csspart field-error - The message under a field that needs correcting.
 * @csspart submit - The booking button.
 * @csspart reference - The booking reference on the confirmation.
 * @csspart calendar-link - The add-to-calendar links.
 *
 * @cssproperty --bw-accent - Brand colour of buttons and the chosen day and time; default the company's accent setting, else #1d4ed8.
 * @cssproperty --bw-accent-text - Text on the accent colour; default white or black, whichever reads better.
 * @cssproperty --bw-link - Links and secondary buttons; default the accent when it is readable on the background, else the text colour.
 * @cssproperty --bw-background - Background of the widget.
 * @cssproperty --bw-surface - Background of buttons, fields and cards.
 * @cssproperty --bw-text - Text colour.
 * @cssproperty --bw-text-muted - Secondary text colour.
 * @cssproperty --bw-border - Outline of the widget.
 * @cssproperty --bw-border-strong - Outline of buttons and fields (3:1 against the background).
 * @cssproperty --bw-accent-soft - Tint behind available days and the summary; default 10 % of the accent.
 * @cssproperty --bw-danger - Error colour.
 * @cssproperty --bw-danger-soft - Background of error messages.
 * @cssproperty --bw-success - Confirmation colour.
 * @cssproperty --bw-radius - Corner radius. Default 0.5em.
 * @cssproperty --bw-font-family - Font. Default the system font.
 * @cssproperty --bw-font-size - Base font size. Default 1rem, at least 16px.
 * @cssproperty --bw-focus-color - Focus ring colour. Default the text colour.
 * @cssproperty --bw-focus-width - Focus ring width. Default 3px.
 * @cssproperty --bw-padding - Space inside the widget's box.
 * @cssproperty --bw-gap - Space between the widget's sections. Default 1.25em.
 */
export class BookingWidget extends LitElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, bookingWidgetStyles];

  @query('.root') private _root?: HTMLElement;
  @query('#step-heading') private _stepHeading?: HTMLElement;
  @query('bw-time-step') private _timeStep?: TimeStep;
  @query('bw-details-form') private _detailsForm?: DetailsForm;

  /** The loaded catalog; kept here because the task's own status is not yet COMPLETE when `onComplete` runs. */
  @state() private _catalog: Catalog | undefined;
  @state() private _step: Step | undefined;
  @state() private _selection: Selection = { quantity: 1 };
  /** Everything the visitor typed: kept across steps and failures. */
  @state() private _details: VisitorDetails = EMPTY_DETAILS;
  /** The zone the visitor switched to; until then, the `display-time-zone` attribute decides. */
  @state() private _chosenZone: string | undefined;
  /** Epoch ms before which slots are not offered: now + minimum notice, set on entering the time step. */
  @state() private _earliest = 0;
  /** A message about the time step (a time just taken). */
  @state() private _notice = '';
  @state() private _fieldErrors: DetailsErrors = {};
  @state() private _bookingAlert = '';
  @state() private _appointment: Appointment | undefined;

  private _preselected: Preselected = {};
  /** Kept while the visitor retries, so every retry reuses its idempotency keys. */
  private _attempt: BookingAttempt | undefined;
  private readonly _stores = new Map<string, SlotStore>();
  /** The API client, and what it was made from: a change to any of them makes a new one. */
  private _client:
    | { apiBase: string; accessToken: AccessTokenSource | undefined; fetch: typeof fetch | undefined; api: SchedulingClient }
    | undefined;
  private _focusHeadingAfterRender = false;
  /** What "now" is: the real clock, or the one `now` pins. */
  private _clock: Clock = realClock;
  /** Set from the first click on Book until the booking task runs: a second click does nothing. */
  private _submitting = false;

  private readonly _announcer = new Announcer(this);
  private readonly _prefersDark = new PrefersDarkController(this);
  private readonly _autoColors = new AutoColors();

  /** The company's id or externalId. Required. */
  @property({ attribute: 'company-id' }) companyId = '';

  /** URL of the booking proxy (or of the service, with `accessToken`). Default: the page's origin. */
  @property({ attribute: 'api-base' }) apiBase = '';

  /** Language, as a BCP 47 tag (`fr`, `pt-BR`). Default: the company's setting, then the page's `lang`, then the browser's. */
  @property() locale: string | undefined;

  /** `company` (default), `local` (the visitor's zone), or an IANA zone name. */
  @property({ attribute: 'display-time-zone' }) displayTimeZone = 'company';

  /** Preselects a service and skips its step. */
  @property({ attribute: 'service-id' }) serviceId: string | undefined;

  /** Preselects a staff member and skips their step. */
  @property({ attribute: 'staff-id' }) staffId: string | undefined;

  /** Preselects a resource and skips its step (unless a quantity is to be chosen). */
  @property({ attribute: 'resource-id' }) resourceId: string | undefined;

  /** `light` (default), `dark`, or `auto` to follow the visitor's system. */
  @property({ reflect: true }) theme: Theme = 'light';

  /** An OAuth access token (or a function returning it) to call the service directly, without a proxy. */
  @property({ attribute: false }) accessToken: AccessTokenSource | undefined;

  /** Values to start the details form with. */
  @property({ attribute: false }) prefill: BookingPrefill | undefined;

  /** A `fetch` to send requests with, instead of the page's (instrumentation, custom transports). */
  @property({ attribute: false }) fetch: typeof fetch | undefined;

  /**
   * Pins the widget's clock: an instant (ISO 8601, also as the `now` attribute) to preview another day,
   * or a function returning the current instant. Default: the real clock.
   */
  @property() now: ClockSetting | undefined;

  /** The language: attribute, company setting, page, browser (docs/i18n.md); its catalog loads on demand. */
  private readonly _locale = new LocaleController(this, () => [
    this.locale,
    this._catalog?.settings.locale,
    this.closest('[lang]')?.getAttribute('lang'),
    ...(globalThis.navigator?.languages ?? []),
  ]);

  private readonly _catalogTask = new Task(this, {
    task: async ([companyId, , , , serviceId, staffId, resourceId], { signal }) => {
      if (!companyId) throw new TypeError("the company-id attribute is required: the company's id or externalId.");
      return loadCatalog(this._api, companyId, { serviceId, staffId, resourceId }, this._clock(), signal);
    },
    args: () => [this.companyId, this.apiBase, this.accessToken, this.fetch, this.serviceId, this.staffId, this.resourceId] as const,
    onComplete: (catalog) => this._start(catalog),
    onError: (error) => {
      this._catalog = undefined;
      this._report(this._problemOf(error, 'load'));
    },
  });

  private readonly _bookingTask = new Task(this, {
    task: async ([request, attempt]: [BookingRequest, BookingAttempt], { signal }) => attempt.book(this._api, request, signal),
    autoRun: false,
    onComplete: (appointment) => this._onBooked(appointment),
    onError: (error) => this._onBookingFailed(error),
  });

  override connectedCallback() {
    super.connectedCallback();
    loadTimeStep().catch(() => {});
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._forgetSlots();
  }

  /** The clock `now` stands for; a `now` that is not an instant is reported, and the real clock kept. */
  private _clockOf(now: ClockSetting | undefined): Clock {
    try {
      return clockOf(now);
    } catch (error) {
      this._report(configProblem(`now: ${(error as Error).message} Using the real clock.`, en));
      return realClock;
    }
  }

  /** Stops and drops every slot store: the widget left the page, or loads another company or API. */
  private _forgetSlots() {
    for (const store of this._stores.values()) store.dispose();
    this._stores.clear();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('now')) this._clock = this._clockOf(this.now);
    if (changed.has('prefill') && this.prefill) {
      // Prefill only what the visitor has not typed yet.
      const details = { ...this._details };
      for (const [field, value] of Object.entries(this.prefill)) {
        const key = field as keyof BookingPrefill;
        if (typeof value === 'string' && !details[key]) details[key] = value;
      }
      this._details = details;
    }
  }

  protected override updated() {
    if (this._focusHeadingAfterRender) {
      this._focusHeadingAfterRender = false;
      this._stepHeading?.focus();
    }
    if (this._root) {
      // Through the CSSOM, never a style attribute: a strict CSP (style-src 'self') refuses those.
      const accent = this._catalog?.settings.accentColor;
      if (accent) this._root.style.setProperty('--_company-accent', accent);
      else this._root.style.removeProperty('--_company-accent');
      this._autoColors.apply(this._root);
    }
  }

  // --- Derived state -------------------------------------------------------

  private get _api(): SchedulingClient {
    const { apiBase, accessToken, fetch } = this;
    const client = this._client;
    if (client && client.apiBase === apiBase && client.accessToken === accessToken && client.fetch === fetch) return client.api;
    const api = createSchedulingClient({
      apiBase: apiBase || globalThis.location?.origin || '',
      ...(accessToken !== undefined && { accessToken }),
      ...(fetch && { fetch }),
    });
    this._client = { apiBase, accessToken, fetch, api };
    return api;
  }

  private get _localizer(): Localizer {
    return this._locale.localizer;
  }

  private get _steps(): Step[] {
    const catalog = this._catalog;
    if (!catalog) return [];
    const resource = chosen(catalog, { quantity: 1, resourceId: this._preselected.resourceId }).resource;
    return stepsFor(catalog.mode, {
      service: Boolean(this._preselected.serviceId),
      staff: Boolean(this._preselected.staffId),
      resource: Boolean(this._preselected.resourceId),
      resourceNeedsQuantity: (resource?.count ?? 1) > 1,
    });
  }

  private get _companyZone(): string {
    return this._catalog?.company.timeZone ?? 'UTC';
  }

  private get _displayZone(): string {
    const choice = this._chosenZone ?? this.displayTimeZone;
    if (!choice || choice === 'company') return this._companyZone;
    if (choice === 'local') return localTimeZone();
    return isTimeZone(choice) ? choice : this._companyZone;
  }

  /** The last bookable company-zone day, from the `maxDaysAhead` setting. */
  private get _lastDay(): CalendarDate | undefined {
    const maxDaysAhead = this._catalog?.settings.maxDaysAhead;
    if (maxDaysAhead === undefined) return undefined;
    return addDays(instantToWallClock(this._clock(), this._companyZone).date, maxDaysAhead);
  }

  /** The free slots of what is chosen; one store per subject, kept for the visitor's way back. */
  private get _store(): SlotStore | undefined {
    const catalog = this._catalog;
    const subject = catalog && subjectOf(catalog, this._selection);
    if (!catalog || !subject) return undefined;
    const key = SlotStore.keyOf(subject);
    let store = this._stores.get(key);
    if (!store) {
      store = new SlotStore(this._api, this.companyId, subject, catalog.company.timeZone, this._clock);
      this._stores.set(key, store);
    }
    return store;
  }

  // --- Flow ----------------------------------------------------------------

  private _start(catalog: Catalog) {
    this._forgetSlots();
    this._catalog = catalog;
    this._preselected = this._validPreselection(catalog);
    const { serviceId, staffId, resourceId } = this._preselected;
    this._selection = { quantity: 1, serviceId, staffId, resourceId };
    this._appointment = undefined;
    // The free slots asked for with the company count as loaded for this subject.
    if (catalog.earlySlots && (serviceId || resourceId)) {
      const { startDate, endDate, response } = catalog.earlySlots;
      this._store?.adopt(startDate, endDate, response);
    }
    if (this.displayTimeZone !== 'company' && this.displayTimeZone !== 'local' && !isTimeZone(this.displayTimeZone)) {
      this._report(configProblem(`display-time-zone "${this.displayTimeZone}" is not a time zone; showing the company's.`, en));
    }
    this._step = undefined;
    this._goTo(this._steps[0]!, false);
    this.dispatchEvent(new BookingReadyEvent({ company: catalog.company }));
  }

  /** Keeps the preselections that exist in the company; tells the merchant about the others. */
  private _validPreselection(catalog: Catalog): Preselected {
    const check = (attribute: string, id: string | undefined, known: { id: string }[]) => {
      if (!id) return undefined;
      if (known.some((item) => item.id === id)) return id;
      this._report(configProblem(`${attribute} "${id}" is not bookable online at company "${this.companyId}"; the visitor chooses instead.`, en));
      return undefined;
    };
    if (catalog.mode === 'resource') return { resourceId: check('resource-id', this.resourceId, catalog.resources) };
    const staffChosen = catalog.mode === 'service-staff' || catalog.mode === 'staff-service';
    return {
      serviceId: check('service-id', this.serviceId, catalog.services),
      staffId: staffChosen ? check('staff-id', this.staffId, catalog.staff) : undefined,
    };
  }

  private _goTo(step: Step, moveFocus = true) {
    const previousStep = this._step;
    if (step === previousStep) return;
    if (step === Step.Time) this._earliest = this._clock() + (this._catalog?.settings.minNoticeMinutes ?? 0) * 60_000;
    else this._notice = '';
    if (step === Step.Details || step === Step.Done) loadLaterSteps().catch(() => {});
    this._step = step;
    this._focusHeadingAfterRender = moveFocus;
    this.dispatchEvent(new StepChangeEvent({ step, previousStep }));
  }

  private _move(by: 1 | -1) {
    const steps = this._steps;
    const next = steps[steps.indexOf(this._step!) + by];
    if (next) this._goTo(next);
  }

  private _select(changes: Partial<Selection>) {
    this._selection = { ...this._selection, ...changes };
  }

  private _chooseService(serviceId: string) {
    const catalog = this._catalog!;
    const service = catalog.services.find((s) => s.id === serviceId)!;
    const { staffId } = this._selection;
    // A staff member chosen before stays only if they perform the new service.
    const staffFits = !staffId || staffId === ANYONE || staffForService(service, catalog.staff).some((s) => s.id === staffId);
    this._select({ serviceId, staffId: staffFits ? staffId : undefined });
    this._move(1);
  }

  private _chooseStaff(staffId: string) {
    const catalog = this._catalog!;
    const member = catalog.staff.find((s) => s.id === staffId);
    const { serviceId } = this._selection;
    // In staff-service mode, a service chosen before stays only if the new staff member offers it.
    const serviceFits =
      !serviceId || !member || catalog.mode !== 'staff-service' || servicesForStaff(member, catalog.services).some((s) => s.id === serviceId);
    this._select({ staffId, serviceId: serviceFits ? serviceId : undefined });
    this._move(1);
  }

  private _onTimeChange() {
    // The time step shows a day's times: what comes after loads once they are painted.
    loadLaterStepsWhenIdle();
    const { day, value } = this._timeStep!;
    const slotChanged = value !== this._selection.slot;
    this._select({ day, slot: value });
    if (slotChanged && value !== undefined) {
      // A time is chosen: fetch the details form and what follows now, while the visitor reaches for Continue.
      loadLaterSteps().catch(() => {});
      this._emitSlotSelect(value);
    }
  }

  private _emitSlotSelect(slot: number) {
    const catalog = this._catalog!;
    const start = new Date(slot);
    const { date, time } = instantToWallClock(start, catalog.company.timeZone);
    this.dispatchEvent(
      new SlotSelectEvent({
        start: start.toISOString(),
        startInCompanyZone: { dateTime: `${date}T${time}`, timeZone: catalog.company.timeZone },
        ...subjectOf(catalog, this._selection)!,
      }),
    );
  }

  private _onZoneChange(event: ZoneChangeEvent) {
    this._chosenZone = event.timeZone;
    // Every time on screen just changed: say so, and in which zone they are now.
    const localizer = this._localizer;
    this._announcer.say(localizer.messages.timesShownIn(localizer.zoneName(event.timeZone, new Date(this._selection.slot ?? this._clock()))));
    const { slot } = this._selection;
    // The chosen time stays; its day is read again in the new zone.
    if (slot !== undefined) this._select({ day: instantToWallClock(slot, event.timeZone).date });
  }

  /** The time step shows the failure and a retry; the page hears of it, and the console too when retrying cannot help. */
  private _onSlotsError(event: SlotsErrorEvent) {
    const problem = this._problemOf(event.error, 'slots');
    this._report(problem, !problem.retryable);
  }

  private _onDetailsInput() {
    this._details = this._detailsForm!.value;
  }

  private async _book() {
    if (this._submitting || this._bookingTask.status === TaskStatus.PENDING) return;
    this._details = this._detailsForm!.value;
    const request = bookingRequest(this.companyId, this._catalog!, this._selection, this._details, this._localizer.locale, localTimeZone());
    if (!request) return;
    this._submitting = true;
    this._bookingAlert = '';
    this._fieldErrors = {};
    try {
      const { BookingAttempt } = await loadLaterSteps();
      this._attempt ??= new BookingAttempt();
      void this._bookingTask.run([request, this._attempt]);
    } catch {
      this._bookingAlert = this._localizer.messages.offline;
    } finally {
      this._submitting = false;
    }
  }

  private _onBooked(appointment: Appointment) {
    this._appointment = appointment;
    this._attempt = undefined;
    this._invalidateChosenDay();
    this._goTo(Step.Done);
    this._announcer.say(this._localizer.messages.bookingConfirmedAnnouncement);
    this.dispatchEvent(new BookedEvent({ appointment }));
  }

  private _onBookingFailed(error: unknown) {
    const problem = this._problemOf(error, 'booking');
    const failure = bookingFailure(error, problem, this._localizer.messages);
    this._report(problem, failure.kind === 'other' && !problem.retryable);
    if (failure.kind === 'slot-taken') {
      this._invalidateChosenDay();
      this._select({ slot: undefined });
      this._goTo(Step.Time);
      this._notice = failure.message;
      this._announcer.say(failure.message, 'assertive');
    } else if (failure.kind === 'field') {
      this._fieldErrors = { [failure.field]: failure.message };
      this._announcer.say(failure.message, 'assertive');
    } else {
      this._bookingAlert = failure.message;
    }
  }

  /** The chosen slot's company day changed on the service: ask again next time. */
  private _invalidateChosenDay() {
    const { slot } = this._selection;
    if (slot === undefined) return;
    const day = instantToWallClock(slot, this._companyZone).date;
    this._store?.invalidate(day, day);
  }

  private _restart() {
    const { serviceId, staffId, resourceId } = this._preselected;
    this._selection = { quantity: 1, serviceId, staffId, resourceId };
    this._appointment = undefined;
    this._goTo(this._steps[0]!);
  }

  // --- Problems and announcements -------------------------------------------

  private _problemOf(error: unknown, phase: 'load' | 'slots' | 'booking'): Problem {
    return loadProblem(error, phase, { companyId: this.companyId, apiBase: this.apiBase }, this._localizer.messages);
  }

  /** Tells the page (event) and, for what the merchant must fix, the console. */
  private _report(problem: Problem, logToConsole = true) {
    if (logToConsole) console.error(problem.merchantMessage);
    const { phase, status, errorCode, merchantMessage: message } = problem;
    this.dispatchEvent(new BookingErrorEvent({ phase, status, errorCode, message }));
  }

  private _onAnnounce(event: AnnounceEvent) {
    event.stopPropagation();
    this._announcer.say(event.message, event.politeness);
  }

  // --- Rendering -----------------------------------------------------------

  private _renderProgress(localizer: Localizer) {
    const steps = this._steps.filter((step) => step !== Step.Done);
    if (this._step === Step.Done || steps.length < 2) return nothing;
    const current = steps.indexOf(this._step!);
    return html`<nav class="progress" part="progress" aria-label=${localizer.messages.progressLabel}>
      <ol>
        ${steps.map((step, index) => {
          const label = `${localizer.number(index + 1)}. ${localizer.messages.stepNames[step]}`;
          if (index < current) {
            return html`<li><button type="button" class="link-button" @click=${() => this._goTo(step)}>${label}</button></li>`;
          }
          return html`<li><span aria-current=${index === current ? 'step' : nothing}>${label}</span></li>`;
        })}
      </ol>
    </nav>`;
  }

  private _renderStep(catalog: Catalog, localizer: Localizer) {
    const { messages } = localizer;
    const step = this._step!;
    const canGoBack = this._steps.indexOf(step) > 0 && step !== Step.Done;
    return html`<section class="step" part="step" aria-labelledby="step-heading">
      <div class="step-header">
        ${canGoBack
          ? html`<button type="button" class="button secondary back" part="back" @click=${() => this._move(-1)}>
              <span aria-hidden="true">${localizer.dir === 'rtl' ? '→' : '←'}</span> ${messages.back}
            </button>`
          : nothing}
        <h3 id="step-heading" part="step-heading" tabindex="-1">${messages.steps[step]}</h3>
      </div>
      ${this._renderStepBody(step, catalog, localizer)}
    </section>`;
  }

  private _renderStepBody(step: Step, catalog: Catalog, localizer: Localizer) {
    const choices: ChoiceStepContext = {
      catalog,
      localizer,
      selection: this._selection,
      resourcePreselected: Boolean(this._preselected.resourceId),
      onService: (id) => this._chooseService(id),
      onStaff: (id) => this._chooseStaff(id),
      onResource: (resourceId) => this._select({ resourceId, quantity: 1 }),
      onQuantity: (quantity) => this._select({ quantity }),
      onContinue: () => this._move(1),
    };
    switch (step) {
      case Step.Service:
        return renderServiceStep(choices);
      case Step.Staff:
        return renderStaffStep(choices);
      case Step.Resource:
        return renderResourceStep(choices);
      case Step.Time:
        return this._renderTimeStep(catalog, localizer);
      case Step.Details:
        return this._renderDetailsStep(catalog, localizer);
      case Step.Done:
        return this._renderDone(catalog, localizer);
    }
  }

  private _renderTimeStep(catalog: Catalog, localizer: Localizer) {
    const store = this._store;
    if (!store) return nothing;
    return html`
      ${this._notice ? html`<p class="notice" part="notice" role="alert">${this._notice}</p>` : nothing}
      <bw-time-step
        exportparts="zone, month-heading, previous, next, day, available, selected, today, period, slot, next-available"
        .localizer=${localizer}
        .clock=${this._clock}
        .store=${store}
        .earliest=${this._earliest}
        .lastDay=${this._lastDay}
        .day=${this._selection.day}
        .value=${this._selection.slot}
        companyTimeZone=${catalog.company.timeZone}
        displayTimeZone=${this._displayZone}
        visitorTimeZone=${localTimeZone()}
        @change=${this._onTimeChange}
        @zone-change=${this._onZoneChange}
        @slots-error=${this._onSlotsError}
        >${this._lazyFallback(localizer)}</bw-time-step
      >
      <div>
        <button type="button" class="button" part="continue" ?hidden=${this._selection.slot === undefined} @click=${() => this._move(1)}>
          ${localizer.messages.continue}
        </button>
      </div>
    `;
  }

  private _renderDetailsStep(catalog: Catalog, localizer: Localizer) {
    const summary = bookingSummary(catalog, this._selection, this._displayZone, localizer.messages);
    const { settings } = catalog;
    return html`
      ${summary
        ? html`<div class="summary" part="summary">
            <strong>${summary.what}${summary.withWhom ? ` · ${summary.withWhom}` : ''}</strong>
            <span>${localizer.dateTime(summary.start, summary.displayTimeZone)} (${localizer.zoneName(summary.displayTimeZone, summary.start)})</span>
          </div>`
        : nothing}
      <bw-details-form
        exportparts="field-error, submit"
        .localizer=${localizer}
        .value=${this._details}
        .rules=${{ phone: settings.fields.phone, notes: settings.fields.notes, consentRequired: Boolean(settings.privacyPolicyUrl) }}
        .errors=${this._fieldErrors}
        privacyPolicyUrl=${settings.privacyPolicyUrl ?? nothing}
        alert=${this._bookingAlert}
        ?busy=${this._bookingTask.status === TaskStatus.PENDING}
        @input=${this._onDetailsInput}
        @submit=${this._book}
        >${this._lazyFallback(localizer)}</bw-details-form
      >
    `;
  }

  private _renderDone(catalog: Catalog, localizer: Localizer) {
    const summary = bookingSummary(catalog, this._selection, this._displayZone, localizer.messages, this._appointment);
    if (!this._appointment || !summary) return nothing;
    return html`<bw-confirmation
      exportparts="reference, calendar-link"
      .localizer=${localizer}
      .appointment=${this._appointment}
      .clock=${this._clock}
      .summary=${summary}
      @restart=${this._restart}
      >${this._lazyFallback(localizer)}</bw-confirmation
    >`;
  }

  /** Shown inside a lazy element until its chunk has defined it (then its shadow root hides this). */
  private _lazyFallback(localizer: Localizer) {
    return html`<p class="loading"><span class="spinner" aria-hidden="true"></span>${localizer.messages.loading}</p>`;
  }

  private _renderProblem(error: unknown, localizer: Localizer) {
    const problem = this._problemOf(error, 'load');
    return html`<div class="problem" part="problem" role="alert">
      <p>${problem.visitorMessage}</p>
      ${problem.retryable
        ? html`<button type="button" class="button secondary" @click=${() => this._catalogTask.run()}>${localizer.messages.tryAgain}</button>`
        : nothing}
    </div>`;
  }

  override render() {
    const localizer = this._localizer;
    const catalog = this._catalog;
    const dark = this.theme === 'dark' || (this.theme === 'auto' && this._prefersDark.dark);
    const loading = html`<div role="status">${this._lazyFallback(localizer)}</div>`;
    return html`<div
      class=${dark ? 'root dark' : 'root'}
      part="base"
      lang=${localizer.locale}
      dir=${localizer.dir}
      @announce=${this._onAnnounce}
    >
      ${this._catalogTask.render({
        initial: () => nothing,
        pending: () => loading,
        error: (error) => this._renderProblem(error, localizer),
        complete: () =>
          // Until the visitor's language has loaded, keep the loading state rather than flash English.
          !catalog || !this._locale.ready
            ? loading
            : html`
                <bw-company-header
                  part="header"
                  exportparts="picture, name, description, welcome"
                  .company=${catalog.company}
                  welcomeMessage=${catalog.settings.welcomeMessage ?? nothing}
                ></bw-company-header>
                ${this._renderProgress(localizer)} ${this._step ? this._renderStep(catalog, localizer) : nothing}
              `,
      })}
      ${this._announcer.render()}
    </div>`;
  }
}

defineElement('booking-widget', BookingWidget);

declare global {
  interface HTMLElementTagNameMap {
    'booking-widget': BookingWidget;
  }
}
