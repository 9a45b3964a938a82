/** Issue #14: a court for several hours in a row (service contract §13), through the proxy to the sandbox. */
import { expect } from '@open-wc/testing';
import { deepText, findByRole, queryAllByRole, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, bookButton, choose, fillDetails, heading, mountWidget, pickTime } from '../support/widget.js';

const COURTS = '/api/2.1/scheduling/companies/demo-courts';
const addHours = (dateTime: string, hours: number) => new Date(Date.parse(`${dateTime}Z`) + hours * 3_600_000).toISOString().slice(0, 19);

describe('booking-widget: consecutive durations', () => {
  it('offers 1 h · 2 h · 3 h as time, books two hours, and shows the end', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-courts' });
    await heading(widget, 'Choose what to book');
    await choose(widget, /^Clay tennis court/);
    const group = await findByRole(widget, 'group', 'How long?');
    const lengths = queryAllByRole(group, 'radio');
    expect(lengths.map((radio) => radio.closest('label')!.textContent!.trim())).to.deep.equal(['1 hr', '2 hr', '3 hr']);
    expect((lengths[0] as HTMLInputElement).checked).to.equal(true);
    lengths[1]!.click();
    (await findByRole(widget, 'button', 'Continue')).click();
    await heading(widget, 'Choose a time');
    await pickTime(widget);
    // The details step's summary shows the end, two hours on.
    await waitFor(() => / – /.test(deepText(widget)), 'the end time in the summary');
    fillDetails(widget);
    bookButton(widget).click();
    await heading(widget, 'Booking confirmed');

    const { items } = await services.inspect<{ items: (SandboxAppointment & { iterationCount: number })[] }>(`${COURTS}/appointments`);
    const mine = items.filter((item) => item.client.lastName === 'Lovelace');
    expect(mine).to.have.length(1);
    const [booked] = mine as [SandboxAppointment & { iterationCount: number }];
    expect(booked.iterationCount).to.equal(2);
    expect(booked.end.dateTime).to.equal(addHours(booked.start.dateTime, 2));

    // The clay court has three units: book the two others for those hours, and both hours are gone.
    const day = booked.start.dateTime.slice(0, 10);
    const free = async () => {
      const slots = await services.inspect<{ items: { slots: string[] }[] }>(
        `${COURTS}/widget/freeSlots?startDate=${day}&endDate=${day}&resourceId=6001&resourceCount=3`,
      );
      return slots.items.flatMap((item) => item.slots);
    };
    const hours = [booked.start.dateTime, addHours(booked.start.dateTime, 1)];
    for (const start of hours) expect(await free()).not.to.include(start);
    const confirmation = deepText(widget);
    expect(confirmation).to.contain('Clay tennis court');
    expect(confirmation).to.match(/ – /);
  });
});
