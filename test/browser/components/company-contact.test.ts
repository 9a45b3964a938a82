/** `<bw-company-contact>`: the company's address, phone and e-mail, as a narrow widget shows them. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/company-contact/company-contact.js';
import type { CompanyContact } from '../../../src/components/company-contact/company-contact.js';
import type { Company } from 'booking-widget-shared/types';
import { en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { getByRole, nameOf } from '../support/dom.js';

const EMAIL = 'kiaora@harbourside.example.com';

async function mountContact(width: string, dir: 'ltr' | 'rtl' = 'ltr') {
  const company = { id: 'c1', name: 'Harbourside', timeZone: 'Pacific/Auckland', email: EMAIL } as Company;
  const contact = await fixture<CompanyContact>(
    html`<bw-company-contact
      dir=${dir}
      style="display: block; inline-size: ${width}; font: 32px/1.5 monospace"
      .company=${company}
      .localizer=${createLocalizer('en-US', en)}
    ></bw-company-contact>`,
  );
  await contact.updateComplete;
  return getByRole(contact, 'link', /^Email: /);
}

/** The text of each line the link is laid out on. */
function lines(link: Element): string[] {
  const byTop = new Map<number, string>();
  const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent!.length; i++) {
      const char = document.createRange();
      char.setStart(node, i);
      char.setEnd(node, i + 1);
      const top = Math.round(char.getBoundingClientRect().top);
      byTop.set(top, (byTop.get(top) ?? '') + node.textContent![i]);
    }
  }
  return [...byTop.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
}

/** The address's parts between its break points: after the @, before each dot. */
const PARTS = ['kiaora@', 'harbourside', '.example', '.com'];

describe('bw-company-contact', () => {
  it('breaks a long e-mail address after its @ and before a dot, never mid-word; its link keeps the whole address', async () => {
    // 32px: the address's 30 characters do not fit on a line of 24 or 13, and each part does.
    for (const width of ['24ch', '13ch']) {
      const link = await mountContact(width);
      expect(nameOf(link)).to.equal(`Email: ${EMAIL}`);
      expect(link.textContent).to.equal(EMAIL);
      const shown = lines(link);
      expect(shown.length, `broken at ${width}`).to.be.above(1);
      // Each line is whole parts: joined, the lines' part counts rebuild the address part by part.
      let next = 0;
      for (const line of shown) {
        const end = PARTS.findIndex((_, last) => PARTS.slice(next, last + 1).join('') === line);
        expect(end, `"${line}" at ${width} is whole parts of ${EMAIL}`).to.be.at.least(next);
        next = end + 1;
      }
      expect(next).to.equal(PARTS.length);
    }
    // In monospace the lines are as a typesetter would break them.
    expect(lines(await mountContact('24ch'))).to.deep.equal(['kiaora@harbourside', '.example.com']);
  });

  it('lines a broken e-mail address up with the rest of a right-to-left page: each line ends at the right', async () => {
    const link = await mountContact('24ch', 'rtl');
    expect(lines(link)).to.deep.equal(['kiaora@harbourside', '.example.com']);
    const contact = link.getRootNode() as ShadowRoot;
    const right = contact.host.getBoundingClientRect().right;
    const range = document.createRange();
    range.selectNodeContents(link);
    // The right end of each line: its boxes (one per part between break points) grouped by their top.
    const ends = new Map<number, number>();
    for (const box of range.getClientRects())
      if (box.width > 0) ends.set(Math.round(box.top), Math.max(ends.get(Math.round(box.top)) ?? 0, box.right));
    expect(ends.size).to.equal(2);
    // Every line of the link ends at the widget's right edge, as the address and phone do.
    for (const end of ends.values()) expect(end, `a line of ${EMAIL}`).to.be.closeTo(right, 1);
  });
});
