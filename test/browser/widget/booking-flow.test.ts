import { expect } from '@open-wc/testing';
import type { BookedEvent, BookingReadyEvent, SlotSelectEvent, StepChangeEvent } from '../../../src/index.js';
import { deepActiveElement, deepText, findByRole, getByRole, nameOf, queryAllByRole } from '../support/dom.js';
import { startServices } from '../support/services.js';
import {
  type SandboxAppointment,
  bookButton,
  choiceTitles,
  choices,
  choose,
  fillDetails,
  heading,
  mountWidget,
  nextEvent,
  pickTime,
} from '../support/widget.js';

describe('booking-widget: booking in every company mode', () => {
  it('is accessible while it shows the first step', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase });
    await heading(widget, 'Choose a service');
    await expect(widget).to.be.accessible();
  });

  it('books a service with "anyone" at demo-salon (service-staff), firing each event', async () => {
    const services = await startServices();
    const seen: string[] = [];
    const ready = new Promise<BookingReadyEvent>((resolve) => document.addEventListener('bw-ready', resolve, { once: true }));
    const steps: StepChangeEvent['detail'][] = [];
    const onStep = (event: StepChangeEvent) => steps.push(event.detail);
    document.addEventListener('bw-step-change', onStep);
    const widget = await mountWidget({ apiBase: services.apiBase });
    expect((await ready).detail.company.name).to.equal('Maple Street Hair Studio');
    expect((await ready).detail.company.extendedProperties?.private).to.equal(undefined);

    await heading(widget, 'Choose a service');
    // Hidden services and staff are not offered.
    expect(choices(widget).map((c) => c.textContent)).not.to.satisfy((names: string[]) => names.some((n) => /Bridal trial/.test(n)));
    await choose(widget, "Men's cut");
    await heading(widget, 'Choose who');
    const staffNames = await choiceTitles(widget);
    expect(staffNames[0]).to.equal('Anyone available');
    await choose(widget, 'Anyone available');
    await heading(widget, 'Choose a time');

    const slotSelected = nextEvent(widget, 'bw-slot-select');
    const time = await pickTime(widget);
    const slot: SlotSelectEvent = await slotSelected;
    expect(slot.detail.serviceId).to.equal('2002');
    expect(slot.detail.startInCompanyZone.timeZone).to.equal('US/Eastern');
    expect(
      new Date(slot.detail.start).toLocaleTimeString('en-US', { timeZone: 'US/Eastern', hour: 'numeric', minute: '2-digit' }),
    ).to.equal(time);

    fillDetails(widget);
    const booked = nextEvent(widget, 'bw-booked');
    bookButton(widget).click();
    const { appointment } = ((await booked) as BookedEvent).detail;
    await heading(widget, 'Booking confirmed');
    expect(deepActiveElement()).to.equal(getByRole(widget, 'heading', 'Booking confirmed'));
    seen.push(...steps.map((s) => s.step));
    document.removeEventListener('bw-step-change', onStep);
    expect(seen).to.deep.equal(['service', 'staff', 'time', 'details', 'done']);

    const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-salon/appointments');
    const mine = items.filter((item) => item.client.lastName === 'Lovelace');
    expect(mine).to.have.length(1);
    expect(mine[0]!.reference).to.equal(appointment.reference);
    expect(deepText(widget)).to.contain(`Reference ${appointment.reference}`);
    // The calendar file holds the time booked, in UTC.
    const ics = decodeURIComponent(getByRole(widget, 'link', 'Download .ics file').getAttribute('href')!.split(',')[1]!);
    const stamp = slot.detail.start.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).to.contain(`DTSTART:${stamp}`).and.contain(`SUMMARY:Men's cut — Maple Street Hair Studio`);
    // Stamped by the widget's clock, the same "now" as the service's.
    expect(ics).to.contain(`DTSTAMP:${services.now.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // A link that opens a new tab says so.
    const google = getByRole(widget, 'link', 'Google Calendar (opens in a new tab)');
    expect(google.getAttribute('target')).to.equal('_blank');
  });

  it('books two units of a padel court at demo-courts (resource mode)', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts' });
    await heading(widget, 'Choose what to book');
    expect(queryAllByRole(widget, 'heading').map(nameOf)).to.include.members(['Tennis', 'Padel']);
    await choose(widget, /^Padel court/);
    const quantity = await findByRole(widget, 'spinbutton', 'How many');
    (quantity as HTMLInputElement).value = '2';
    quantity.dispatchEvent(new Event('change'));
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    expect(deepText(widget)).to.contain('Padel court × 2');
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-courts/appointments');
    const mine = items.filter((item) => item.client.lastName === 'Lovelace');
    expect(mine).to.have.length(1);
    expect(mine[0]!.resource!.id).to.equal('6003');
    expect(mine[0]!.resourceCount).to.equal(2);
    expect(mine[0]!.start.timeZone).to.equal('Europe/Paris');
  });

  it('books a practitioner, then one of their services, at demo-clinic (staff-service)', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-clinic' });
    await heading(widget, 'Choose who');
    expect(choices(widget).map((c) => c.querySelector('.title')!.textContent)).not.to.include('Anyone available');
    await choose(widget, 'Tom Fischer');
    await heading(widget, 'Choose a service');
    // Only Tom's services are offered.
    expect(await choiceTitles(widget)).to.deep.equal(['Sports massage', 'Remedial massage']);
    await choose(widget, 'Sports massage');
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');
    const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-clinic/appointments');
    const mine = items.filter((item) => item.client.lastName === 'Lovelace');
    expect(mine).to.have.length(1);
    expect(mine[0]!.staff!.id).to.equal('3102');
    expect(mine[0]!.start.timeZone).to.equal('Pacific/Auckland');
  });
});
