import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/company-header/company-header.js';
import type { CompanyHeader } from '../../../src/components/company-header/company-header.js';
import type { Company } from 'booking-widget-shared/types';
import { waitFor } from '../support/dom.js';

const BADGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#7c3aed"/></svg>',
)}`;

async function mountHeader(pictureUrl: string) {
  const company = { id: 'c1', name: 'Maple Street', timeZone: 'America/New_York', picture: { url: pictureUrl } } as Company;
  const header = await fixture<CompanyHeader>(html`<bw-company-header .company=${company}></bw-company-header>`);
  return {
    header,
    picture: () => header.shadowRoot!.querySelector('img'),
    nameBox: () => header.shadowRoot!.querySelector('h2')!.getBoundingClientRect(),
  };
}

describe('company header', () => {
  it('shows the company picture just after the first paint, in the box it kept for it from the start', async () => {
    const { picture, nameBox } = await mountHeader(BADGE);
    // An inline SVG is parsed in the task that sets it: the first screen paints without waiting for it.
    expect(picture()!.hasAttribute('src')).to.equal(false);
    const before = nameBox();
    expect(picture()!.getBoundingClientRect().width).to.be.above(0);
    const shown = await waitFor(() => picture()!.complete && picture()!.naturalWidth > 0 && picture(), 'the picture loaded');
    expect(shown.getAttribute('src')).to.equal(BADGE);
    expect(shown.alt).to.equal('');
    // Nothing moved when it came.
    expect(nameBox().x).to.equal(before.x);
    expect(nameBox().y).to.equal(before.y);
  });

  it('never shows a picture that could run something', async () => {
    const { header, picture } = await mountHeader('javascript:alert(1)');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    await header.updateComplete;
    expect(picture()).to.equal(null);
  });
});
