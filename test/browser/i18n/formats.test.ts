import { expect } from '@open-wc/testing';
import { bookingWhen } from '../../../src/i18n/booking-when.js';
import { createLocalizer, loadMessages, negotiateLocale } from '../../../src/i18n/index.js';

/** The localizer the widget would use for a page in `tag`. */
async function localizerFor(tag: string) {
  const { language, formatLocale } = negotiateLocale([tag]);
  return createLocalizer(formatLocale, await loadMessages(language));
}

const MORNING = new Date('2026-03-10T09:00:00Z');
const EVENING = new Date('2026-03-10T21:00:00Z');

/** Sunday = 0 … Saturday = 6, as `Intl` itself says for the tag's likely region. */
function intlFirstDay(tag: string): number {
  const locale = new Intl.Locale(tag).maximize() as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  if (!info) throw new Error('this browser has no Intl week info');
  return info.firstDay % 7;
}

/** The weekday's name as `Intl` writes it (2023-01-01 was a Sunday). */
const weekdayName = (tag: string, index: number) =>
  new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + index)));

describe('clock and calendar conventions follow the locale', () => {
  it('uses a 12-hour clock in American English', async () => {
    const localizer = await localizerFor('en-US');
    expect(localizer.time(MORNING, 'UTC')).to.match(/^9:00\sAM$/);
    expect(localizer.time(EVENING, 'UTC')).to.match(/^9:00\sPM$/);
  });

  it('uses a 24-hour clock in French, German and British English', async () => {
    for (const tag of ['fr', 'de', 'en-GB']) {
      const localizer = await localizerFor(tag);
      expect(localizer.time(EVENING, 'UTC'), tag).to.equal('21:00');
      expect(localizer.time(MORNING, 'UTC'), tag).to.equal('09:00');
    }
  });

  it('writes a time the same on its own (a time button) as inside a date (the summary): not 9:00 beside 09:00', async () => {
    for (const tag of ['en-US', 'fr', 'de', 'en-GB', 'sv', 'pl', 'nl', 'it', 'pt', 'zh', 'ja', 'es', 'ar']) {
      const localizer = await localizerFor(tag);
      const [time, dateTime] = [localizer.time(MORNING, 'UTC'), localizer.dateTime(MORNING, 'UTC')];
      const at = dateTime.lastIndexOf(time);
      expect(at, `${tag}: "${time}" in "${dateTime}"`).to.be.greaterThan(0);
      expect(dateTime[at - 1], `${tag}: "${time}" is the whole time in "${dateTime}"`).to.match(/\D/);
    }
  });

  it('writes a booking’s time with the same words as its parts, and no line break inside a time (Arabic’s space before م)', async () => {
    const END = new Date(EVENING.getTime() + 30 * 60_000);
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    for (const tag of ['en-US', 'ar', 'ar-EG', 'es-MX', 'de', 'ja']) {
      const localizer = await localizerFor(tag);
      const zone = localizer.zoneName('UTC', EVENING);
      const { aside, range } = localizer.messages;
      const when = bookingWhen(localizer, EVENING, 'UTC', END);
      expect(spaced(when), tag).to.equal(spaced(`${range(localizer.dateTime(EVENING, 'UTC'), localizer.time(END, 'UTC'))}${aside(zone)}`));
      for (const time of [localizer.time(EVENING, 'UTC'), localizer.time(END, 'UTC')])
        expect(when, `${tag}: ${time} in one piece`).to.include(time.replace(/ /g, '\u00a0'));
      expect(spaced(bookingWhen(localizer, EVENING, 'UTC')), `${tag}, without an end`).to.equal(
        spaced(`${localizer.dateTime(EVENING, 'UTC')}${aside(zone)}`),
      );
    }
    // Japanese joins the two times with a wave dash, without spaces: 21:00～21:30.
    expect(bookingWhen(await localizerFor('ja'), EVENING, 'UTC', END)).to.match(/\d{2}:\d{2}～\d{2}:\d{2}（/);
    // Japanese and Chinese put the zone in full-width brackets, with no space before them.
    for (const tag of ['ja', 'zh']) {
      const localizer = await localizerFor(tag);
      expect(bookingWhen(localizer, EVENING, 'UTC', END), tag).to.match(new RegExp(`\\d（${localizer.zoneName('UTC', EVENING)}）$`));
    }
  });

  it('names each time’s offset in a booking across the change of clocks, which would read backwards (audit 9, #4)', async () => {
    // Sunday 1 November 2026, New York: 30 minutes from 01:30 EDT end at 01:00 EST.
    const start = new Date('2026-11-01T05:30:00Z');
    const localizer = await localizerFor('en-US');
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(spaced(bookingWhen(localizer, start, 'America/New_York', new Date('2026-11-01T06:00:00Z')))).to.equal(
      'Sunday, November 1, 2026 at 1:30 AM EDT – 1:00 AM EST (Eastern Time)',
    );
    // Within the repeated hour, start and end read the same for two instants: each says which.
    expect(spaced(bookingWhen(localizer, new Date('2026-11-01T06:00:00Z'), 'America/New_York', new Date('2026-11-01T06:30:00Z')))).to.equal(
      'Sunday, November 1, 2026 at 1:00 AM EST – 1:30 AM EST (Eastern Time)',
    );
    // An ordinary booking that day, after the change, reads as ever.
    expect(spaced(bookingWhen(localizer, new Date('2026-11-01T15:00:00Z'), 'America/New_York', new Date('2026-11-01T15:30:00Z')))).to.equal(
      'Sunday, November 1, 2026 at 10:00 AM – 10:30 AM (Eastern Time)',
    );
  });

  it('writes a duration as price lists do, its units side by side, not as a list ("1 Std., 30 Min.", "1 h et 30 min")', async () => {
    const written: Record<string, string[]> = {
      'en-US': ['1 hr 30 min', '45 min', '2 hr'],
      de: ['1 Std. 30 Min.', '45 Min.', '2 Std.'],
      fr: ['1 h 30 min', '45 min', '2 h'],
      pl: ['1 godz. 30 min', '45 min', '2 godz.'],
    };
    for (const [tag, expected] of Object.entries(written)) {
      const localizer = await localizerFor(tag);
      expect(
        [90, 45, 120].map((minutes) => localizer.duration(minutes).replace(/\s/g, ' ')),
        tag,
      ).to.deep.equal(expected);
    }
  });

  it('keeps the region’s clock when the language falls back: Quebec writes “21 h 00”', async () => {
    const localizer = await localizerFor('fr-CA');
    expect(localizer.messages.back).to.equal('Retour');
    expect(localizer.time(EVENING, 'UTC').replace(/\s/g, ' ')).to.equal('21 h 00');
  });

  it('shows times in the zone it is given, not the host’s', async () => {
    const localizer = await localizerFor('de');
    expect(localizer.time(EVENING, 'Europe/Berlin')).to.equal('22:00');
    expect(localizer.time(EVENING, 'Asia/Kathmandu')).to.equal('02:45');
  });

  it('starts the American week on Sunday', async () => {
    const weekdays = (await localizerFor('en-US')).weekdays();
    expect(weekdays.map((d) => d.long)).to.deep.equal(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('starts the French and German week on Monday', async () => {
    expect((await localizerFor('fr')).weekdays().map((d) => d.long)).to.deep.equal([
      'lundi',
      'mardi',
      'mercredi',
      'jeudi',
      'vendredi',
      'samedi',
      'dimanche',
    ]);
    const german = await localizerFor('de');
    expect(german.firstDayOfWeek).to.equal(1);
    expect(german.weekdays()[0]!.long).to.equal('Montag');
  });

  it('starts the week where Intl says each region does: Arabic, Brazil, Portugal, Morocco', async () => {
    for (const tag of ['ar', 'pt-BR', 'pt-PT', 'ar-MA', 'ja', 'sv']) {
      const localizer = await localizerFor(tag);
      const first = intlFirstDay(tag);
      expect(localizer.firstDayOfWeek, tag).to.equal(first);
      const weekdays = localizer.weekdays();
      expect(
        weekdays.map((d) => d.index),
        tag,
      ).to.deep.equal(Array.from({ length: 7 }, (_, i) => (first + i) % 7));
      expect(weekdays[0]!.long, tag).to.equal(weekdayName(tag, first));
    }
    // The regions really differ, so the rows above are not all the same day.
    expect(new Set(['ar', 'pt-BR', 'ar-MA'].map(intlFirstDay)).size).to.equal(3);
  });

  it('renders Arabic right to left', async () => {
    const localizer = await localizerFor('ar-EG');
    expect(localizer.dir).to.equal('rtl');
    expect(localizer.locale).to.equal('ar-EG');
    expect((await localizerFor('he')).dir, 'unsupported languages fall back to English, left to right').to.equal('ltr');
  });
});
