import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { TimesView } from '../../../src/booking/time-browser.js';
import '../../../src/components/time-step/time-step.js';
import type { TimeStep } from '../../../src/components/time-step/time-step.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { deepText, getByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';

// 9:00 and 14:00 in New York on Tuesday 10 March 2026 (UTC-4 from the 8th).
const TENTH = [new Date('2026-03-10T13:00:00Z'), new Date('2026-03-10T18:00:00Z')];

const VIEW: TimesView = {
  month: '2026-03-01',
  status: 'ready',
  days: new Map([['2026-03-10', TENTH]]),
  available: new Set(['2026-03-10']),
  day: '2026-03-10',
  slot: undefined,
  focused: undefined,
  next: undefined,
  today: '2026-03-04',
  lastDay: undefined,
  at: Date.parse('2026-03-04T15:00:00Z'),
  companyTimeZone: 'America/New_York',
  displayTimeZone: 'America/New_York',
  visitorTimeZone: 'Europe/Paris',
};

/** A time step showing `times`, and every intent it sends, in order. */
async function mountStep(times: TimesView) {
  const step = await fixture<TimeStep>(html`<bw-time-step .localizer=${createLocalizer('en-US', en)} .times=${times}></bw-time-step>`);
  const intents: string[] = [];
  for (const type of [
    'bw-day-focus',
    'bw-day-select',
    'month-change',
    'bw-slot-choose',
    'next-available',
    'zone-change',
    'bw-retry',
  ] as const) {
    step.addEventListener(type, (event) => {
      const { day, month, slot, timeZone } = event as Event & Record<string, unknown>;
      intents.push([type, day ?? month ?? slot ?? timeZone].filter((part) => part !== undefined).join(' '));
    });
  }
  await step.updateComplete;
  return { step, intents };
}

const dayButton = (step: Element, name: string) => queryAllByRole(step, 'button').find((b) => nameOf(b).startsWith(name))!;

describe('bw-time-step', () => {
  it('is accessible', async () => {
    const { step } = await mountStep(VIEW);
    await expect(step).to.be.accessible();
  });

  it('shows what it is given: the month, its free days, the day shown with its times, and the zone', async () => {
    const { step } = await mountStep({ ...VIEW, slot: TENTH[1]!.getTime() });
    expect(nameOf(getByRole(step, 'table'))).to.equal('March 2026');
    expect(dayButton(step, 'Tuesday, March 10').getAttribute('aria-pressed')).to.equal('true');
    expect(nameOf(getByRole(step, 'heading', /March 10/))).to.equal('Times on Tuesday, March 10');
    const times = queryAllByRole(step, 'button').filter((b) => /\bslot\b/.test(b.getAttribute('part') ?? ''));
    expect(times.map((b) => [b.textContent!.trim(), b.getAttribute('aria-pressed')])).to.deep.equal([
      ['9:00 AM', 'false'],
      ['2:00 PM', 'true'],
    ]);
    expect(deepText(step)).to.contain('Times are shown in Eastern');
  });

  it('sends the visitor’s intents up and changes nothing it was given', async () => {
    const { step, intents } = await mountStep(VIEW);
    const given = step.times;
    dayButton(step, 'Tuesday, March 10').click();
    getByRole(step, 'button', '2:00 PM').click();
    getByRole(step, 'button', 'Next month').click();
    getByRole(step, 'button', /^Show in .* \(your time\)$/).click();
    dayButton(step, 'Tuesday, March 10').focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => intents.length === 5, 'the key’s intent');
    expect(intents).to.deep.equal([
      'bw-day-select 2026-03-10',
      `bw-slot-choose ${TENTH[1]!.getTime()}`,
      'month-change 2026-04-01',
      'zone-change Europe/Paris',
      'bw-day-focus 2026-03-11',
    ]);
    expect(step.times).to.equal(given);
    expect(dayButton(step, 'Tuesday, March 10').tabIndex, 'the tab stop waits for the parent').to.equal(0);
  });

  it('offers the visitor’s zone when it differs on the month shown, though not yet now (audit 9, #5)', async () => {
    // Sunday 14 March 2027, 01:15 in New York: Panama (UTC-5 all year) agrees with it until 03:00 that night.
    const springing = {
      ...VIEW,
      month: '2027-03-01',
      days: new Map(),
      available: new Set<string>(),
      day: undefined,
      today: '2027-03-14',
      at: Date.parse('2027-03-14T06:15:00Z'),
      visitorTimeZone: 'America/Panama',
    };
    const { step } = await mountStep(springing);
    getByRole(step, 'button', /^Show in .* \(your time\)$/);
    // Casablanca and London agree on 1 March and 1 April 2026, and differ from the 22nd to the 28th (Ramadan's end).
    const casablanca = await mountStep({
      ...springing,
      month: '2026-03-01',
      today: '2026-03-02',
      at: Date.parse('2026-03-02T12:00:00Z'),
      companyTimeZone: 'Africa/Casablanca',
      displayTimeZone: 'Africa/Casablanca',
      visitorTimeZone: 'Europe/London',
    });
    getByRole(casablanca.step, 'button', /^Show in .* \(your time\)$/);
    // A zone that agrees all month is not offered: nothing would change.
    const same = await mountStep({ ...springing, month: '2027-01-01', today: '2027-01-04', at: Date.parse('2027-01-04T15:00:00Z') });
    expect(queryAllByRole(same.step, 'button').filter((button) => /your time/.test(nameOf(button)))).to.deep.equal([]);
  });

  it('wraps the zone switch like a link, from the start of the line, not centred', async () => {
    const { step } = await mountStep(VIEW);
    step.style.cssText = 'display: block; inline-size: 12em';
    await step.updateComplete;
    const link = getByRole(step, 'button', /^Show in .* \(your time\)$/);
    const text = document.createRange();
    text.selectNodeContents(link);
    const lines = [...text.getClientRects()];
    expect(new Set(lines.map((line) => Math.round(line.top))).size, 'wrapped').to.be.above(1);
    const start = link.getBoundingClientRect().left + parseFloat(getComputedStyle(link).paddingLeft);
    for (const line of lines) expect(Math.round(line.left), 'each line starts at the start').to.equal(Math.round(start));
  });

  it('says an empty month is empty and offers the next free time; a failed one offers to try again', async () => {
    const next = new Date('2026-05-06T13:00:00Z');
    const { step, intents } = await mountStep({ ...VIEW, days: new Map(), available: new Set(), day: undefined, next });
    expect(deepText(step)).to.contain('No free times this month.');
    getByRole(step, 'button', 'Next available: Wednesday, May 6, 2026 at 9:00 AM').click();
    const failed = await mountStep({ ...VIEW, status: 'failed' });
    getByRole(failed.step, 'button', 'Try again').click();
    expect([...intents, ...failed.intents]).to.deep.equal(['next-available', 'bw-retry']);
    const nothingLeft = await mountStep({ ...VIEW, days: new Map(), available: new Set(), day: undefined, next: null });
    expect(deepText(nothingLeft.step)).to.contain('There are no free times to book at the moment.');
  });
});
