/**
 * Where the visitor came from (service contract §15), read from the page the widget
 * started on and from what the merchant's own code knows (`attribution`, from their
 * first-party storage, for a visitor who landed on another page). It goes with the
 * appointment only: never into analytics events, never into the client record.
 * Loads with the booking code; the rules for the merchant's own (merchant-attribution.ts) only
 * for a page that gives one.
 */
import { type Attribution, CAMPAIGN_KEYS, CLICK_KEYS, attributionLimit, hasUnsafeCharacters } from 'booking-widget-shared/attribution-keys';

/** The page as it was when the widget started: later navigation (a manage link, a hash) does not count. */
export interface Landing {
  /** `location.href` then. */
  url: string;
  /** `document.referrer` then. */
  referrer: string;
}

const hasCampaign = (value: Attribution): boolean => CAMPAIGN_KEYS.some((key) => value[key] !== undefined);

/** What `landing` itself says: its campaign parameters, the page without query or fragment, the referrer's origin. */
function attributionOfLanding({ url, referrer }: Landing): Attribution {
  const result: Attribution = {};
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return result;
  }
  // A hash router's page keeps its query in the fragment (`/#/book?utm_source=news`): read when the address's own has none.
  const campaign = CAMPAIGN_KEYS.some((key) => page.searchParams.has(key))
    ? page.searchParams
    : new URLSearchParams(page.hash.split('?')[1]);
  for (const key of CAMPAIGN_KEYS) {
    const value = campaign.get(key);
    if (value) result[key] = value;
  }
  if (/^https?:$/.test(page.protocol)) result.landingPage = page.origin + page.pathname;
  try {
    const from = new URL(referrer);
    if (/^https?:$/.test(from.protocol)) result.referrer = from.origin;
  } catch {
    // No referrer (typed, bookmarked, or hidden by the referrer policy): nothing to say.
  }
  return result;
}

/**
 * The attribution to send: the merchant's `attribution` and the landing merged, or
 * `undefined` when there is nothing. The merchant's wins: their code saw the visitor's
 * first page and chose an attribution model; the landing fills only what it leaves out.
 * Campaign keys come as a set from one source, so that two campaigns are never mixed.
 * A value the proxy would refuse is dropped (and `warn` says which), so that a long
 * `utm_content` never costs a booking. Ad click ids go only when the visitor `consented`.
 */
export async function attributionFor(
  landing: Landing,
  given: unknown,
  consented: boolean,
  warn = (message: string) => console.warn(`<booking-widget>: ${message}`),
): Promise<Attribution | undefined> {
  const page = attributionOfLanding(landing);
  // Most pages give none: the rules that check the merchant's are a chunk of their own (issue 28), fetched for the first booking of a page that does.
  const merchant: Attribution =
    given === undefined || given === null ? {} : (await import('./merchant-attribution.js')).merchantAttribution(given, warn);
  const campaign = hasCampaign(merchant) ? merchant : page;
  const merged: Attribution = {};
  // An ad click's id ties the click to the person who books: only with their consent (`analytics-consent="granted"`).
  for (const key of CAMPAIGN_KEYS) if (campaign[key] !== undefined && (consented || !CLICK_KEYS.includes(key))) merged[key] = campaign[key];
  for (const key of ['landingPage', 'referrer'] as const) {
    const value = merchant[key] ?? page[key];
    if (value !== undefined) merged[key] = value;
  }
  for (const [key, value] of Object.entries(merged) as [keyof Attribution, string][]) {
    const problem =
      value.length > attributionLimit(key)
        ? `is longer than ${attributionLimit(key)} characters`
        : hasUnsafeCharacters(value) && 'holds a control, invisible or text-direction character';
    if (problem) {
      warn(`The page's ${key} ${problem}; it is left out of the booking.`);
      delete merged[key];
    }
  }
  return Object.keys(merged).length ? merged : undefined;
}
