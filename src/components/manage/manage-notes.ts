/**
 * Why a change cannot be made online and how to reach the company instead, and what a
 * failed read or change means: each failure in one alert, so it is announced once.
 */
import { html, nothing } from 'lit';
import { Lock, ManageFailure } from '../../booking/manage-flow.js';
import type { SelfServiceChange } from 'booking-widget-shared/manage-rules';
import type { ManageView } from './manage.view.js';

const CHANGES: SelfServiceChange[] = ['reschedule', 'cancel'];

function reason({ messages, localizer, state }: ManageView, change: SelfServiceChange, lock: Lock): string {
  const reschedule = change === 'reschedule';
  if (lock === Lock.Past) return messages.bookingPast;
  if (lock === Lock.TooLate) return messages.tooLate;
  if (lock === Lock.NotAllowed) return reschedule ? messages.rescheduleOff : messages.cancelOff;
  return reschedule
    ? messages.rescheduleNotice(localizer.duration(state.rules.rescheduleNoticeMinutes))
    : messages.cancelNotice(localizer.duration(state.rules.cancelNoticeMinutes));
}

/** The company's phone and e-mail, for what cannot be done online. */
function contact({ company, messages }: ManageView) {
  const { phone, email } = company;
  if (!phone && !email) return nothing;
  return html`<p>${messages.contactUs}</p>
    <ul>
      ${phone ? html`<li><a href=${`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">${phone}</a></li>` : nothing}
      ${email ? html`<li><a href=${`mailto:${email}`} dir="ltr">${email}</a></li>` : nothing}
    </ul>`;
}

/**
 * Why each change that is locked cannot be made online, then the contact. After a change the
 * service refused, they say why in the alert that says the booking was not changed.
 */
export function renderLocks(view: ManageView) {
  const { locks, failure } = view.state;
  const reasons = [...new Set(CHANGES.flatMap((change) => (locks[change] ? [reason(view, change, locks[change])] : [])))];
  if (!reasons.length && !failure) return nothing;
  const notes = html`${reasons.map((text) => html`<p>${text}</p>`)} ${contact(view)}`;
  return failure
    ? html`<div class="problem" role="alert">
        <p>${view.messages.notChanged}</p>
        ${notes}
      </div>`
    : notes;
}

/**
 * A rate limit's answer (429 with `Retry-After`) asks the visitor to wait that long, in their language's
 * words for seconds; `undefined` for any other failure, which keeps its own message.
 */
export function waitMessage({ state, messages, localizer }: ManageView): string | undefined {
  const seconds = state.failure?.waitSeconds;
  if (seconds === undefined) return undefined;
  return messages.waitToRetry(
    new Intl.NumberFormat(localizer.locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds),
  );
}

/** The booking cannot be shown: why, after "not changed" when a change found it so; a retry when it may help. */
export function renderFailure(view: ManageView, retry: () => void) {
  const { messages, state } = view;
  const kind = state.failure?.kind;
  const message =
    kind === ManageFailure.Gone
      ? messages.bookingGone
      : kind === ManageFailure.LinkInvalid
        ? messages.linkInvalid
        : kind === ManageFailure.Retry
          ? (waitMessage(view) ?? messages.loadFailed)
          : messages.unavailable;
  // A link that no longer opens the booking (a mail program broke it, the booking was cancelled): the company can still help.
  const stuck = kind === ManageFailure.LinkInvalid || kind === ManageFailure.Gone;
  return html`<div class="problem" role="alert">
    ${state.failure?.change ? html`<p>${messages.notChanged}</p>` : nothing}
    <p>${message}</p>
    ${
      kind === ManageFailure.Retry
        ? html`<button type="button" class="button secondary" part="manage-action" @click=${retry}>${messages.tryAgain}</button>`
        : nothing
    }
    ${stuck ? contact(view) : nothing}
  </div>`;
}
