/**
 * Everything after the time: the visitor's details, the booking itself and the
 * confirmation. One lazy chunk (lazy-parts.ts), fetched once the first times are
 * in or as soon as a time is chosen; the entry file never carries it.
 */
import { type ReactiveControllerHost, type TemplateResult, html, nothing } from 'lit';
import { type FlowAction, type FlowState, offering } from '../../booking/flow.js';
import type { Clock } from '../../api/time/clock.js';
import { DEFAULT_MANAGE_PARAM, type ManageTarget } from '../../booking/manage-link.js';
import { locationIds } from '../../booking/location-ids.js';
import { manageUrlFor } from '../../booking/manage-url.js';
import { fetchForms as readForms, formAnswers, formOf, pagesOf as shownPages } from '../../booking/intake.js';
import { solvedChallenge } from '../../api/challenge.js';
import type { Form, FormItem } from 'booking-widget-shared/form-types';
import type { SchedulingClient } from '../../api/client.js';
import { bookingSummary, locationOf } from '../../booking/summary.js';
import { appointmentUid, renderCalendarLinks } from '../calendar/calendar-links.js';
import type { CalendarTools } from '../calendar/moved-calendar.js';
import type { DetailsErrors, VisitorDetails } from '../../booking/visitor-details.js';
import '../confirmation/confirmation.js';
import { CONFIRMATION_PARTS } from '../confirmation/confirmation.parts.js';
import '../details-form/details-form.js';
import { DETAILS_FORM_PARTS } from '../details-form/details-form.parts.js';
import type { AnswerEvent } from '../events/answer-event.js';
import type * as IntakeQuestions from '../intake-questions/intake-questions.js';
import type { DetailsInputEvent } from '../events/details-input-event.js';
import { exportParts } from '../shared/parts.js';
import type { StepContext } from './choice-steps.js';
import type { HeldTime } from '../../api/holds.js';
import type { Announcer } from '../shared/announcer.js';
import type { LocaleController } from '../../i18n/locale-controller.js';
import { HoldController } from './hold-controller.js';
import { FormArrival } from './form-arrival.js';
import { ChallengeController } from './challenge-controller.js';
import type { AlternativesController, AlternativesFlow } from './booking-alternatives.js';
import { Step } from '../../booking/steps.js';

import { type BookingDependencies, BookingController } from './booking-controller.js';
import type { Landing } from '../../booking/attribution.js';
import { bookingWhen } from '../../i18n/booking-when.js';

/** The confirmation's calendar code, handed to manage mode for a moved booking's links (moved-calendar.ts). */
const calendarTools: CalendarTools = { appointmentUid, locationOf, renderCalendarLinks };

/**
 * `<bw-intake-questions>`: its own chunk, since most companies ask no questions (issue 28: 1.9 KB brotli
 * off a plain booking). Asked for as soon as the company's forms are known to hold some, in the booking's
 * details and in a walk-in line's form alike; until it is in, the element shows the "Loading…" put inside it,
 * and Lit hands it the properties it was given meanwhile.
 */
let questionsElement: Promise<typeof IntakeQuestions | undefined> | undefined;
const loadQuestions = () =>
  (questionsElement ??= import('../intake-questions/intake-questions.js').catch(() => (questionsElement = undefined)));

/**
 * The rules that check answers (answer-checks.ts `validateAnswers`), with the questions' chunk that carries them:
 * handed to a walk-in line, whose form shows the questions with that chunk's element. `undefined` when it cannot load.
 */
export const answerChecks = async () => (await loadQuestions())?.validateAnswers;

/** The pages of questions as shown (intake.ts `pagesOf`), their element asked for when there are any. */
export function pagesOf(form: Form | undefined, warn?: (message: string) => void): FormItem[][] {
  const pages = shownPages(form, warn);
  if (pages.length) void loadQuestions();
  return pages;
}

/** The company's forms (intake.ts `fetchForms`); the questions' element is asked for at once when one holds any. */
export const fetchForms = (api: SchedulingClient, companyId: string): Promise<Form[] | null> =>
  readForms(api, companyId).then((forms) => {
    if (forms?.some((form) => form.additionalFields?.length)) void loadQuestions();
    return forms;
  });

/** What the visitor's manage link is made of (booking-widget.ts's attributes). */
interface WidgetLinks {
  companyId: string;
  manageUrl?: string | undefined;
  manageParam: string;
}

/** What the held times read of the widget (its own type would make an import cycle). */
interface HoldHost extends ReactiveControllerHost, EventTarget {
  locationId: string;
  apiBase: string;
  fetch: typeof fetch | undefined;
  accessToken: unknown;
}
interface HoldFlow {
  state: FlowState | undefined;
  /** The company the flow was started for. */
  readonly companyId: string;
  dispatch(action: FlowAction): void;
}

