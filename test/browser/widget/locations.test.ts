/** Issue #14: one widget for several locations (service contract §12), through the proxy to the sandbox. */
import { expect } from '@open-wc/testing';
import { deepText, getByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, bookButton, choices, choose, fillDetails, heading, mountWidget, pickTime } from '../support/widget.js';

const BOTH = 'demo-salon demo-salon-west';
/** Near the Mission studio, in San Francisco. */
const SAN_FRANCISCO = { latitude: 37.77, longitude: -122.41 };

/** Answers the next position request (or refuses it), and counts the requests. */
function stubPosition(answer: typeof SAN_FRANCISCO | 'refuse') {
  const geolocation = navigator.geolocation;
  const original = geolocation.getCurrentPosition;
  const asked = { count: 0, restore: () => (geolocation.getCurrentPosition = original) };
  geolocation.getCurrentPosition = (ok, fail) => {
    asked.count++;
    if (answer === 'refuse')
      fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else ok({ coords: { ...answer, accuracy: 10 }, timestamp: 0 } as unknown as GeolocationPosition);
  };
  return asked;
}

const titles = () => (widget: Element) => choices(widget).map((choice) => choice.querySelector('.title')!.textContent);

describe('booking-widget: several locations', () => {
  it('starts with the locations, each with its address and zone, and books at the second in its own zone', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: BOTH });
    await heading(widget, 'Choose a location');
    await waitFor(() => choices(widget).length === 2, 'two locations');
    const [east, west] = choices(widget).map(nameOf);
    expect(east).to.contain('Maple Street Hair Studio').and.to.contain('12 Maple Street, 02130 Boston').and.to.contain('Eastern Time');
    expect(west)
      .to.contain('Maple Street Hair Studio Mission')
      .and.to.contain('500 Valencia Street, 94110 San Francisco')
      .and.to.contain('Pacific Time');

    await choose(widget, /^Maple Street Hair Studio Mission/);
    await heading(widget, 'Choose a service');
    // The location's own menu, header and ways to reach it.
    expect(titles()(widget)).to.deep.equal(["Women's cut & finish", "Men's cut", 'Beard trim']);
    expect(nameOf(getByRole(widget, 'heading', 'Maple Street Hair Studio Mission'))).to.equal('Maple Street Hair Studio Mission');
    await waitFor(() => queryAllByRole(widget, 'link', /^500 Valencia Street/).length, 'the address link');
    const map = getByRole(widget, 'link', /^500 Valencia Street/) as HTMLAnchorElement;
    expect(map.href).to.contain('openstreetmap.org').and.to.contain('mlat=37.7649');
    expect((getByRole(widget, 'link', /^Phone: /) as HTMLAnchorElement).href).to.equal('tel:+14155550142');
    expect((getByRole(widget, 'link', /^Email: /) as HTMLAnchorElement).href).to.equal('mailto:mission@maplestreet.example.com');
    expect(queryAllByRole(widget, 'navigation')[0]!.textContent).to.contain('1. Location');

    await choose(widget, /^Beard trim/);
    await choose(widget, /^Diego Alvarez/);
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    // The confirmation says where to go, once: the contact above the steps gives way to the confirmation's.
    await waitFor(() => deepText(widget).includes('500 Valencia Street'), 'the address on the confirmation');
    expect(queryAllByRole(widget, 'link', /^500 Valencia Street/), 'the address links').to.have.length(1);
    expect(queryAllByRole(widget, 'link', /^Phone: /), 'the phone links').to.have.length(1);
    const hostOf = (node: Node) => (node.getRootNode() as ShadowRoot).host;
    const contact = hostOf(queryAllByRole(widget, 'link', /^500 Valencia Street/)[0]!);
    expect([contact.localName, hostOf(contact).localName]).to.deep.equal(['bw-company-contact', 'bw-confirmation']);
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-salon-west/appointments');
    const mine = items.filter((item) => item.client.lastName === 'Lovelace');
    expect(mine).to.have.length(1);
    expect(mine[0]!.start.timeZone).to.equal('America/Los_Angeles');
  });

  it('sorts nearest first only when asked, and keeps the order when the position is refused', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: BOTH });
    await waitFor(() => choices(widget).length === 2, 'two locations');
    const refused = stubPosition('refuse');
    try {
      expect(refused.count, 'nothing asked before the button').to.equal(0);
      getByRole(widget, 'button', 'Nearest first').click();
      await waitFor(() => deepText(widget).includes('Position unavailable.'), 'the refusal');
      expect(titles()(widget)).to.deep.equal(['Maple Street Hair Studio', 'Maple Street Hair Studio Mission']);
    } finally {
      refused.restore();
    }
    const located = stubPosition(SAN_FRANCISCO);
    try {
      getByRole(widget, 'button', 'Nearest first').click();
      await waitFor(() => titles()(widget)[0] === 'Maple Street Hair Studio Mission', 'the nearest first');
      expect(located.count).to.equal(1);
    } finally {
      located.restore();
    }
  });

  it('lists only the locations that offer a preselected service; Back returns to the locations', async () => {
    const services = await startServices();
    // Full colour (2004) is on the first location's menu only.
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: BOTH, serviceId: '2004' });
    await waitFor(() => choices(widget).length === 1, 'one location');
    expect(titles()(widget)).to.deep.equal(['Maple Street Hair Studio']);
    await choose(widget, /^Maple Street Hair Studio/);
    await heading(widget, 'Choose who');
    getByRole(widget, 'button', /Back$/).click();
    await heading(widget, 'Choose a location');
    await waitFor(() => choices(widget).length === 1, 'the locations again');
  });
});
