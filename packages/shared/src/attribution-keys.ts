/**
 * The attribution's keys and limits (service contract §15): a file of their own so that the
 * widget's booking code, which merges the page's attribution within them, does not carry the
 * rules that check a merchant's (attribution.ts, which re-exports these).
 */
/** The page URL parameters that name a campaign or an ad click, as the service stores them. */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'msclkid'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];
/** The keys that identify one ad click (and so, with a booking, one person's): sent only with the visitor's consent. */
export const CLICK_KEYS: readonly CampaignKey[] = ['gclid', 'fbclid', 'msclkid'];

/** What an appointment may carry in `extendedProperties.private.attribution`. */
export type Attribution = { [K in CampaignKey | 'landingPage' | 'referrer']?: string };

/** The longest value of each key, in UTF-16 code units (JavaScript's `length`). */
export const ATTRIBUTION_LIMITS = { campaign: 200, landingPage: 500, referrer: 500 } as const;

/** The longest value `key` may hold. */
export const attributionLimit = (key: keyof Attribution): number =>
  key === 'landingPage' || key === 'referrer' ? ATTRIBUTION_LIMITS[key] : ATTRIBUTION_LIMITS.campaign;

/**
 * Control characters (C0, DEL, C1), the Unicode direction overrides and isolates, the line and paragraph separators, and
 * the invisible spaces and joiners no campaign name needs (zero width space, word joiner, byte order mark): in a
 * dashboard, a CSV export or a log line they rewrite or hide what is shown (`\u202egnp.exe`, an escape sequence, a
 * forged line, two values that look one). Neither sent nor stored. The zero width (non-)joiners stay: Persian and
 * Indic words and emoji need them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** True when `value` holds a character that rewrites what a screen or a log shows of it (`UNSAFE`). */
export const hasUnsafeCharacters = (value: string): boolean => UNSAFE.test(value);
