import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import type { Clock } from '../../api/time/clock.js';
import type { Company } from 'booking-widget-shared/types';
import type { ManageState } from '../../booking/manage-flow.js';
import type { SlotStore } from '../../booking/slot-store.js';
import type { Messages } from '../../i18n/catalogs/en.js';
import type { ManageMessages } from '../../i18n/catalogs/manage/en.js';
import type { Localizer } from '../../i18n/localizer.js';

/** Everything `<bw-manage>` shows, from the widget's ManageController. */
export interface ManageView {
  state: ManageState;
  /** The widget's messages and manage mode's, in one language. */
  messages: Messages & ManageMessages;
  localizer: Localizer;
  /** For its phone and e-mail. */
  company: Company;
  /** The zone the times are shown in: the visitor's switch, else the widget's `display-time-zone`. */
  displayZone: string;
  /** The free times of what the booking holds, while a new time is chosen. */
  store: SlotStore | undefined;
  clock: Clock;
  /** The last bookable company-zone day, from `maxDaysAhead`. */
  lastDay: CalendarDate | undefined;
  /** Changes when the visitor moved to another screen: focus goes to its heading. */
  focus: number;
}
