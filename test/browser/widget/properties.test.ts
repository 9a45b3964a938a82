import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { getByRole, queryAllByRole, type, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { choose, heading, mountWidget, pickTime, timeButtons, timesOfADayWith, waitForTimes } from '../support/widget.js';

const field = (widget: Element, name: RegExp) => getByRole(widget, 'textbox', name) as HTMLInputElement;

describe('booking-widget: properties', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('is accessible with a prefilled form', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    widget.prefill = { firstName: 'Ada', email: 'ada@example.com' };
    await waitForTimes(widget);
    await pickTime(widget);
    await expect(widget).to.be.accessible();
  });

  it('prefills the details form without overwriting what the visitor typed', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, serviceId: '2002', staffId: '3001' });
    widget.prefill = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', notes: 'Window seat' };
    await waitForTimes(widget);
    await pickTime(widget);
    expect(field(widget, /^First name/).value).to.equal('Ada');
    expect(field(widget, /^Notes/).value).to.equal('Window seat');
    type(field(widget, /^Email/), 'ada@lovelace.example');
    widget.prefill = { firstName: 'Grace', email: 'grace@example.com', phone: '+1 617 555 0100' };
    await widget.updateComplete;
    await waitFor(() => field(widget, /^Phone/).value === '+1 617 555 0100', 'the new prefill of an empty field');
    expect(field(widget, /^First name/).value).to.equal('Ada');
    expect(field(widget, /^Email/).value).to.equal('ada@lovelace.example');
  });

  it('follows the visitor’s system colours with theme="auto"', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    widget.theme = 'auto';
    await heading(widget, 'Choose a service');
    const base = widget.shadowRoot!.querySelector('[part="base"]')!;
    expect(getComputedStyle(base).backgroundColor).to.equal('rgb(255, 255, 255)');
    await emulateMedia({ colorScheme: 'dark' });
    await waitFor(() => getComputedStyle(base).backgroundColor === 'rgb(17, 24, 39)', 'dark colours');
    await emulateMedia({ colorScheme: 'light' });
    await waitFor(() => getComputedStyle(base).backgroundColor === 'rgb(255, 255, 255)', 'light colours again');
  });

  it('loads the new company when company-id changes, and the new API when api-base does', async () => {
    const first = await startServices();
    const second = await startServices();
    let secondCalls = 0;
    const widget = await mountWidget({ apiBase: first.apiBase, serviceId: '2002', staffId: '3001' });
    await waitForTimes(widget);
    widget.setAttribute('company-id', 'demo-clinic');
    widget.removeAttribute('service-id');
    widget.removeAttribute('staff-id');
    await heading(widget, 'Choose who');
    expect(getByRole(widget, 'heading', 'Harbourside Physio & Wellness')).to.be.instanceOf(HTMLElement);
    // A new fetch alone is used from then on.
    let throughNewFetch = 0;
    widget.fetch = (input, init) => {
      throughNewFetch++;
      if (String(input).includes(second.apiBase)) secondCalls++;
      return fetch(input, init);
    };
    // (The company and its lists may come from the page-wide cache; free times never do.)
    await heading(widget, 'Choose who');
    await choose(widget, 'Aroha Ngata');
    await choose(widget, 'Physiotherapy follow-up');
    await waitForTimes(widget);
    expect(throughNewFetch).to.be.above(0);
    widget.setAttribute('api-base', second.apiBase);
    await waitFor(() => secondCalls > 0, 'requests to the new API');
    await heading(widget, 'Choose who');
  });

  it('keeps the visitor’s booking where it is when a framework passes a new fetch or access token on every render', async () => {
    const services = await startServices({ proxy: false });
    let requests = 0;
    const widget = await mountWidget({ apiBase: services.apiBase, accessToken: services.accessToken! });
    await choose(widget, "Men's cut");
    await choose(widget, 'Maya Chen');
    const times = await timesOfADayWith(widget, 2);
    times[1]!.click();
    const chosen = times[1]!.textContent!.trim();
    for (let render = 0; render < 3; render++) {
      // What `<booking-widget .fetch=${(i, o) => fetch(i, o)} .accessToken=${() => token}>` does on each render.
      widget.fetch = (input, init) => {
        requests++;
        return fetch(input, init);
      };
      widget.accessToken = () => services.accessToken!;
      await widget.updateComplete;
    }
    expect(queryAllByRole(widget, 'heading', 'Choose a time')).to.have.length(1);
    const pressed = await waitFor(
      () => timeButtons(widget).find((b) => b.getAttribute('aria-pressed') === 'true'),
      'the chosen time, still chosen',
    );
    expect(pressed.textContent!.trim()).to.equal(chosen);
    // The newest fetch and token are the ones used from then on.
    getByRole(widget, 'button', 'Next month').click();
    await waitFor(() => requests > 0, 'a request through the newest fetch');
  });
});
