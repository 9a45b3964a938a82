import { type PropertyValues, html, nothing, type PropertyDeclarations } from 'lit';
import type { AccessTokenSource } from '../../api/credentials.js';
import type { ScheduledItems } from 'booking-widget-shared/types';
import { type Clock, type ClockSetting, clockFollowing } from '../../api/time/clock.js';
import { isTimeZone } from 'booking-widget-shared/zone';
import { type Catalog, readyFor } from '../../booking/catalog.js';
import { DEFAULT_MANAGE_PARAM, type ManageLink, ManageLinkSource, placeLink } from '../../booking/manage-link.js';
import { type Preselected, samePreselection } from '../../booking/preselection.js';
import { type ErrorPhase, type Problem, configProblem, loadProblem } from '../../booking/problems.js';
import { Step } from '../../booking/steps.js';
import { type BookingPrefill, EMPTY_DETAILS, type VisitorDetails, withPrefill } from '../../booking/visitor-details.js';
import { en } from '../../i18n/catalogs/en.js';
import { LocaleController } from '../../i18n/locale-controller.js';
import '../company-header/company-header.js';
import type { AnnounceEvent } from '../events/announce-event.js';
import { BookingReadyEvent } from '../events/ready-event.js';
import { Announcer } from '../shared/announcer.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles, messageStyles } from '../shared/styles.js';
import type { TimeController } from './time-controller.js';
import type { BookingController, BookingDependencies } from './booking-controller.js';
import { bookingWidgetStyles } from './booking-widget.styles.js';
import { CatalogController } from './catalog-controller.js';
import type { StepContext } from './choice-steps.js';
import { FlowController } from './flow-controller.js';
import { type QueueMode, type StepViews, loadLaterSteps, loadSteps, openLine, openManage, startAnalytics } from './lazy-parts.js';
import { LocationController } from './location-controller.js';
import { MeasuredElement } from './measure-properties.js';
import type { ManageController } from './manage-controller.js';
import { renderManage } from './manage-view.js';
import { renderCompany } from './company-view.js';
import { renderProblem, reportProblem } from './report.js';
import { type Theme, ThemeController } from './theme-controller.js';

export type { BookingPrefill, Theme };

/**
 * @summary Lets a visitor book an appointment: the company, what to book, a day
 * and a time, their details, and a confirmation.
 *
 * @event bw-ready - The company has loaded. `detail: { company }`.
 * @event bw-step-change - The visitor moved to another step. `detail: { step, previousStep }`.
 * @event bw-slot-select - The visitor chose a time. `detail: { start, startInCompanyZone, serviceId?, staffId?, resourceId?, resourceCount? }`.
 * @event bw-slot-held - The booking proxy holds the chosen time for the visitor while they type their details; again at each renewal. `detail: { start, expiresAt }`.
 * @event bw-slot-released - The held time was given back. `detail: { start, reason }`, `reason` one of `back`, `left`, `booked`.
 * @event bw-slot-gone - The chosen time was taken by someone else first; the visitor, still on their details, is offered the nearest free times. `detail: { start, alternatives }`.
 * @event bw-booked - An appointment was created. `detail: { appointment, manageUrl?, attribution? }`.
 * @event bw-rescheduled - In manage mode, the visitor moved their booking. `detail: { appointment, previousStart }`.
 * @event bw-cancelled - In manage mode, the visitor cancelled their booking. `detail: { appointment }`.
 * @event bw-queue-joined - The visitor joined the company's walk-in line. `detail: { registration, placeUrl? }`.
 * @event bw-queue-updated - The visitor's place in the line changed (people ahead, wait, status). `detail: { registration }`.
 * @event bw-queue-called - Staff called the visitor: it is their turn. `detail: { registration }`.
 * @event bw-queue-left - The visitor left the line. `detail: { registration }`.
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
 * @csspart manage-link - The confirmation's "Reschedule or cancel" link.
 * @csspart manage-action - In manage mode, the reschedule, cancel and confirm buttons.
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
 * @cssproperty --bw-slow-after - How long a wait (loading, booking) lasts before "This is taking longer than usual" shows under it. Default 10s.
 */
