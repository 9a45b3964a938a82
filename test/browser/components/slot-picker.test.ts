import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/slot-picker/slot-picker.js';
import type { SlotPicker } from '../../../src/components/slot-picker/slot-picker.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { deepActiveElement, getByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';

// 09:00, 09:30, 13:00 and 18:00 in Paris on 2020-12-01 (UTC+1).
const SLOTS = ['08:00', '08:30', '12:00', '17:00'].map((time) => new Date(`2020-12-01T${time}:00Z`));

async function mountSlots(options: { timeZone?: string; dir?: string; slots?: Date[]; nextAvailable?: Date | null; locale?: string } = {}) {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div dir=${options.dir ?? 'ltr'}>
      <bw-slot-picker
        .localizer=${createLocalizer(options.locale ?? 'en-US', en)}
        .slots=${options.slots ?? SLOTS}
        .nextAvailable=${options.nextAvailable}
        timeZone=${options.timeZone ?? 'Europe/Paris'}
      ></bw-slot-picker>
    </div>`,
  );
  const picker = wrapper.querySelector('bw-slot-picker') as SlotPicker;
  await picker.updateComplete;
  return picker;
}

/** A picker narrower than any column, in the widget's font: its list has one column, at its least width. */
async function narrowest(options: Parameters<typeof mountSlots>[0]) {
  const picker = await mountSlots(options);
  picker.style.cssText = "inline-size: 1em; font: 16px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  await picker.updateComplete;
  return picker;
}

/** How many lines a button's label takes, and whether it stays within the button's borders. */
function layoutOf(button: Element): { lines: number; inside: boolean } {
  const text = document.createRange();
  text.selectNodeContents(button);
  const box = button.getBoundingClientRect();
  const border = parseFloat(getComputedStyle(button).borderLeftWidth);
  const label = text.getBoundingClientRect();
  return {
    lines: new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size,
    inside: label.left >= box.left + border - 0.5 && label.right <= box.right - border + 0.5,
  };
}

const times = (picker: Element) => queryAllByRole(picker, 'button').filter((b) => b.classList.contains('slot'));
const focused = () => deepActiveElement()?.textContent?.trim();

describe('bw-slot-picker', () => {
  it('is accessible', async () => {
    await expect(await mountSlots()).to.be.accessible();
  });

  it('groups times into morning, afternoon and evening of the display zone', async () => {
    const paris = await mountSlots();
    const groups = queryAllByRole(paris, 'list').map((list) => [
      nameOf(list),
      queryAllByRole(list, 'button').map((b) => b.textContent!.trim()),
    ]);
    expect(groups).to.deep.equal([
      ['Morning', ['9:00 AM', '9:30 AM']],
      ['Afternoon', ['1:00 PM']],
      ['Evening', ['6:00 PM']],
    ]);
    // The same instants are 3:00, 3:30, 7:00 AM and noon in New York.
    const newYork = await mountSlots({ timeZone: 'America/New_York' });
    expect(queryAllByRole(newYork, 'list').map(nameOf)).to.deep.equal(['Morning', 'Afternoon']);
  });

  it('names the offset of the times in the hour clocks go back, which would read twice the same (audit 9, #3)', async () => {
    // Sunday 1 November 2026 in New York: 01:00–01:59 EDT, then again EST.
    const slots = ['05:00', '05:30', '06:00', '06:30', '07:00'].map((time) => new Date(`2026-11-01T${time}:00Z`));
    const picker = await mountSlots({ slots, timeZone: 'America/New_York' });
    const names = queryAllByRole(picker, 'button').map(nameOf);
    expect(names).to.deep.equal(['1:00 AM EDT', '1:30 AM EDT', '1:00 AM EST', '1:30 AM EST', '2:00 AM']);
  });

  it('writes times as the locale does: 12-hour in en-US, 24-hour in en-GB', async () => {
    const gb = await mountSlots({ locale: 'en-GB' });
    expect(times(gb).map((b) => b.textContent!.trim())).to.deep.equal(['09:00', '09:30', '13:00', '18:00']);
  });

  it('keeps each time on one line, inside its button, with its column at its narrowest', async () => {
    // 10:45 and 11:45 AM in Paris: the widest times en-US writes. In a picker narrower than any column, the list has one, at its least.
    const picker = await narrowest({ slots: ['09:45', '10:45'].map((time) => new Date(`2020-12-01T${time}:00Z`)) });
    expect(times(picker).map((b) => b.textContent!.trim())).to.deep.equal(['10:45 AM', '11:45 AM']);
    for (const button of times(picker)) expect(layoutOf(button), button.textContent!.trim()).to.deep.equal({ lines: 1, inside: true });
  });

  it('wraps a longer time rather than letting it out of its button (es-MX: "10:45 a.m.", in a page’s spaced-out type)', async () => {
    const picker = await narrowest({ slots: [new Date('2020-12-01T09:45:00Z')], locale: 'es-MX' });
    // Letter spacing is inherited into the widget from the merchant's page.
    picker.style.letterSpacing = '0.1em';
    const [button] = times(picker);
    expect(button!.textContent!.trim()).to.match(/^10:45\sa\.\s?m\.$/);
    expect(layoutOf(button!).inside, 'inside its button').to.equal(true);
  });

  it('has one tab stop and moves with the arrow keys, Home and End (flipped right-to-left)', async () => {
    const picker = await mountSlots();
    expect(times(picker).filter((b) => b.tabIndex === 0)).to.have.length(1);
    picker.focus();
    expect(focused()).to.equal('9:00 AM');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => focused() === '9:30 AM', '9:30');
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => focused() === '1:00 PM', '1:00');
    await sendKeys({ press: 'End' });
    await waitFor(() => focused() === '6:00 PM', '6:00');
    await sendKeys({ press: 'Home' });
    await waitFor(() => focused() === '9:00 AM', '9:00');
    const rtl = await mountSlots({ dir: 'rtl' });
    rtl.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => focused() === '9:30 AM', 'ArrowLeft moves forward in RTL');
  });

  it('chooses the focused time with Enter, marking it pressed', async () => {
    const picker = await mountSlots();
    let chosen: number | undefined;
    // The parent's part: hand the time chosen back.
    picker.addEventListener('bw-slot-choose', (event) => (chosen = picker.value = event.slot));
    picker.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Enter' });
    await picker.updateComplete;
    expect(chosen).to.equal(SLOTS[1]!.getTime());
    expect(
      times(picker)
        .find((b) => b.getAttribute('aria-pressed') === 'true')!
        .textContent!.trim(),
    ).to.equal('9:30 AM');
  });

  it('offers the next free time on an empty day', async () => {
    const next = new Date('2020-12-03T08:00:00Z');
    const picker = await mountSlots({ slots: [], nextAvailable: next });
    expect(picker.shadowRoot!.textContent).to.contain('No free times on this day.');
    let asked = false;
    picker.addEventListener('next-available', () => (asked = true));
    getByRole(picker, 'button', 'Next available: Thursday, December 3, 2020 at 9:00 AM').click();
    expect(asked).to.equal(true);
  });
});
