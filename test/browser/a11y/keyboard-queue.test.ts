/**
 * The walk-in line (issue 26) with the keyboard alone: join, hear and see the place, ask
 * to leave, leave. Focus lands on each new screen's heading, and nothing needs a mouse.
 * The clock is pinned to a Wednesday 10:00 in Boston, when the salon's line is open.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BookingWidget } from '../../../src/index.js';
import { deepActiveElement, findByRole, nameOf, roleOf, waitFor } from '../support/dom.js';
import { startServices } from '../support/services.js';
import { announced, heading } from '../support/widget.js';

const NOW = '2026-03-04T15:00:00Z';
const focused = () => deepActiveElement() as HTMLElement | null;
const describeFocus = () => {
  const element = focused();
  return element ? `${roleOf(element) ?? element.tagName} "${nameOf(element)}"` : 'nothing';
};
const isFocused = (role: string, name: string | RegExp) => {
  const element = focused();
  if (!element || roleOf(element) !== role) return false;
  return typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element));
};

async function focusIs(role: string, name: string | RegExp) {
  await waitFor(
    () => isFocused(role, name),
    () => `focus on ${role} ${String(name)} (it is on ${describeFocus()})`,
  );
}

/** Presses Tab until `role` `name` has focus (at most 12 times), as a keyboard user moves on. */
async function tabTo(role: string, name: string | RegExp) {
  for (let press = 0; press < 12 && !isFocused(role, name); press++) await sendKeys({ press: 'Tab' });
  await focusIs(role, name);
}

/** The salon's line alone in a widget, open (Wednesday 10:00 in Boston). */
async function openLine() {
  const services = await startServices({ queues: true, now: NOW });
  const widget = await fixture<BookingWidget>(
    html`<booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="en-US" queue="only" now=${NOW}></booking-widget>`,
  );
  await heading(widget, 'Walk-in cuts');
  return { services, widget };
}

/** Answers the line's question (once its chunk has brought it) and types Ana Silva's name and phone, by keyboard. */
async function fillJoin(widget: BookingWidget) {
  await findByRole(widget, 'combobox', /What would you like\?/);
  await tabTo('combobox', /What would you like\?/);
  await sendKeys({ press: 'ArrowDown' });
  for (const [name, text] of [
    ['First name', 'Ana'],
    ['Last name', 'Silva'],
    [/Phone/, '+1 617 555 0199'],
  ] as const) {
    await tabTo('textbox', name);
    await sendKeys({ type: text });
  }
}

