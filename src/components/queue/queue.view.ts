import type { QueueState } from '../../booking/queue-flow.js';
import type { FormItem } from 'booking-widget-shared/form-types';
import type { Messages } from '../../i18n/catalogs/en.js';
import type { QueueMessages } from '../../i18n/catalogs/queue/en.js';
import type { Localizer } from '../../i18n/localizer.js';

/** What `<bw-queue>` renders. */
export interface QueueView {
  state: QueueState;
  messages: Messages & QueueMessages;
  localizer: Localizer;
  /** The company's zone: when a closed line opens is said in it. */
  companyZone: string;
  /** The widget's clock, read for this render: a closed line opens "today" or "tomorrow" from it. */
  now: number;
  /** The queue's questions, as pages of intake items. */
  pages: FormItem[][];
  placeUrl: string | undefined;
  /** How often the place is read again while the visitor waits ("updated every 15 seconds"). */
  pollSeconds: number;
  /** Counts the screens the visitor moved to: each new one takes focus to its heading. */
  focus: number;
}
