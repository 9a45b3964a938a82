/**
 * A moved booking's calendar entry (the calendar made at booking still says the old time): the
 * confirmation's event (its UID, title and place) at the new time, so that a calendar holding the
 * first file takes this one as the same booking. Manage mode's own code; what draws the links
 * (`CalendarTools`) is the confirmation's, handed over from the booking code once it is in.
 */
import type { locationOf } from '../../booking/summary.js';
import type { ManageView } from '../manage/manage.js';
import type { appointmentUid, renderCalendarLinks } from './calendar-links.js';

/** The confirmation's calendar code, which the booking chunk hands over (booking-steps.ts `calendarTools`). */
export interface CalendarTools {
  appointmentUid: typeof appointmentUid;
  locationOf: typeof locationOf;
  renderCalendarLinks: typeof renderCalendarLinks;
}

/** "Add to calendar" for the booking at its new time. */
export function renderMovedCalendar(view: ManageView, tools: CalendarTools) {
  const { state, company, messages } = view;
  const appointment = state.appointment!;
  return tools.renderCalendarLinks(
    {
      uid: tools.appointmentUid(appointment.id),
      title: `${appointment.service?.name ?? appointment.resource?.name ?? ''} — ${company.name}`,
      start: new Date(state.start),
      end: new Date(state.end),
      description: `${messages.reference}: ${appointment.reference}`,
      location: tools.locationOf(company),
    },
    messages,
    new Date(view.now),
  );
}
