import { expect } from '@open-wc/testing';
import { setSanitizedHtml } from '../../../src/components/company-header/sanitize-html.js';
import type { BookingReadyEvent } from '../../../src/index.js';
import { allElements, deepText, waitFor } from '../support/dom.js';
import { type Services, startServices } from '../support/services.js';
import { choices, heading, mountWidget, nextEvent } from '../support/widget.js';

declare global {
  interface Window {
    __xss?: string;
  }
}

const PAYLOAD_DESCRIPTION = [
  '<p>Welcome to <strong>Evil</strong> Corp.</p>',
  `<img src="data:," onerror="window.__xss='img'">`,
  `<script>window.__xss='script'</script>`,
  `<a href="javascript:window.__xss='link'">click me</a>`,
  `<a href="https://example.com/about">About us</a>`,
  `<p style="position:fixed;inset:0" onclick="window.__xss='click'">Styled</p>`,
  `<iframe src="javascript:parent.__xss='iframe'"></iframe>`,
  `<svg><script>window.__xss='svg'</script></svg>`,
].join('');

const PAYLOAD_NAME = `<img src="data:," onerror="window.__xss='name'">Cut`;

async function createEvilCompany(services: Services) {
  await services.post('/api/2.1/scheduling/companies', {
    name: `<b onmouseover="window.__xss='company'">Evil</b> Corp`,
    externalId: 'evil-corp',
    timeZone: 'Europe/Paris',
    scheduledItems: 'service-staff',
    description: PAYLOAD_DESCRIPTION,
    extendedProperties: {
      public: { bookingWidget: { welcomeMessage: `<i>hello</i><img src="data:," onerror="window.__xss='welcome'">` } },
    },
  });
  const staff = await services.post<{ id: string }>('/api/2.1/scheduling/companies/evil-corp/staff', {
    firstName: `<script>window.__xss='staff'</script>Eve`,
    lastName: 'Hacker',
  });
  await services.post('/api/2.1/scheduling/companies/evil-corp/services', {
    name: PAYLOAD_NAME,
    duration: 30,
    staff: [{ id: staff.body.id }],
  });
}

/**
 * Resolves once the browser has reported the load errors of every image inserted so far:
 * a canary inserted last fails last. An `<img onerror>` that slipped through would have run by then.
 */
function imageErrorsReported(): Promise<void> {
  return new Promise((resolve) => {
    const canary = new Image();
    canary.onerror = () => resolve();
    canary.src = 'data:,';
  });
}

function assertInert(container: Element) {
  const tags = allElements(container).map((element) => element.tagName.toLowerCase());
  expect(tags).not.to.include.members(['script', 'iframe']);
  expect(tags.filter((tag) => tag === 'img')).to.have.length(0);
  for (const element of allElements(container)) {
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name, `${element.tagName} attribute`).not.to.match(/^on/);
      if (attribute.name === 'href') expect(attribute.value).not.to.match(/^\s*javascript:/i);
    }
  }
}

describe('booking-widget: hostile company data', () => {
  afterEach(() => delete window.__xss);

  it('renders a script-laden description as inert formatted text, and names as text', async () => {
    const services = await startServices({ companies: ['evil-corp'] });
    await createEvilCompany(services);
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'evil-corp' });
    await heading(widget, 'Choose a service');
    const header = widget.shadowRoot!.querySelector('bw-company-header')!;
    const description = await waitFor(
      () => header.shadowRoot!.querySelector('[part="description"] strong')?.closest('[part="description"]'),
      'the description',
    );
    await imageErrorsReported();

    expect(window.__xss).to.equal(undefined);
    assertInert(description);
    expect(description.querySelector('strong')!.textContent).to.equal('Evil');
    expect(description.querySelector('[style]')).to.equal(null);
    const safeLink = [...description.querySelectorAll('a')].find((a) => a.textContent === 'About us')!;
    expect(safeLink.getAttribute('href')).to.equal('https://example.com/about');
    expect(safeLink.target).to.equal('_blank');
    expect(safeLink.rel).to.contain('noopener');

    // Every other string from the service is text, shown literally.
    expect(deepText(widget)).to.contain('<b onmouseover=').and.contain('<i>hello</i><img src=');
    expect(choices(widget)[0]!.textContent).to.contain(PAYLOAD_NAME);
    choices(widget)[0]!.click();
    await heading(widget, 'Choose who');
    // The staff list comes after the first screen is shown: wait for its names, not only the heading.
    await waitFor(() => deepText(widget).includes('Eve Hacker'), 'the staff names');
    expect(deepText(widget)).to.contain(`<script>window.__xss='staff'</script>Eve Hacker`);
    await imageErrorsReported();
    expect(window.__xss).to.equal(undefined);
  });

  it('sanitises the same way where the browser has no HTML Sanitizer API (DOMPurify)', async () => {
    const target = document.createElement('div');
    document.body.append(target);
    await setSanitizedHtml(target, PAYLOAD_DESCRIPTION, true);
    await imageErrorsReported();
    expect(window.__xss).to.equal(undefined);
    assertInert(target);
    expect(target.querySelector('strong')!.textContent).to.equal('Evil');
    expect(target.querySelector('[style]')).to.equal(null);
    expect([...target.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal([null, 'https://example.com/about']);
    target.remove();
  });

  it('keeps only https, http, mailto and tel links, with the browser’s sanitiser and with DOMPurify', async () => {
    const links: [string, string | null][] = [
      ['data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9J2RhdGEnPC9zY3JpcHQ+', null],
      [`javascript:window.__xss='link'`, null],
      ['vbscript:msgbox(1)', null],
      ['blob:https://example.com/0b0e', null],
      ['ftp://example.com/menu.pdf', null],
      ['https://example.com/policies', 'https://example.com/policies'],
      ['http://example.com/old-site', 'http://example.com/old-site'],
      ['mailto:hello@example.com', 'mailto:hello@example.com'],
      ['tel:+16175550100', 'tel:+16175550100'],
      ['/booking-policies', '/booking-policies'],
    ];
    const html = links.map(([href], index) => `<a href="${href}">link ${index}</a>`).join(' ');
    const native = typeof (Element.prototype as { setHTML?: unknown }).setHTML === 'function';
    for (const forceFallback of native ? [false, true] : [true]) {
      const target = document.createElement('div');
      document.body.append(target);
      await setSanitizedHtml(target, html, forceFallback);
      const kept = [...target.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(kept, forceFallback ? 'DOMPurify' : 'setHTML').to.deep.equal(links.map(([, expected]) => expected));
      target.remove();
    }
  });

  it('never exposes extendedProperties.private, even when called without a proxy', async () => {
    const services = await startServices({ proxy: false });
    const ready = nextEvent(document, 'bw-ready');
    const widget = await mountWidget({ apiBase: services.apiBase, accessToken: services.accessToken! });
    const { company } = ((await ready) as BookingReadyEvent).detail;
    expect(company.extendedProperties?.public).to.have.property('bookingWidget');
    expect(company.extendedProperties).not.to.have.property('private');
    expect(deepText(widget)).not.to.contain('acct_');
  });
});
