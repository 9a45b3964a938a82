/**
 * What a screen-reader user hears when the times of the day they look at change under
 * them (#24): held or booked on another page, or given back, and brought in by a quiet
 * reload (the live channel, the tab's return). A sighted visitor sees a button go; a
 * screen-reader user is told, once, politely and briefly. Its own lazy chunk with its
 * catalogs: only a reload that changed the day shown loads it.
 */
import type { Localizer } from '../../i18n/localizer.js';
import { loadLiveMessages } from '../../i18n/load-live-messages.js';

/** The times of the day shown that went, and those that came, in one reload. */
export interface DayChange {
  gone: readonly Date[];
  added: readonly Date[];
}

/**
 * "10:00 is no longer available." for one, "3 times are no longer available." for several,
 * then "A new time is available: 14:30." when one came too. The one time is named: the
 * visitor may have been about to choose it; several are counted, so the sentence stays short.
 */
export async function describeChange(localizer: Localizer, { gone, added }: DayChange, timeZone: string): Promise<string> {
  const words = await loadLiveMessages(localizer.locale);
  const sentence = (times: readonly Date[], one: (time: string) => string, several: typeof words.timesGone) =>
    times.length === 1 ? one(localizer.time(times[0]!, timeZone)) : times.length ? localizer.plural(several, times.length) : '';
  return [sentence(gone, words.timeGone, words.timesGone), sentence(added, words.timeAdded, words.timesAdded)].filter(Boolean).join(' ');
}