export class BookingWidget extends MeasuredElement {
  static override styles = [baseStyles, buttonStyles, messageStyles, bookingWidgetStyles];
  static override properties: PropertyDeclarations = {
    _details: { state: true, attribute: false },
    companyId: { attribute: 'company-id' },
    apiBase: { attribute: 'api-base' },
    locale: {},
    displayTimeZone: { attribute: 'display-time-zone' },
    serviceId: { attribute: 'service-id' },
    staffId: { attribute: 'staff-id' },
    resourceId: { attribute: 'resource-id' },
    theme: { reflect: true },
    accessToken: { attribute: false },
    prefill: { attribute: false },
    fetch: { attribute: false },
    now: {},
    scheduledItems: { attribute: 'scheduled-items' },
    bookingToken: { attribute: 'booking-token' },
    manageParam: { attribute: 'manage-param' },
    manageUrl: { attribute: 'manage-url' },
    queue: {},
  };

  private get _root(): HTMLElement | null {
    return this.renderRoot.querySelector('.root') as HTMLElement | null;
  }
  private get _stepHeading(): HTMLElement | null {
    return this.renderRoot.querySelector('#step-heading') as HTMLElement | null;
  }

  /** Everything the visitor typed: kept across steps and failures. */
  private _details: VisitorDetails = EMPTY_DETAILS;
  /** The steps' chunk could not load (offline): the steps show their "Loading…" rather than nothing. */
  private _stepsUnavailable = false;
  /** What "now" is: the real clock, or the one `now` pins; read from `now` as it is, even before the first update. */
  private readonly _clockFor = clockFollowing((message) => this._report(configProblem(`now: ${message} Using the real clock.`, en)));
  private get _clock(): Clock {
    return this._clockFor(this.now);
  }
  /** @internal Manage mode, once its chunk has arrived for a visitor's link (set by `openManage`, lazy-parts.ts). */
  _manage: ManageController | undefined;
  /** The visitor's manage link, read from the page's address once and then removed from it. */
  private readonly _link = new ManageLinkSource(this);
  /** @internal A walk-in line: `null` while its chunk is on its way, then the line (set by `openLine`, lazy-parts.ts). */
  _line: QueueMode | null | undefined;

  private readonly _announcer = new Announcer(this);
  /** @internal The company and its lists: the time step reads them again when the company changes (catalog-refresh.ts). */
  readonly _catalog = new CatalogController(this, {
    clock: () => this._clock,
    loaded: (catalog, preselected) => this._start(catalog, preselected),
    completed: (catalog, preselected) => {
      // A preselection the full lists do not hold restarts the flow without it; else the flow just has the lists.
      if (samePreselection(preselected, this._flow.state?.preselected ?? {})) this._flow.dispatch({ type: 'catalog', catalog });
      else this._flow.start(catalog, preselected, this._locations.several);
    },
    failed: (error) => this._report(this._problemOf(error, 'load')),
    misconfigured: (problem) => this._report(configProblem(problem, en)),
  });
  private readonly _flow = new FlowController(this, {
    api: () => this._catalog.api,
    clock: () => this._clock,
    stepHeading: () => this._stepHeading,
    completeCatalog: () => void this._catalog.complete(),
    hidden: () => this._hidden(),
  });
  /** Sends the booking, with the visitor's held time: its code comes with the details (booking-steps.ts). */
  private _booking: BookingController | undefined;
  private readonly _locations = new LocationController(this, {
    api: () => this._catalog.api,
    flow: () => this._flow.state,
    dispatch: (action) => this._flow.dispatch(action),
    linkedLocation: () => this._manageLink()?.locationId ?? this._urlLocation,
  });
  private readonly _theme = new ThemeController(this, {
    root: () => this._root,
    accent: () => this._catalog.value?.settings.accentColor,
    autoColors: () => loadSteps.loaded?.AutoColors,
  });
  /** The time step's months and days: its code comes with the steps' chunk, and so does it. */
  private _times: TimeController | undefined;

  /** The company's id or externalId. Required. Several, separated by spaces, for a widget with several locations. */
  companyId = '';

