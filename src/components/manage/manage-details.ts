/** What the booking is: what, with whom, when (or the current and the new time) and its reference. */
import { html, nothing } from 'lit';
import { staffName } from '../../booking/selection.js';
import type { ManageView } from './manage.view.js';
import { bookingWhen } from '../../i18n/booking-when.js';

/** An instant in the zone the times are shown in, with the zone named. */
export function when({ localizer, displayZone }: ManageView, ms: number): string {
  return bookingWhen(localizer, new Date(ms), displayZone);
}

/** `rows` replace "when": the confirmation of a move shows the current and the new time. */
export function renderDetails(view: ManageView, rows: [string, string][] = [[view.messages.when, when(view, view.state.start)]]) {
  const { messages, state } = view;
  const appointment = state.appointment!;
  const what = appointment.service?.name ?? appointment.resource?.name;
  const who = appointment.staff && staffName(appointment.staff);
  // Every value is the service's or a formatted date: isolated, so Latin text reads in order in a right-to-left page.
  const row = (term: string, value: string) =>
    html`<dt>${term}</dt>
      <dd><bdi>${value}</bdi></dd>`;
  return html`<dl>
    ${what ? row(messages.what, what) : nothing} ${who ? row(messages.withWhom, who) : nothing}
    ${rows.map(([term, value]) => row(term, value))}
    <dt>${messages.reference}</dt>
    <dd class="reference" part="reference"><bdi>${appointment.reference}</bdi></dd>
  </dl>`;
}
