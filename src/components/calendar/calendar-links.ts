/**
 * Add-to-calendar for a confirmed booking, and again for a moved one: an iCalendar
 * (RFC 5545) file and a Google Calendar link. Times are written in UTC, which every
 * calendar reads correctly, so no zone definitions need to travel with the event. The
 * event's UID is the appointment's, so a calendar that has the booking's first file
 * takes a moved booking's file as the same event, at its new time.
 */
import { html, svg } from 'lit';
import type { Messages } from '../../i18n/catalogs/en.js';

export interface CalendarEvent {
  /** Globally unique, stable for the appointment. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description?: string;
  location?: string;
}

/** `20260309T143000Z` */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (pieces.length ? 74 : 75)) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** The event as an iCalendar file; `now` is its time stamp (DTSTAMP), from the widget's clock. */
export function icsFile(event: CalendarEvent, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-widget//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A `data:` URL for the file: no object URL to revoke, and allowed under a strict CSP. */
export function icsDataUrl(event: CalendarEvent, now: Date): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event, now))}`;
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(event.end)}`,
  });
  if (event.description) params.set('details', event.description);
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The event's UID: the appointment's, whatever time it moves to. */
export const appointmentUid = (appointmentId: string): string => `${appointmentId}@booking-widget`;

const newTab = svg`<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;

/** "Add to calendar": the file and the Google Calendar link, as the confirmation and a moved booking show them. */
export function renderCalendarLinks(event: CalendarEvent, messages: Messages, now: Date) {
  return html`<div class="calendar">
    <h4>${messages.addToCalendar}</h4>
    <div class="links">
      <a class="button secondary" part="calendar-link" href=${icsDataUrl(event, now)} download="booking.ics">${messages.downloadIcs}</a>
      <a class="button secondary" part="calendar-link" href=${googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
        ${messages.googleCalendar}<svg class="new-tab" viewBox="0 0 24 24" aria-hidden="true">${newTab}</svg
        ><span class="visually-hidden">${` (${messages.opensInNewTab})`}</span>
      </a>
    </div>
  </div>`;
}
