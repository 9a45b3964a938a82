/**
 * The company changed on the service while a page shows its times (issue 24 point 3;
 * docs/proxy.md, "Changes made elsewhere"): the merchant renames a service in the dashboard,
 * the service's company watch tells the proxy, the proxy's live channel tells the page, and
 * the widget reads the company again past the browser's cache — without a loading flash, the
 * visitor's choices kept.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/catalogs/en.js';
import { findByRole, nameOf, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { choiceTitles, choose, heading, mountWidget, recordEventSources, selectedDay, waitForTimes } from '../support/widget.js';

const SERVICE = '/api/2.1/scheduling/companies/demo-salon/services/2002';
const RENAMED = "Men's cut and beard trim";
const HIDDEN = '/api/2.1/scheduling/companies/demo-salon/services/2005';

describe('booking-widget: a company changed on the service', () => {
  let sources: ReturnType<typeof recordEventSources>;
  beforeEach(() => (sources = recordEventSources()));
  afterEach(() => sources.restore());

  /** A widget on the time step of Men's cut with Maya Chen, its live channel open and the proxy's company watch registered. */
  async function openOnTimes() {
    const services = await startServices({ watches: true });
    // What the widget asks past the browser's cache.
    const revalidated: string[] = [];
    const fetcher: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (request.cache === 'no-cache') revalidated.push(new URL(request.url).pathname);
      return window.fetch(request);
    };
    const widget = await mountWidget({ apiBase: services.apiBase, fetch: fetcher });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    await heading(widget, en.steps.time);
    await waitForTimes(widget);
    await waitFor(() => sources.open(), 'the live channel open');
    await waitFor(
      async () => (await services.inspect<{ items: unknown[] }>('/api/2.0/watchers?objectType=schedulingCompany')).items.length > 0,
      'the company watch registered by the proxy',
    );
    expect(revalidated, 'nothing read past the cache before the change').to.deep.equal([]);
    return { services, widget, revalidated };
  }

  /** Back from the time step to the services. */
  async function backToServices(widget: HTMLElement): Promise<void> {
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, en.steps.staff);
    (await findByRole(widget, 'button', new RegExp(`${en.back}$`))).click();
    await heading(widget, en.steps.service);
  }

  it('reads the company again past the browser’s cache when a service is renamed, the visitor’s choices kept', async () => {
    const { services, widget, revalidated } = await openOnTimes();
    const day = selectedDay(widget)?.getAttribute('aria-label');

    const renamed = await services.put(SERVICE, { name: RENAMED });
    expect(renamed.status).to.equal(200);
    await waitFor(() => revalidated.some((path) => path.endsWith('/services')), 'the services read again past the cache');
    // The visitor was not moved: the same step, the same day.
    expect(nameOf(await heading(widget, en.steps.time))).to.equal(en.steps.time);
    expect(selectedDay(widget)?.getAttribute('aria-label')).to.equal(day);

    // Back to the services: the company's list as it is now.
    await backToServices(widget);
    await waitFor(async () => (await choiceTitles(widget)).includes(RENAMED), 'the renamed service in the list');
    const titles = await choiceTitles(widget);
    expect(titles, titles.join(' / ')).not.to.include("Men's cut");
  });

  it('leaves out a service the merchant takes offline while the page is open', async () => {
    const { services, widget, revalidated } = await openOnTimes();
    expect((await services.put(HIDDEN, { availability: 'backoffice' })).status).to.equal(200);
    // Heard on the time step, whose live channel is open (the choice steps have none).
    await waitFor(() => revalidated.some((path) => path.endsWith('/services')), 'the services read again past the cache');
    await backToServices(widget);
    const titles = await waitFor(async () => {
      const shown = await choiceTitles(widget);
      return !shown.includes('Balayage') && shown;
    }, 'Balayage gone from the services');
    expect(titles, 'the others stay on offer').to.include("Men's cut");
  });
});