/** The widget's booking, its held times, the times offered when one is taken (#24) and the form's arrival, said: made by the host once this chunk is in. */
export function bookingFor(
  host: HoldHost & WidgetLinks & { attribution?: unknown; _landing?: Landing | undefined; renderRoot: ParentNode },
  deps: Omit<BookingDependencies, 'state' | 'manageTarget'>,
  flow: AlternativesFlow,
  { locale, announcer, clock }: { locale: LocaleController; announcer: Announcer; clock: () => Clock },
): BookingController {
  let offers: Promise<AlternativesController> | undefined;
  // A time taken at Book or at the hold goes to the flow at once; the times offered instead come with their own chunk,
  // asked for then (most bookings never meet a taken time). The time is noted first, while the flow still has it.
  const dispatch = (action: FlowAction): void => {
    const start = flow.state?.selection.slot;
    flow.dispatch(action);
    if (action.type !== 'slot-taken' || start === undefined || !flow.state || !offering(flow.state)) return;
    (offers ??= import('./booking-alternatives.js').then(
      ({ AlternativesController }) =>
        (booking.alternatives = new AlternativesController(host, {
          flow,
          api: deps.api,
          clock,
          localizer: () => locale.localizer,
          announce: (text, politeness) => announcer.say(text, politeness),
          focus: () => host.renderRoot.querySelector<HTMLElement>('.taken button')?.focus(),
          submit: () => host.renderRoot.querySelector('bw-details-form')?.submit(),
        })),
    )).then(
      (alternatives) => alternatives.offer(start),
      // Without the chunk, the line alone stays: the visitor goes back to the times by the steps.
      () => (offers = undefined),
    );
  };
  // The link leads to the company the booking was made at: with several locations, the page says which.
  const manageTarget = (): ManageTarget => ({
    page: host.manageUrl || globalThis.location?.href || '',
    param: host.manageParam || DEFAULT_MANAGE_PARAM,
    direct: host.accessToken !== undefined,
    location: locationIds(host.companyId)[1] ? flow.companyId : undefined,
  });
  const booking = new BookingController(host, { ...deps, dispatch, manageTarget, state: () => flow.state });
  booking.holds = holdTimes(host, {
    get state() {
      return flow.state;
    },
    get companyId() {
      return flow.companyId;
    },
    dispatch,
  });
  new FormArrival(host, { state: () => flow.state, say: () => announcer.say(locale.localizer.messages.formLoaded) });
  booking.challenge = new ChallengeController(host, {
    state: () => flow.state,
    apiBase: () => host.apiBase,
    fetch: () => host.fetch,
    direct: () => host.accessToken !== undefined,
  });
  return booking;
}

/** The widget's held times (#24). */
function holdTimes(host: HoldHost, flow: HoldFlow): HoldController {
  return new HoldController(host, {
    state: () => flow.state,
    companyId: () => (flow.companyId === host.locationId ? flow.companyId : ''),
    apiBase: () => host.apiBase,
    fetch: () => host.fetch,
    direct: () => host.accessToken !== undefined,
    dispatch: (action) => flow.dispatch(action),
  });
}

export interface BookingStepContext extends StepContext {
  clock: Clock;
  displayZone: string;
  details: VisitorDetails;
  /** Where the booking stands (the BookingController's state). */
  booking: {
    /** Where the visitor's link to reschedule or cancel the booking made leads. */
    manageTarget(): ManageTarget;
    fieldErrors: DetailsErrors;
    answerErrors: Partial<Record<string, string>>;
    alert: string;
    pending: boolean;
    /** The time the proxy holds for the visitor, while it does. */
    holds?: { held: HeldTime | undefined } | undefined;
    /** The times offered when the one chosen was taken, once their chunk is in. */
    alternatives?: Pick<AlternativesController, 'render' | 'focus'> | undefined;
  };
  /** What a lazy element shows until its chunk has defined it. */
  fallback: TemplateResult;
  /** A field changed: merged into the details the host keeps. */
  onDetails(change: Partial<VisitorDetails>): void;
  onBook(): void;
}