  /** The company booked: the only one given, the location chosen, or '' while one is to be chosen. */
  get locationId(): string {
    return this._locations.locationId;
  }

  /** URL of the booking proxy (or of the service, with `accessToken`). Default: the page's origin. */
  apiBase = '';

  /** Language, as a BCP 47 tag (`fr`, `pt-BR`). Default: the company's setting, then the page's `lang`, then the browser's. */
  locale: string | undefined;

  /** `company` (default), `local` (the visitor's zone), or an IANA zone name. */
  displayTimeZone = 'company';

  /** Preselects a service and skips its step. */
  serviceId: string | undefined;

  /** Preselects a staff member and skips their step. */
  staffId: string | undefined;

  /** Preselects a resource and skips its step (unless a quantity is to be chosen). */
  resourceId: string | undefined;

  /** `light` (default), `dark`, or `auto` to follow the visitor's system. */
  theme: Theme = 'light';

  /** An OAuth access token (or a function returning it) to call the service directly, without a proxy. */
  accessToken: AccessTokenSource | undefined;

  /** Values to start the details form with. */
  prefill: BookingPrefill | undefined;

  /** A `fetch` to send requests with, instead of the page's (instrumentation, custom transports). */
  fetch: typeof fetch | undefined;

  /**
   * The company's booking mode (`service`, `service-staff`, `staff-service`, `resource`, `quickStart`),
   * when you know it: the lists its first screen shows are then asked for together with the company,
   * one round trip sooner. A wrong value costs a request, never a wrong flow: the company's own mode wins.
   */
  scheduledItems: ScheduledItems | undefined;

  /**
   * Pins the widget's clock: an instant (ISO 8601, also as the `now` attribute) to preview another day,
   * or a function returning the current instant. Default: the real clock.
   */
  now: ClockSetting | undefined;

  /**
   * Opens the widget in manage mode on a visitor's booking: the value of their link's
   * URL parameter, `<appointment id>:<manage token>`. Default: read from the page URL (`manage-param`).
   */
  bookingToken: string | undefined;

  /** The page URL parameter that holds a visitor's manage link. Default `booking`. */
  manageParam: string = DEFAULT_MANAGE_PARAM;

  /**
   * A page of yours that holds this widget, where the confirmation's "Reschedule or cancel" link
   * (also in the calendar file and in `bw-booked`) leads. Default: the current page.
   */
  manageUrl: string | undefined;

  /** A walk-in line where the company has one open (§16): `offer` on the first step, `only` the whole widget, `off`. Default: offered when nothing is free today. */
  queue: 'offer' | 'only' | 'off' | undefined;

  /** The language: attribute, company setting, page, browser (docs/i18n.md); its catalog loads on demand. */
  private readonly _locale = new LocaleController(this, () => [
    this.locale,
    this._catalog.value?.settings.locale,
    this.closest('[lang]')?.getAttribute('lang'),
    ...(globalThis.navigator?.languages ?? []),
  ]);

  override connectedCallback() {
    super.connectedCallback();
    // The steps' elements come in parallel with the company; the first screen waits for both.
    loadSteps().then(
      (views) => {
        views.adoptStepStyles(this);
        views.warnUnknownAttributes(this);
        // While the first answer is on its way, a time step is drawn unseen and the first screen's formatters built (step-views.ts).
        views.warmUp(this._locale.localizer, this._clock(), this.renderRoot, () => !!this._catalog.value);
        // The time step shows a failure and a retry; the page hears of it, and the console too when retrying cannot help.
        this._times ??= views.timesFor(this, this._flow, this._locale, this._announcer, (error) => {
          const problem = this._problemOf(error, 'slots');
          this._report(problem, !problem.retryable);
        });
        this.requestUpdate();
      },
      () => ((this._stepsUnavailable = true), this.requestUpdate()),
    );
  }

