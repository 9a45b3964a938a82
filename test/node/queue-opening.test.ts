/**
 * What a closed walk-in line says of its opening (src/components/queue/opening.ts): "today" and
 * "tomorrow" by the company's calendar, not the visitor's nor UTC's, across a daylight-saving change;
 * a later day by its whole date. Instants are fixed; the zone is the company's, whatever the host's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openingWords } from '../../src/components/queue/opening.js';
import { queueDe } from '../../src/i18n/catalogs/queue/de.js';
import { queueEn } from '../../src/i18n/catalogs/queue/en.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../src/i18n/localizer.js';

const BOSTON = 'America/New_York';
const english = createLocalizer('en-US', en);
const at = (iso: string) => Date.parse(iso);
const words = (opens: string, now: string, zone = BOSTON) => openingWords(at(opens), at(now), zone, queueEn, english);
const time = (iso: string, zone = BOSTON) => english.time(new Date(iso), zone);

describe('a closed line says when it opens', () => {
  it('later the same day: "today at" the time, as the language writes it', () => {
    // Wednesday 12:45 in Boston, over lunch; the line opens again at 13:30.
    assert.equal(words('2026-03-04T18:30:00Z', '2026-03-04T17:45:00Z'), `It opens today at ${time('2026-03-04T18:30:00Z')}.`);
    assert.match(words('2026-03-04T18:30:00Z', '2026-03-04T17:45:00Z'), /^It opens today at 1:30\sPM\.$/);
  });

  it('the next day by the company’s calendar: 19:00 in Boston is Thursday in UTC, and Thursday 9:00 is still "tomorrow"', () => {
    assert.equal(words('2026-03-05T14:00:00Z', '2026-03-05T00:00:00Z'), `It opens tomorrow at ${time('2026-03-05T14:00:00Z')}.`);
    // Just before midnight in Boston, and just after: the same opening is "tomorrow", then "today".
    assert.match(words('2026-03-05T14:00:00Z', '2026-03-05T04:59:00Z'), /^It opens tomorrow at /);
    assert.match(words('2026-03-05T14:00:00Z', '2026-03-05T05:00:00Z'), /^It opens today at /);
  });

  it('"tomorrow" across the spring change (a day of 23 hours), by calendar days, not 24-hour steps', () => {
    // Saturday 2026-03-07 at 08:30 EST; Sunday's 9:00 is EDT, 23 h 30 min later.
    assert.equal(words('2026-03-08T13:00:00Z', '2026-03-07T13:30:00Z'), `It opens tomorrow at ${time('2026-03-08T13:00:00Z')}.`);
  });

  it('a later day: the whole date and time in the company’s zone', () => {
    // Saturday evening; the line opens Monday at 9:00.
    const opens = '2026-03-09T13:00:00Z';
    assert.equal(words(opens, '2026-03-07T23:00:00Z'), `It opens ${english.dateTime(new Date(opens), BOSTON)}.`);
    assert.match(words(opens, '2026-03-07T23:00:00Z'), /^It opens Monday, March 9, 2026 at 9:00\sAM\.$/);
  });

  it('in the visitor’s language: German says "heute um" and "morgen um" with its own clock', () => {
    const german = createLocalizer('de-DE', en);
    const zone = 'Europe/Berlin';
    // Tuesday 2026-10-20, 11:00 in Berlin: it opens at 14:00 today, and at 9:00 on Wednesday.
    assert.equal(openingWords(at('2026-10-20T12:00:00Z'), at('2026-10-20T09:00:00Z'), zone, queueDe, german), 'Sie öffnet heute um 14:00.');
    assert.equal(
      openingWords(at('2026-10-21T07:00:00Z'), at('2026-10-20T09:00:00Z'), zone, queueDe, german),
      'Sie öffnet morgen um 09:00.',
    );
  });
});
