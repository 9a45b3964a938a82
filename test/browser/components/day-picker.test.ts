import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import type { DayPicker } from '../../../src/components/day-picker/day-picker.js';
import '../../../src/components/day-picker/day-picker.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { deepActiveElement, getByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';

const AVAILABLE = new Set(['2020-03-10', '2020-03-11', '2020-03-12', '2020-03-20', '2020-04-10']);

async function mountPicker(options: { dir?: 'ltr' | 'rtl'; locale?: string; value?: string } = {}) {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div dir=${options.dir ?? 'ltr'}>
      <bw-day-picker
        .localizer=${createLocalizer(options.locale ?? 'en-US', en)}
        .month=${'2020-03-01'}
        .available=${AVAILABLE}
        .today=${'2020-03-04'}
        .min=${'2020-03-04'}
        .max=${'2021-04-20'}
        .value=${options.value}
      ></bw-day-picker>
    </div>`,
  );
  const picker = wrapper.querySelector('bw-day-picker') as DayPicker;
  // The parent's part: show the month the picker asks for, the day its keys move to, and the day chosen.
  picker.addEventListener('month-change', (event) => (picker.month = event.month));
  picker.addEventListener('bw-day-focus', (event) => ((picker.focused = event.day), (picker.month = event.day)));
  picker.addEventListener('bw-day-select', (event) => (picker.value = event.day));
  await picker.updateComplete;
  return picker;
}

const focusedLabel = () => deepActiveElement()?.getAttribute('aria-label');

async function press(key: string, expected: string) {
  await sendKeys({ press: key });
  await waitFor(
    () => focusedLabel() === expected,
    () => `focus on ${expected} after ${key} (it is on ${focusedLabel()})`,
  );
}

describe('bw-day-picker', () => {
  it('is accessible', async () => {
    const picker = await mountPicker();
    await expect(picker).to.be.accessible();
  });

  it('is a table of day buttons labelled by its month, with one tab stop', async () => {
    const picker = await mountPicker();
    const table = getByRole(picker, 'table');
    expect(nameOf(table)).to.equal('March 2020');
    const headers = [...picker.shadowRoot!.querySelectorAll('th')].map((th) => th.getAttribute('abbr'));
    expect(headers).to.deep.equal(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    const days = queryAllByRole(picker, 'button').filter((b) => b.classList.contains('day'));
    expect(days).to.have.length(31);
    expect(days.filter((d) => d.tabIndex === 0).map(nameOf)).to.deep.equal(['Tuesday, March 10']);
    const unavailable = days.find((d) => nameOf(d).startsWith('Monday, March 9'))!;
    expect(nameOf(unavailable)).to.equal('Monday, March 9, no free times');
    expect(unavailable.getAttribute('aria-disabled')).to.equal('true');
    expect(days.find((d) => d.getAttribute('aria-current') === 'date')?.textContent?.trim()).to.equal('4');
  });

  it('marks today in forced-colours mode too, where its shadow is removed: underlined', async () => {
    await emulateMedia({ forcedColors: 'active' } as never);
    try {
      const picker = await mountPicker();
      const today = queryAllByRole(picker, 'button').find((day) => day.getAttribute('aria-current') === 'date')!;
      expect(today.textContent?.trim()).to.equal('4');
      expect(getComputedStyle(today).textDecorationLine).to.contain('underline');
      // Today has no free time here: still struck through, as every such day.
      expect(getComputedStyle(today).textDecorationLine).to.contain('line-through');
    } finally {
      await emulateMedia({ forcedColors: 'none' } as never);
    }
  });

  it('starts weeks on the locale’s first day', async () => {
    const picker = await mountPicker({ locale: 'fr' });
    const first = picker.shadowRoot!.querySelector('th')!.getAttribute('abbr');
    expect(first).to.equal('lundi');
  });

  it('moves focus with arrows, Home/End and PageUp/PageDown (Shift for years), across months', async () => {
    const picker = await mountPicker();
    picker.focus();
    expect(focusedLabel()).to.equal('Tuesday, March 10');
    await press('ArrowRight', 'Wednesday, March 11');
    await press('ArrowDown', 'Wednesday, March 18, no free times');
    await press('ArrowLeft', 'Tuesday, March 17, no free times');
    await press('ArrowUp', 'Tuesday, March 10');
    await press('Home', 'Sunday, March 8, no free times');
    await press('End', 'Saturday, March 14, no free times');
    await press('PageDown', 'Tuesday, April 14, no free times');
    expect(getByRole(picker, 'table').getAttribute('aria-labelledby')).to.equal('heading');
    expect(nameOf(getByRole(picker, 'table'))).to.equal('April 2020');
    await press('PageUp', 'Saturday, March 14, no free times');
    await sendKeys({ down: 'Shift' });
    await press('PageDown', 'Sunday, March 14, no free times');
    await sendKeys({ up: 'Shift' });
    expect(nameOf(getByRole(picker, 'table'))).to.equal('March 2021');
  });

  it('never moves focus outside the bookable range', async () => {
    const picker = await mountPicker();
    picker.focus();
    await press('Home', 'Sunday, March 8, no free times');
    await press('ArrowUp', 'Wednesday, March 4, no free times');
    await press('PageUp', 'Wednesday, March 4, no free times');
    expect(getByRole(picker, 'button', 'Previous month').getAttribute('aria-disabled')).to.equal('true');
  });

  it('flips the arrow keys in right-to-left pages', async () => {
    const picker = await mountPicker({ dir: 'rtl' });
    picker.focus();
    await press('ArrowRight', 'Monday, March 9, no free times');
    await press('ArrowLeft', 'Tuesday, March 10');
  });

  it('chooses an available day with Enter or Space, and refuses unavailable ones while keeping focus', async () => {
    const picker = await mountPicker();
    let changes = 0;
    picker.addEventListener('bw-day-select', () => changes++);
    picker.focus();
    await press('ArrowRight', 'Wednesday, March 11');
    await sendKeys({ press: 'Enter' });
    await picker.updateComplete;
    expect(picker.value).to.equal('2020-03-11');
    expect(deepActiveElement()!.getAttribute('aria-pressed')).to.equal('true');
    await press('ArrowLeft', 'Tuesday, March 10');
    await press('ArrowLeft', 'Monday, March 9, no free times');
    await sendKeys({ press: 'Space' });
    await picker.updateComplete;
    expect(picker.value).to.equal('2020-03-11');
    expect(changes).to.equal(1);
    expect(focusedLabel()).to.equal('Monday, March 9, no free times');
  });

  it('says the month the visitor turns to, politely, and not the one it opens on (the times are said then)', async () => {
    const picker = await mountPicker();
    const heading = getByRole(picker, 'heading', 'March 2020');
    expect(heading.hasAttribute('aria-live'), 'not a live region as it appears').to.equal(false);
    // Live before its text changes: a screen reader hears the change.
    let liveBefore: string | null = null;
    picker.addEventListener('month-change', () => (liveBefore = heading.getAttribute('aria-live')), { once: true });
    getByRole(picker, 'button', 'Next month').click();
    expect(liveBefore).to.equal('polite');
    await picker.updateComplete;
    expect(heading.textContent!.trim()).to.equal('April 2020');
    expect(heading.getAttribute('aria-live')).to.equal('polite');
  });
});
