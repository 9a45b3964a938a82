/** `<bw-choice-list>`: services, staff or resources to choose from, as a merchant's data gives them. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/choice-list/choice-list.js';
import type { ChoiceGroup, ChoiceList } from '../../../src/components/choice-list/choice-list.js';

const BADGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#ea580c"/></svg>',
)}`;

async function mountList(groups: ChoiceGroup[], dir: 'ltr' | 'rtl' = 'ltr') {
  const list = await fixture<ChoiceList>(
    html`<div dir=${dir} style="inline-size: 400px"><bw-choice-list .groups=${groups}></bw-choice-list></div>`,
  );
  const element = list.querySelector('bw-choice-list')!;
  await element.updateComplete;
  const rect = (title: string) =>
    [...element.shadowRoot!.querySelectorAll('.title')].find((node) => node.textContent === title)!.getBoundingClientRect();
  return { element, rect };
}

describe('choice list', () => {
  it('lines up the titles of choices without a picture with those that have one, in every group', async () => {
    const { rect } = await mountList([
      {
        title: 'Tennis',
        choices: [
          { id: '1', title: 'Clay', picture: BADGE },
          { id: '2', title: 'Indoor' },
        ],
      },
      { title: 'Padel', choices: [{ id: '3', title: 'Panoramic' }] },
    ]);
    expect(rect('Indoor').left).to.be.closeTo(rect('Clay').left, 0.5);
    expect(rect('Panoramic').left).to.be.closeTo(rect('Clay').left, 0.5);
  });

  it('lines them up from the right in a right-to-left page', async () => {
    const { rect } = await mountList(
      [
        {
          title: 'Courts',
          choices: [
            { id: '1', title: 'ملعب', picture: BADGE },
            { id: '2', title: 'داخلي' },
          ],
        },
      ],
      'rtl',
    );
    expect(rect('داخلي').right).to.be.closeTo(rect('ملعب').right, 0.5);
  });

  it('keeps no room for pictures in a list without any, or with only unsafe ones', async () => {
    for (const picture of [undefined, 'javascript:alert(1)']) {
      const { element, rect } = await mountList([{ title: 'Services', choices: [{ id: '1', title: 'Haircut', picture }] }]);
      const button = element.shadowRoot!.querySelector('button')!;
      const style = getComputedStyle(button);
      const contentStart = button.getBoundingClientRect().left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      expect(rect('Haircut').left, String(picture)).to.be.closeTo(contentStart, 0.5);
    }
  });
});
