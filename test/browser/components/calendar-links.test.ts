import { expect } from '@open-wc/testing';
import { googleCalendarUrl, icsDataUrl, icsFile } from '../../../src/components/calendar/calendar-links.js';

const event = {
  uid: 'a1@booking-widget',
  title: "Men's cut, beard; trim — Maple Street",
  start: new Date('2021-03-14T06:30:00Z'),
  end: new Date('2021-03-14T07:30:00Z'),
  description: 'Reference: SBX-1\nBring your card\\',
  location: '12 Main St, Boston',
};

/** The ICS file's lines, folded lines rejoined (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('add to calendar', () => {
  it('writes an iCalendar event in UTC, whatever the zones, with its text escaped', () => {
    const ics = icsFile(event, new Date('2026-11-22T10:00:00Z'));
    const lines = unfold(ics);
    expect(lines.slice(0, 2)).to.deep.equal(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).to.include.members([
      'UID:a1@booking-widget',
      'DTSTAMP:20261122T100000Z',
      'DTSTART:20210314T063000Z',
      'DTEND:20210314T073000Z',
      "SUMMARY:Men's cut\\, beard\\; trim — Maple Street",
      'DESCRIPTION:Reference: SBX-1\\nBring your card\\\\',
      'LOCATION:12 Main St\\, Boston',
      'END:VCALENDAR',
    ]);
    expect(ics.endsWith('\r\n')).to.equal(true);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const title = '東京の予約'.repeat(20);
    const ics = icsFile({ ...event, title }, new Date('2026-11-22T10:00:00Z'));
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length, line).to.be.at.most(75);
    expect(unfold(ics)).to.include(`SUMMARY:${title}`);
    // Every folded piece is valid UTF-8 on its own: no character was cut in two.
    for (const line of ics.split('\r\n')) expect(new TextDecoder('utf-8', { fatal: true }).decode(encoder.encode(line))).to.equal(line);
  });

  it('offers the file as a data URL and the event as a Google Calendar template link', () => {
    expect(
      decodeURIComponent(icsDataUrl(event, new Date('2026-11-22T10:00:00Z')).replace('data:text/calendar;charset=utf-8,', '')),
    ).to.contain('DTSTART:20210314T063000Z');
    const google = new URL(googleCalendarUrl(event));
    expect(google.origin + google.pathname).to.equal('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).to.equal('TEMPLATE');
    expect(google.searchParams.get('dates')).to.equal('20210314T063000Z/20210314T073000Z');
    expect(google.searchParams.get('text')).to.equal(event.title);
    expect(google.searchParams.get('location')).to.equal(event.location);
  });
});
