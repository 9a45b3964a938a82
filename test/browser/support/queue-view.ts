/** `<bw-queue>` alone, as the walk-in line's controller hands it a screen: the component suites' one way to mount it. */
import { fixture, html } from '@open-wc/testing';
import '../../../src/components/queue/queue.js';
import type { QueueView, WalkInQueue } from '../../../src/components/queue/queue.js';
import type { QueueState } from '../../../src/booking/queue-flow.js';
import type { Messages } from '../../../src/i18n/catalogs/en.js';
import type { QueueMessages } from '../../../src/i18n/catalogs/queue/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';

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
