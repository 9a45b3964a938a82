/**
 * Issue #31, point 6: Latin text from the service inside the Arabic (right-to-left) widget
 * reads in its own order — addresses, names and question texts isolated, phone numbers
 * and e-mail addresses left to right. Measured where a reader sees it: "12" of
 * "12 Maple Street" left of "Maple", "+1" left of "0100", the "?" of a question after
 * its words. Without isolation the right-to-left paragraph moves each of them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { BookingWidget } from '../../../src/index.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { allElements, deepText, findByRole, waitFor } from '../support/dom.js';
import { bookThroughProxy, freeStarts, linkValue, mountManage, setSelfServiceRules } from '../support/manage.js';
import { startServices } from '../support/services.js';
import { choices, mountWidget, pickTime } from '../support/widget.js';

/** The screen x of the start of `part` inside the element whose text holds `whole` (the smallest such). */
function xOf(root: Element, whole: string, part: string): number {
  const holder = allElements(root)
    .filter((element) => (element.textContent ?? '').includes(whole))
    .sort((a, b) => (a.textContent ?? '').length - (b.textContent ?? '').length)[0];
  if (!holder) throw new Error(`No element holds "${whole}"`);
  const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(part);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + part.length);
    return range.getBoundingClientRect().left;
  }
  throw new Error(`"${part}" is not in one text of "${whole}"`);
}

/** True when `first` shows left of `second` in the element holding `whole`: the order it is written in, for Latin text. */
const inOrder = (root: Element, whole: string, first: string, second: string) => xOf(root, whole, first) < xOf(root, whole, second);

describe('Latin text from the service in the Arabic widget', () => {
  it('the location list and the location’s contact: addresses, phone and e-mail in their own order', async () => {
    const services = await startServices();
    const widget = await mountWidget({ apiBase: services.apiBase, companyId: 'demo-salon demo-salon-west', locale: 'ar' });
    await waitFor(() => choices(widget).length === 2, 'the locations');
    expect(inOrder(widget, '12 Maple Street', '12', 'Maple'), 'the address in the list').to.equal(true);
    (choices(widget).find((choice) => !/Mission/.test(choice.textContent!)) as HTMLElement).click();
    await findByRole(widget, 'link', /^12 Maple Street/);
    expect(inOrder(widget, '12 Maple Street', '12', 'Maple'), 'the address in the contact').to.equal(true);
    expect(inOrder(widget, '+1 617 555 0100', '+1', '0100'), 'the phone').to.equal(true);
    expect(inOrder(widget, 'hello@maplestreet.example.com', 'hello', 'example'), 'the e-mail').to.equal(true);
  });

  it('the clinic’s questions: a question mark after its question', async () => {
    const services = await startServices();
    const widget = await mountWidget({
      apiBase: services.apiBase,
      companyId: 'demo-clinic',
      staffId: '3101',
      serviceId: '2101',
      locale: 'ar',
    });
    await pickTime(widget, 0, ar);
    await findByRole(widget, 'group', ar.intake!.questionsPart(1, 2));
    // Read right to left, a bare "What brings you in?" shows its "?" first, at the left.
    expect(inOrder(widget, 'What brings you in?', 'What', '?'), 'a label').to.equal(true);
    expect(inOrder(widget, 'Which side?', 'Which', '?'), 'a group’s legend').to.equal(true);
  });

  it('the walk-in line’s welcome: its question mark and full stop where the company wrote them', async () => {
    // A Wednesday 10:00 in Boston, when the salon's line is open.
    const now = '2026-03-04T15:00:00Z';
    const services = await startServices({ queues: true, now });
    const widget = await fixture<BookingWidget>(
      html`<booking-widget company-id="demo-salon" api-base=${services.apiBase} locale="ar" queue="only" now=${now}></booking-widget>`,
    );
    const welcome = 'No appointment? Join the line and we will text you when a chair is free.';
    await waitFor(() => deepText(widget).includes(welcome), 'the line’s welcome');
    expect(inOrder(widget, welcome, 'No', '?'), 'the question mark').to.equal(true);
    expect(inOrder(widget, welcome, 'free', '.'), 'the full stop').to.equal(true);
  });

  it('manage mode: the company’s phone and e-mail when the booking can no longer change', async () => {
    const services = await startServices({ manage: true });
    const appointment = await bookThroughProxy(services, (await freeStarts(services))[0]!);
    await setSelfServiceRules(services, { rescheduleNoticeMinutes: 60 * 24 * 30, cancelNoticeMinutes: 60 * 24 * 30 });
    const widget = await mountManage({ apiBase: services.apiBase, token: linkValue(appointment), locale: 'ar' });
    await waitFor(() => deepText(widget).includes(manageAr.contactUs), 'the contact');
    expect(inOrder(widget, '+1 617 555 0100', '+1', '0100'), 'the phone').to.equal(true);
    expect(inOrder(widget, 'hello@maplestreet.example.com', 'hello', 'example'), 'the e-mail').to.equal(true);
  });
});