  /**
   * The first render waits for the task after the one the widget connected in: its requests are already out
   * (the catalog's load starts as it connects), and on a slow phone the bundle's start and the first render
   * together were a long task (issue 28).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.hasUpdated
      ? super.scheduleUpdate()
      : new Promise<void>((resolve) => setTimeout(resolve)).then(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('prefill') && this.prefill) this._details = withPrefill(this._details, this.prefill);
    if (!this._manage && this._catalog.value && this._manageLink())
      openManage(this, { ...this._modeDeps(), link: () => this._manageLink(), bookAgain: () => this._bookAgain() });
    // A walk-in line: for `only` with the company, for `offer` once the first screen is up; by default once the booking
    // code is in (after the first times), so that a company without a line keeps its first slot's requests and bytes,
    // or for a page opened from a place's link.
    else if (this._line === undefined && this._catalog.value && (this.queue ? this.queue != 'off' : !!placeLink() || loadLaterSteps.loaded))
      this._line = openLine(this, this._modeDeps());
    // Booking and held times (#24): their controllers come with the booking code.
    this._booking ??= loadLaterSteps.loaded?.bookingFor(this, this._bookingDeps(), this._flow, this._modeDeps());
    // The merchant's analytics, once the first screen is up (lazy-parts.ts).
    if (this.analytics !== 'none') startAnalytics(this, () => this._hidden(), this._flow, this._catalog, this._locations);
  }

  /** What the booking needs of the widget; the flow's state it reads from the flow itself (booking-steps.ts). */
  private _bookingDeps(): Omit<BookingDependencies, 'state' | 'manageTarget'> {
    return {
      api: () => this._catalog.api,
      dispatch: (action) => this._flow.dispatch(action),
      messages: () => this._locale.localizer.messages,
      problemOf: (error) => this._problemOf(error, 'booking'),
      report: (problem, log) => this._report(problem, log),
      announce: (text, politeness) => this._announcer.say(text, politeness),
      focusInvalid: () => void this.renderRoot.querySelector('bw-details-form')?.focusInvalid(),
    };
  }

  /** What manage mode and the walk-in line both need of the widget. */
  private _modeDeps() {
    const { _catalog: catalog, _locale: locale, _announcer: announcer } = this;
    return { catalog, locale, announcer, clock: () => this._clock, problemOf: (e: unknown, p: ErrorPhase) => this._problemOf(e, p) };
  }

  private _start(catalog: Catalog, preselected: Preselected) {
    if (this.displayTimeZone !== 'company' && this.displayTimeZone !== 'local' && !isTimeZone(this.displayTimeZone)) {
      this._report(configProblem(`display-time-zone "${this.displayTimeZone}" is not a time zone; showing the company's.`, en));
    }
    this._flow.start(catalog, preselected, this._locations.several);
    this.dispatchEvent(new BookingReadyEvent({ company: catalog.company }));
  }

  private _book() {
    const { companyId, state } = this._flow;
    void this._booking?.book({ companyId, state: state!, details: this._details, language: this._locale.localizer.locale });
  }

  /** After a cancellation, a new booking: the link is forgotten (a `booking-token` too, until it changes), the flow starts over. */
  private _bookAgain() {
    this._link.forget(this.bookingToken);
    this._manage = undefined;
    this._flow.startOver();
  }

  /**
   * The booking's steps are not what shows: a visitor's booking (manage link) or the walk-in line does, from before
   * the line's code is in (`queue="only"`, a place's link) to when the visitor chooses it.
   */
  private _hidden(): boolean {
    if (this._manageLink() || this.queue === 'only') return true;
    return this._line ? this._line.shown : this.queue !== 'off' && !!placeLink();
  }

  /** The visitor's manage link this widget was opened with, if any. */
  private _manageLink(): ManageLink | undefined {
    return this._link.read(this.bookingToken, this.manageParam || DEFAULT_MANAGE_PARAM);
  }

  private _onAnnounce(event: AnnounceEvent) {
    event.stopPropagation();
    this._announcer.say(event.message, event.politeness);
  }

  private _problemOf(error: unknown, phase: ErrorPhase): Problem {
    const where = { companyId: this.locationId || this.companyId, apiBase: this.apiBase };
    return loadProblem(error, phase, where, this._locale.localizer.messages);
  }