/** The merchant's questions for what is chosen, after the contact fields; a retry when they could not be loaded. */
function renderQuestions(context: BookingStepContext) {
  const { state, localizer, dispatch } = context;
  if (state.forms === null) {
    return html`<p slot="questions" class="questions-failed" role="alert">
      ${localizer.messages.loadFailed}
      <button type="button" class="button secondary" @click=${() => dispatch({ type: 'forms', forms: undefined })}>
        ${localizer.messages.tryAgain}
      </button>
    </p>`;
  }
  const pages = pagesOf(formOf(state.catalog, state.selection, state.forms));
  if (!pages.length) return nothing;
  return html`<bw-intake-questions
    slot="questions"
    .localizer=${localizer}
    .pages=${pages}
    .value=${state.answers ?? {}}
    .errors=${context.booking.answerErrors}
    @bw-answer=${({ id, value }: AnswerEvent) => dispatch({ type: 'answer', id, value })}
    >${context.fallback}</bw-intake-questions
  >`;
}

/**
 * The time chosen was just taken (#24): said where the visitor is, with the nearest free times and the way back to the
 * times once they are found (booking-alternatives.ts renders them); until then, and until that chunk is in, the line alone.
 */
function renderTaken({ localizer, displayZone, booking, dispatch }: BookingStepContext) {
  return html`<div class="problem taken" part="notice" role="group" aria-labelledby="taken-line taken-for">
    ${
      booking.alternatives?.render(displayZone, localizer, () => dispatch({ type: 'go-to', step: Step.Time })) ??
      html`<p id="taken-line">${localizer.messages.slotTaken}</p>`
    }
  </div>`;
}

export function renderDetailsStep(context: BookingStepContext) {
  const { state, localizer, booking } = context;
  // The questions are part of the form: it shows once they are known (the FlowController asks), so no booking leaves without them.
  if (state.forms === undefined) return context.fallback;
  const { settings } = state.catalog;
  const summary = bookingSummary(state.catalog, state.selection, context.displayZone, localizer.messages);
  // The hold is said while the visitor types, not while the booking is on its way: a time offered after one was taken
  // is held as it books, and "while you fill in your details" would come just before "Booking confirmed".
  const holdNote = booking.holds?.held && !booking.pending ? localizer.messages.holdNote : nothing;
  return html`
    ${offering(state) ? renderTaken(context) : nothing}
    ${
      summary
        ? html`<div class="summary" part="summary">
            <strong><bdi>${summary.what}</bdi>${summary.withWhom ? html` · <bdi>${summary.withWhom}</bdi>` : ''}</strong>
            <span>${bookingWhen(localizer, summary.start, summary.displayTimeZone, summary.end)}</span>
          </div>`
        : nothing
    }
    <bw-details-form
      exportparts=${exportParts(DETAILS_FORM_PARTS)}
      .localizer=${localizer}
      .value=${context.details}
      .rules=${{ phone: settings.fields.phone, notes: settings.fields.notes, consentRequired: Boolean(settings.privacyPolicyUrl) }}
      .errors=${booking.fieldErrors}
      privacyPolicyUrl=${settings.privacyPolicyUrl ?? nothing}
      alert=${booking.alert}
      ?busy=${booking.pending}
      @bw-details-input=${({ field, value }: DetailsInputEvent) => context.onDetails({ [field]: value })}
      @submit=${() => (state.selection.slot === undefined ? booking.alternatives?.focus() : context.onBook())}
      >${context.fallback}${renderQuestions(context)}</bw-details-form
    >
    <p class="hold-note" role="status">${holdNote}</p>
  `;
}

export function renderDone(context: BookingStepContext) {
  const { state, localizer, dispatch } = context;
  const summary = bookingSummary(state.catalog, state.selection, context.displayZone, localizer.messages, state.appointment);
  if (!state.appointment || !summary) return nothing;
  return html`<bw-confirmation
    exportparts=${exportParts(CONFIRMATION_PARTS)}
    .localizer=${localizer}
    .appointment=${state.appointment}
    .summary=${summary}
    .company=${state.catalog.company}
    .clock=${context.clock}
    .manageUrl=${manageUrlFor(state.appointment, context.booking.manageTarget())}
    @restart=${() => dispatch({ type: 'restart' })}
    >${context.fallback}</bw-confirmation
  >`;
}

/**
 * What the booking code gives the widget (lazy-parts.ts `loadLaterSteps`), as one export: the chunk also exports
 * what the intake questions' and attribution's chunks share with it, and an importer that took the module object
 * whole would make Rolldown build an exact namespace for it, with a runtime helper in a file of its own. A walk-in
 * line gets the intake questions' part (`formAnswers`: its form asks the same questions; `solvedChallenge`: its join
 * creates a client too), manage mode the calendar's.
 */
export const laterSteps = {
  answerChecks,
  bookingFor,
  calendarTools,
  fetchForms,
  formAnswers,
  pagesOf,
  renderDetailsStep,
  renderDone,
  solvedChallenge,
};
