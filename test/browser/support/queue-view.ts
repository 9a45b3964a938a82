/** The walk-in line in the test suites: `<bw-queue>` alone, as the line's controller hands it a screen, and the salon's line joined as a visitor does. */
import { fixture, html } from '@open-wc/testing';
import '../../../src/components/queue/queue.js';
import type { QueueView, WalkInQueue } from '../../../src/components/queue/queue.js';
import type { QueueState } from '../../../src/booking/queue-flow.js';
import type { Messages } from '../../../src/i18n/catalogs/en.js';
import type { QueueMessages } from '../../../src/i18n/catalogs/queue/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import type { BookingWidget } from '../../../src/index.js';
import { findByRole, type } from './dom.js';
import { heading } from './widget.js';

/** The salon's line in Boston on a Wednesday at 10:00, in `locale` with its two catalogs, showing `state`. */
export async function mountQueue(
  locale: string,
  [messages, words]: readonly [Messages, QueueMessages],
  state: QueueState,
): Promise<WalkInQueue> {
  const view: QueueView = {
    state,
    messages: { ...messages, ...words },
    localizer: createLocalizer(locale, messages),
    companyZone: 'America/New_York',
    now: Date.parse('2026-03-04T15:00:00Z'),
    pages: [],
    placeUrl: undefined,
    pollSeconds: 15,
    focus: 0,
  };
  const queue = await fixture<WalkInQueue>(html`<bw-queue dir=${view.localizer.dir} .view=${view}></bw-queue>`);
  await queue.updateComplete;
  return queue;
}
/** Fills the salon's join form as a visitor would, and joins. */
export async function joinSalonLine(widget: BookingWidget, m: Messages & QueueMessages, name: string) {
  await heading(widget, 'Walk-in cuts');
  const select = (await findByRole(widget, 'combobox', /What would you like\?/)) as HTMLSelectElement;
  select.value = 'cut';
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  type(await findByRole(widget, 'textbox', m.firstName), name);
  type(await findByRole(widget, 'textbox', m.lastName), 'Silva');
  type(await findByRole(widget, 'textbox', new RegExp(m.phone)), '+1 617 555 0199');
  (await findByRole(widget, 'button', m.join)).click();
  await heading(widget, m.yourPlace);
}