  private _report(problem: Problem, logToConsole = true) {
    reportProblem(this, problem, logToConsole);
  }

  // --- Rendering -----------------------------------------------------------

  private _renderStepBody(context: StepContext, views: StepViews) {
    const { catalog, step } = context.state;
    const fallback = this._lazyFallback();
    // A step whose lists are still coming (the first screen did not need them) waits for them: the flow asked.
    if (!readyFor(catalog, step)) return fallback;
    if (step === Step.Location) return this._locations.view?.(this._locations, context.localizer, this._clock(), fallback) ?? fallback;
    if (step === Step.Service) return views.renderServiceStep(context);
    if (step === Step.Staff) return views.renderStaffStep(context);
    if (step === Step.Resource) return views.renderResourceStep(context, fallback);
    if (step === Step.Time) return views.renderTimeStep({ ...context, times: this._times, fallback });
    // The details and the confirmation come with the booking code: until it has arrived, the fallback.
    const later = loadLaterSteps.loaded;
    if (!later || !this._booking) return fallback;
    const booking = {
      ...context,
      clock: this._clock,
      displayZone: this._flow.displayZone,
      fallback,
      details: this._details,
      booking: this._booking,
      onDetails: (change: Partial<VisitorDetails>) => (this._details = { ...this._details, ...change }),
      onBook: () => this._book(),
    };
    return step === Step.Details ? later.renderDetailsStep(booking) : later.renderDone(booking);
  }

  /**
   * Shown inside a lazy element until its chunk has defined it (then its shadow root hides this). Until the visitor's
   * catalog is in, the spinner alone: a French page neither shows nor announces "Loading…" in English first.
   */
  private _lazyFallback() {
    const { messages } = this._locale.localizer;
    const words = this._locale.ready && [messages.loading, html`<span class="slow">${messages.slowAnswer}</span>`];
    return html`<p class="loading"><span class="spinner" aria-hidden="true"></span>${words || nothing}</p>`;
  }

  override render() {
    const { localizer } = this._locale;
    const state = this._flow.state;
    const views = loadSteps.loaded;
    // One "Loading…" for every lazy part still on its way: a template can be rendered in several places.
    const fallback = this._lazyFallback();
    const loading = html`<div role="status">${fallback}</div>`;
    const manageLink = this._manageLink();
    const locations = this._locations.several && this._locale.ready;
    const locationStep = locations ? this._locations.view?.(this._locations, localizer, this._clock(), fallback) : undefined;
    const flow = this._flow;
    const context: StepContext | undefined = state && {
      state,
      localizer,
      dispatch: (action) => flow.dispatch(action),
      getState: () => flow.state!,
    };
    const company = () =>
      // Until the visitor's language and the steps' elements have loaded, keep the loading state rather than flash English or "Loading…".
      !context || !this._locale.ready || !(views || this._stepsUnavailable)
        ? loading
        : renderCompany({
            context,
            localizer,
            mode: manageLink ? renderManage(this._manage, fallback) : this._line?.render(fallback),
            offer: this._line?.offer(context.state),
            steps: views ? [views.renderProgress(context), views.renderStep(context, this._renderStepBody(context, views))] : fallback,
          });
    return html`<div
      class=${this._theme.dark ? 'root dark' : 'root'}
      part="base"
      lang=${localizer.locale}
      dir=${localizer.dir}
      @announce=${this._onAnnounce}
    >
      ${this._catalog.task.render({
        // Several locations, none chosen yet: the location step comes before any company.
        initial: () => (locations ? [locationStep ?? loading] : nothing),
        // A location just chosen, first or from the flow's location step, keeps what was shown (the same elements: both
        // lists), so focus stays on its button until its steps take over.
        pending: () => (locationStep ? [state?.step === Step.Location ? company() : locationStep, loading] : loading),
        error: (error) =>
          // Focus follows what replaces "Try again" (step-views.ts); without the steps' code, there is nothing to show anyway.
          renderProblem(this._problemOf(error, 'load'), localizer, () =>
            loadSteps().then((views) => views.reload(this, this._catalog.task)),
          ),
        complete: () => [company()],
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
