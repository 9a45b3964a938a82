// <bw-company-contact> is defined by the steps' chunk, loaded before any step is shown (booking-widget/lazy-parts.ts).
import { LitElement, html, nothing, svg, type PropertyDeclarations } from 'lit';
import { type Clock, realClock } from '../../api/time/clock.js';
import type { Appointment, Company } from 'booking-widget-shared/types';
import { formatWallClock, instantToWallClock, localTimeZone } from 'booking-widget-shared/zone';
import type { BookingSummary } from '../../booking/summary.js';
import type { Localizer } from '../../i18n/localizer.js';
import { RestartEvent } from '../events/restart-event.js';
import { defineElement } from '../shared/define.js';
import { baseStyles, buttonStyles } from '../shared/styles.js';
import { calendarLinkStyles } from '../calendar/calendar-link.styles.js';
import { type CalendarEvent, appointmentUid, renderCalendarLinks } from '../calendar/calendar-links.js';
import { confirmationStyles } from './confirmation.styles.js';
import { bookingWhen } from '../../i18n/booking-when.js';

const check = svg`<path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" stroke-width="1.5"/>`;

/**
 * @summary The booking as made: what, with whom, when (in both zones when they
 * differ), the reference, and add-to-calendar links.
 *
 * @event restart - The visitor asked to book another appointment ({@link RestartEvent}).
 *
 * @csspart reference - The booking reference.
 * @csspart calendar-link - The .ics download and the Google Calendar link.
 * @csspart manage-link - The "Reschedule or cancel" link.
 */
export class Confirmation extends LitElement {
  static override styles = [baseStyles, buttonStyles, calendarLinkStyles, confirmationStyles];
  static override properties: PropertyDeclarations = {
    localizer: { attribute: false },
    appointment: { attribute: false },
    summary: { attribute: false },
    company: { attribute: false },
    clock: { attribute: false },
    manageUrl: { attribute: false },
  };

  localizer!: Localizer;
  appointment!: Appointment;
  summary!: BookingSummary;
  /** Where to go and how to reach the location (issue #14). */
  company: Company | undefined;
  /** The widget's clock: stamps the calendar file. */
  clock: Clock = realClock;
  /** Where the visitor can reschedule or cancel later (service contract §7a); shown, and put in the calendar entries. */
  manageUrl: string | undefined;

  private _when() {
    const { localizer, summary } = this;
    const inZone = (zone: string) => bookingWhen(localizer, summary.start, zone, summary.end);
    // The other clock the visitor may go by: the company's when the times showed in theirs, theirs when in the company's;
    // said when it reads otherwise (Panama and New York read alike all winter).
    const other = summary.displayTimeZone === summary.companyTimeZone ? localTimeZone() : summary.companyTimeZone;
    const reads = (zone: string) => formatWallClock(instantToWallClock(summary.start, zone));
    return html`${inZone(summary.displayTimeZone)}${
      reads(other) !== reads(summary.displayTimeZone) ? html`<span class="other-zone">${inZone(other)}</span>` : nothing
    }`;
  }

  override render() {
    const { localizer, appointment, summary } = this;
    const { messages } = localizer;
    const event: CalendarEvent = {
      uid: appointmentUid(appointment.id),
      title: `${summary.what} — ${summary.companyName}`,
      start: summary.start,
      end: summary.end,
      description: `${messages.reference}: ${appointment.reference}${this.manageUrl ? `\n${messages.manageLink}: ${this.manageUrl}` : ''}`,
      location: summary.location,
    };
    return html`
      <p class="status">
        <svg viewBox="0 0 24 24" aria-hidden="true">${check}</svg>
        ${appointment.status === 'pending' ? messages.pending : messages.confirmed}
      </p>
      <dl>
        <dt>${messages.what}</dt>
        <dd><bdi>${summary.what}</bdi></dd>
        ${
          summary.withWhom
            ? html`<dt>${messages.withWhom}</dt>
                <dd><bdi>${summary.withWhom}</bdi></dd>`
            : nothing
        }
        <dt>${messages.when}</dt>
        <dd>${this._when()}</dd>
        <dt>${messages.reference}</dt>
        <dd class="reference" part="reference"><bdi>${appointment.reference}</bdi></dd>
      </dl>
      ${this.manageUrl ? html`<p><a class="manage-link" part="manage-link" href=${this.manageUrl}>${messages.manageLink}</a></p>` : nothing}
      <bw-company-contact .company=${this.company} .localizer=${localizer}></bw-company-contact>
      ${renderCalendarLinks(event, messages, new Date(this.clock()))}
      <div class="actions">
        <button type="button" class="link-button" @click=${() => this.dispatchEvent(new RestartEvent())}>${messages.bookAnother}</button>
      </div>
    `;
  }
}

defineElement('bw-confirmation', Confirmation);

declare global {
  interface HTMLElementTagNameMap {
    'bw-confirmation': Confirmation;
  }
}
