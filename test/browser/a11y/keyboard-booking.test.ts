import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, findByRole, nameOf, queryAllByRole, roleOf, waitFor } from '../support/dom.js';
import { hostZoneApartFrom } from '../support/host-zone.js';
import { startServices } from '../support/services.js';
import { type SandboxAppointment, heading, mountWidget, waitForTimes } from '../support/widget.js';

const focused = () => deepActiveElement() as HTMLElement | null;
const describeFocus = () => {
  const element = focused();
  return element ? `${roleOf(element) ?? element.tagName} "${nameOf(element)}"` : 'nothing';
};

async function tab() {
  await sendKeys({ press: 'Tab' });
}

/** Waits until focus is on the element with this role and name. */
async function focusIs(role: string, name: string | RegExp) {
  await waitFor(
    () => {
      const element = focused();
      if (!element || roleOf(element) !== role) return false;
      return typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element));
    },
    () => `focus on ${role} ${String(name)} (it is on ${describeFocus()})`,
  );
}

describe('booking-widget: a whole booking with the keyboard alone', () => {
  // The Tab path goes through the zone switch, which is there only when the visitor's clock is not the salon's.
  before(() => hostZoneApartFrom('US/Eastern'));

  // With the proxy's booking challenge on (issue 29 point 7), the same keys book: it adds no step and nothing to focus.
  for (const challenge of [false, true])
    it(`goes from the first Tab to the confirmation, focus landing on each new step${challenge ? ', with the booking challenge on' : ''}`, async () => {
      const services = await startServices({ challenge });
      const widget = await mountWidget({ apiBase: services.apiBase });
      await heading(widget, 'Choose a service');
      // The address, phone and e-mail come with the time step's chunk, a moment after the first screen.
      await findByRole(widget, 'link', /^12 Maple Street/);
      // Loading the widget never steals focus from the page.
      expect(focused()).to.equal(document.body);

      await tab();
      await focusIs('link', 'booking policies');
      // Where the salon is and how to reach it (issue #14).
      await tab();
      await focusIs('link', /^12 Maple Street, 02130 Boston \(Show on a map/);
      await tab();
      await focusIs('link', 'Phone: +1 617 555 0100');
      await tab();
      await focusIs('link', 'Email: hello@maplestreet.example.com');
      await tab();
      await focusIs('button', /^Women's cut/);
      await tab();
      await focusIs('button', /^Men's cut/);
      await sendKeys({ press: 'Enter' });

      await focusIs('heading', 'Choose who');
      await tab();
      await focusIs('button', /^Anyone available/);
      await tab();
      await focusIs('button', /^Maya Chen/);
      await sendKeys({ press: 'Enter' });

      await focusIs('heading', 'Choose a time');
      // The calendar arrives with the free times (its code loads separately): a visitor waits for it too.
      await waitForTimes(widget);
      await tab();
      await focusIs('button', /^Show in .* \(your time\)$/);
      await tab();
      await focusIs('button', 'Previous month');
      await tab();
      await focusIs('button', 'Next month');
      await tab();
      // The grid's one tab stop is the day chosen for the visitor: the first with free times.
      await waitFor(() => focused()?.getAttribute('aria-pressed') === 'true', 'the chosen day');
      const day = nameOf(focused()!);
      await sendKeys({ press: 'Enter' });
      await tab();
      await focusIs('button', /^\d{1,2}:\d{2} [AP]M$/);
      const first = nameOf(focused()!);
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => nameOf(focused()!) !== first, 'the next time');
      const time = nameOf(focused()!);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => focused()?.getAttribute('aria-pressed') === 'true', 'the time, pressed');
      await tab();
      await focusIs('button', 'Continue');
      await sendKeys({ press: 'Enter' });

      await focusIs('heading', 'Your details');
      // The form's code loads separately; a visitor waits for its fields as the test does.
      await waitFor(() => queryAllByRole(widget, 'textbox').length, 'the details form');
      for (const [field, text] of [
        [/^First name/, 'Ada'],
        [/^Last name/, 'Lovelace'],
        [/^Email/, 'ada@example.com'],
        [/^Phone/, '+1 617 555 0100'],
      ] as const) {
        await tab();
        await focusIs('textbox', field);
        await sendKeys({ type: text });
      }
      await tab();
      await focusIs('textbox', /^Notes/);
      await tab();
      await focusIs('checkbox', /I agree to the privacy policy/);
      await sendKeys({ press: 'Space' });
      await tab();
      await focusIs('link', 'privacy policy');
      // The salon's questions (issue #14) follow the contact fields.
      await tab();
      await focusIs('textbox', /^Allergies or sensitivities/);
      await sendKeys({ type: 'None' });
      await tab();
      await focusIs('combobox', /^Hair length/);
      await tab();
      await focusIs('checkbox', /^This is my first visit/);
      await sendKeys({ press: 'Space' });
      await tab();
      await focusIs('button', 'Book');
      await sendKeys({ press: 'Enter' });

      await focusIs('heading', 'Booking confirmed');
      const { items } = await services.inspect<{ items: SandboxAppointment[] }>('/api/2.1/scheduling/companies/demo-salon/appointments');
      const mine = items.filter((item) => item.client.lastName === 'Lovelace');
      expect(mine).to.have.length(1);
      expect(mine[0]!.staff!.id).to.equal('3001');
      expect((mine[0] as { form?: unknown }).form).to.deep.include.members([
        { id: 'allergies', title: 'Allergies or sensitivities', value: 'None' },
        { id: 'first-visit', title: 'This is my first visit', value: 'true' },
      ]);
      const start = new Date(`${mine[0]!.start.dateTime}Z`);
      expect(start.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' })).to.equal(time);
      expect(day).to.contain(start.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' }));
    });
});