describe('the walk-in line with the keyboard alone', () => {
  it('join, the place (heading focused), leave after the question, join again: each screen takes focus to its heading', async () => {
    const { services, widget } = await openLine();
    // Opening the line never steals focus from the page.
    expect(focused()).to.equal(document.body);
    // The line's question comes with a chunk of its own, after the form's fields: a visitor who tabs sooner passes it.
    await fillJoin(widget);
    await tabTo('spinbutton', 'People in your party');
    await sendKeys({ press: 'ArrowUp' });
    await tabTo('button', 'Join the line');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'Your place in line');
    await tabTo('button', 'Leave the line');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'Leave the line?');
    await tabTo('button', 'Yes, leave');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'You have left the line.');
    const line = await services.inspect<{ items: { status: string; partySize: number; form: { value: string }[] }[] }>(
      '/api/2.0/registrations?queueId=7001',
    );
    expect(line.items.map((row) => [row.status, row.partySize, row.form[0]!.value])).to.deep.equal([['deleted', 2, 'cut']]);
    // Left by mistake: they join again, with what they typed still there.
    await tabTo('button', 'Join the line again');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'Walk-in cuts');
    expect(((await findByRole(widget, 'textbox', 'First name')) as HTMLInputElement).value).to.equal('Ana');
    await tabTo('button', 'Join the line');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'Your place in line');
    const again = await services.inspect<{ items: { status: string; partySize: number }[] }>('/api/2.0/registrations?queueId=7001');
    expect(again.items.map((row) => [row.status, row.partySize])).to.deep.equal([
      ['deleted', 2],
      ['registered', 2],
    ]);
  });

  it('a join refused for its fields takes focus to the first shown, once: typing to correct it keeps focus where the visitor types', async () => {
    const { widget } = await openLine();
    await findByRole(widget, 'combobox', /What would you like\?/);
    await tabTo('button', 'Join the line');
    await sendKeys({ press: 'Enter' });
    // The question comes first in the form, so it is the first to correct.
    await focusIs('combobox', /What would you like\?/);
    await tabTo('textbox', 'First name');
    await sendKeys({ type: 'Ana' });
    await tabTo('textbox', 'Last name');
    await sendKeys({ type: 'Silva' });
    expect((await findByRole(widget, 'textbox', 'First name')) as HTMLInputElement).to.have.property('value', 'Ana');
    expect((await findByRole(widget, 'textbox', 'Last name')) as HTMLInputElement).to.have.property('value', 'Silva');
    expect(describeFocus()).to.equal('textbox "Last name"');
  });

  it('a party the line does not take is kept as typed and said on Join, with focus on it; corrected, it joins with that party', async () => {
    const { services, widget } = await openLine();
    await fillJoin(widget);
    await tabTo('spinbutton', 'People in your party');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '12' });
    await sendKeys({ press: 'Enter' });
    await focusIs('spinbutton', 'People in your party');
    const party = focused() as HTMLInputElement;
    expect(party.value, 'not changed to 10').to.equal('12');
    expect(party.getAttribute('aria-invalid')).to.equal('true');
    // Said as the details form says it, at once.
    expect(announced(widget, 'assertive')).to.equal('Please correct 1 field.');
    expect((party.getRootNode() as ShadowRoot).getElementById('partySize-error')?.textContent).to.equal(
      'Please enter a number from 1 to 10.',
    );
    const registrations = () =>
      services.inspect<{ items: { partySize: number }[] }>('/api/2.0/registrations?queueId=7001').then(({ items }) => items);
    expect(await registrations(), 'nothing sent').to.deep.equal([]);
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '3' });
    expect(party.getAttribute('aria-invalid'), 'the changed field drops its error').to.equal('false');
    await sendKeys({ press: 'Enter' });
    await focusIs('heading', 'Your place in line');
    expect((await registrations()).map((row) => row.partySize)).to.deep.equal([3]);
  });

  it('a place’s link reopens it far down the page: the place comes into view, and focus stays with the page', async () => {
    const { services, widget } = await openLine();
    await fillJoin(widget);
    const joined = new Promise<CustomEvent<{ placeUrl?: string }>>((resolve) =>
      widget.addEventListener('bw-queue-joined', (event) => resolve(event as CustomEvent<{ placeUrl?: string }>), { once: true }),
    );
    await tabTo('button', 'Join the line');
    await sendKeys({ press: 'Enter' });
    const link = new URL((await joined).detail.placeUrl!);
    (document.activeElement as HTMLElement | null)?.blur();
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}${link.search}${link.hash}`);
    try {
      const page = await fixture<HTMLElement>(
        html`<div>
          <div style="block-size: 300vh">The merchant's page, above the widget.</div>
          <booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="en-US" now=${NOW}></booking-widget>
        </div>`,
      );
      scrollTo(0, 0);
      const reopened = page.querySelector<BookingWidget>('booking-widget')!;
      await heading(reopened, 'Your place in line');
      await reopened.updateComplete;
      const title = (await findByRole(reopened, 'heading', 'Your place in line')).getBoundingClientRect();
      expect(title.top, 'its heading in view').to.be.within(0, innerHeight - 1);
      expect(document.activeElement).to.equal(document.body);
    } finally {
      history.replaceState(null, '', before);
      scrollTo(0, 0);
    }
  });

  it('a join the service refuses says so beside Join, where the visitor is, and focus stays on Join to try again', async () => {
    const services = await startServices({ queues: true, now: NOW });
    // The service refuses the join itself (not a field): the same answer whatever is sent.
    const refusing: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).endsWith('/api/2.0/registrations') && init?.method === 'POST'
        ? Promise.resolve(
            new Response(JSON.stringify({ error: { code: 400, errorCode: 'REFUSED', message: 'no' } }), {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            }),
          )
        : fetch(input, init);
    const widget = await fixture<BookingWidget>(
      html`<booking-widget
        company-id="demo-salon"
        api-base=${services.apiBase}
        locale="en-US"
        queue="only"
        now=${NOW}
        .fetch=${refusing}
      ></booking-widget>`,
    );
    await heading(widget, 'Walk-in cuts');
    await fillJoin(widget);
    await tabTo('button', 'Join the line');
    await sendKeys({ press: 'Enter' });
    const notice = await findByRole(widget, 'alert', 'That did not work. Please try again.');
    const join = await findByRole(widget, 'button', 'Join the line');
    // Right above the button (on a phone or at 200 %, the top of the form is out of view).
    expect(notice.nextElementSibling?.contains(join), 'the notice is beside Join').to.equal(true);
    expect(join.getBoundingClientRect().top - notice.getBoundingClientRect().bottom).to.be.within(0, 40);
    await focusIs('button', 'Join the line');
  });
});
