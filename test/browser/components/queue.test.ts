/** `<bw-queue>`: a visitor's place in a walk-in line, as the screen shows it, in English and in Arabic. */
import { expect } from '@open-wc/testing';
import type { Registration } from 'booking-widget-shared/queue-types';
import { QueuePhase, startQueue } from '../../../src/booking/queue-flow.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { queueAr } from '../../../src/i18n/catalogs/queue/ar.js';
import { queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { PLACE } from '../../support/queue-place.js';
import { deepText } from '../support/dom.js';
import { mountQueue } from '../support/queue-view.js';

async function mountWaiting(locale: 'en-US' | 'ar-EG', registration: Registration) {
  const catalogs = locale === 'ar-EG' ? ([ar, queueAr] as const) : ([en, queueEn] as const);
  return deepText(await mountQueue(locale, catalogs, { ...startQueue(), phase: QueuePhase.Waiting, registration }));
}

describe('bw-queue', () => {
  it('says the visitor is next when no one is ahead, and how often the place is read', async () => {
    const text = await mountWaiting('en-US', { ...PLACE, rank: 1, numberOfPeopleAhead: 0, waitingTime: 0 });
    expect(text).to.include('You’re next');
    expect(text).to.not.include('0 people');
    expect(text).to.include('Your place is updated every 15 seconds.');
    expect(await mountWaiting('en-US', { ...PLACE, rank: 3, numberOfPeopleAhead: 2, waitingTime: 20 })).to.include(
      '2 people ahead of you · about 20 min',
    );
  });

  it('writes every number of the place in the locale’s digits: in Egyptian Arabic, the people ahead and the seconds alike', async () => {
    const text = await mountWaiting('ar-EG', { ...PLACE, rank: 3, numberOfPeopleAhead: 3, waitingTime: 30 });
    const arabic = (n: number) => new Intl.NumberFormat('ar-EG').format(n);
    expect(arabic(15), 'Arabic-Indic digits').to.equal('١٥');
    expect(text).to.include(`${arabic(3)} أشخاص قبلك`);
    expect(text).to.include(`كل ${arabic(15)} ثانية`);
  });
});
