import type { Company } from 'booking-widget-shared/types';
import type { ManageState } from '../../booking/manage-flow.js';
import type { TimesView } from '../../booking/time-browser.js';
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
  /** What the time step shows while a new time is chosen (the free times of what the booking holds). */
  times: TimesView | undefined;
  /** Takes the time step's intents (`handleEvent`): the widget's time controller for manage mode. */
  timeIntents: EventListenerObject | undefined;
  /** Changes when the visitor moved to another screen: focus goes to its heading. */
  focus: number;
  /** The widget's clock, read as the view is made: stamps a calendar file. */
  now: number;
  /**
   * A moved booking's calendar links (moved-calendar.ts), once the booking code that carries them is in: asked for as
   * the move is sent, so it arrives with the answer.
   */
  movedCalendar?: ((view: ManageView) => unknown) | undefined;
}
