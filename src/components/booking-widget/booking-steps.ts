/**
 * Everything after the time: the visitor's details, the booking itself and the
 * confirmation. One lazy chunk (lazy-parts.ts), fetched once the first times are
 * in or as soon as a time is chosen; the entry file never carries it.
 */
import { type TemplateResult, html, nothing } from 'lit';
import type { Clock } from '../../api/time/clock.js';
import type { SchedulingClient } from '../../api/client.js';
import type { ManageTarget } from '../../booking/manage-link.js';
import { manageUrlFor } from '../../booking/manage-url.js';
import { fetchForms, formOf, pagesOf } from '../../booking/intake.js';
import { bookingSummary } from '../../booking/summary.js';
import type { DetailsErrors, VisitorDetails } from '../../booking/visitor-details.js';
import '../confirmation/confirmation.js';
import { CONFIRMATION_PARTS } from '../confirmation/confirmation.parts.js';
import '../details-form/details-form.js';
import { DETAILS_FORM_PARTS } from '../details-form/details-form.parts.js';
import '../intake-questions/intake-questions.js';
import { exportParts } from '../shared/parts.js';
import type { StepContext } from './choice-steps.js';

export { BookingAttempt } from '../../api/booking.js';
export { bookingFailure } from '../../booking/booking-failure.js';
export { bookingRequest } from '../../booking/booking-request.js';
export { manageUrlFor } from '../../booking/manage-url.js';

export interface BookingStepContext extends StepContext {
  clock: Clock;
  displayZone: string;
  details: VisitorDetails;
  /** Where the booking stands (the BookingController's state). */
  /** Where the visitor's link to reschedule or cancel the booking made leads. */
  manageTarget: ManageTarget;

  booking: { fieldErrors: DetailsErrors; answerErrors: Partial<Record<string, string>>; alert: string; pending: boolean };
  /** What a lazy element shows until its chunk has defined it. */
  fallback: TemplateResult;
  onDetails(details: VisitorDetails): void;
  onBook(): void;
  api: SchedulingClient;
  /** The company booked (the location chosen, with several). */
  companyId: string;
}

/** Companies whose forms are on their way. */
const asking = new WeakSet<object>();

/**
 * Asks for the company's intake forms the first time the details step shows without
 * them (or after "Try again"); the answer goes to the flow unless another company's
 * flow has started since. Requests in flight are shared by the client.
 */
function ensureForms({ state, api, companyId, dispatch, getState }: BookingStepContext) {
  const { company } = state.catalog;
  if (state.forms !== undefined || asking.has(company)) return;
  asking.add(company);
  void fetchForms(api, companyId).then((forms) => {
    asking.delete(company);
    if (getState().catalog.company === company) dispatch({ type: 'forms', forms });
  });
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
    @change=${(event: CustomEvent<{ id: string; value: string }>) => dispatch({ type: 'answer', ...event.detail })}
  ></bw-intake-questions>`;
}

export function renderDetailsStep(context: BookingStepContext) {
  const { state, localizer, booking } = context;
  // The questions are part of the form: it shows once they are known, so no booking leaves without them.
  ensureForms(context);
  if (state.forms === undefined) return context.fallback;
  const { settings } = state.catalog;
  const summary = bookingSummary(state.catalog, state.selection, context.displayZone, localizer.messages);
  const onInput = (event: Event) => context.onDetails((event.target as HTMLElement & { value: VisitorDetails }).value);
  return html`
    ${
      summary
        ? html`<div class="summary" part="summary">
            <strong>${summary.what}${summary.withWhom ? ` · ${summary.withWhom}` : ''}</strong>
            <span
              >${localizer.dateTime(summary.start, summary.displayTimeZone)} – ${localizer.time(summary.end, summary.displayTimeZone)}
              (${localizer.zoneName(summary.displayTimeZone, summary.start)})</span
            >
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
      @input=${onInput}
      @submit=${(event: Event) => {
        onInput(event);
        context.onBook();
      }}
      >${context.fallback}${renderQuestions(context)}</bw-details-form
    >
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
    .manageUrl=${manageUrlFor(state.appointment, context.manageTarget)}
    @restart=${() => dispatch({ type: 'restart' })}
    >${context.fallback}</bw-confirmation
  >`;
}
