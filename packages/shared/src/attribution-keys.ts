/**
 * The attribution's keys and limits (service contract §15): a file of their own so that the
 * widget's booking code, which merges the page's attribution within them, does not carry the
 * rules that check a merchant's (attribution.ts, which re-exports these).
 */
/** The page URL parameters that name a campaign or an ad click, as the service stores them. */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'msclkid'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];

/** What an appointment may carry in `extendedProperties.private.attribution`. */
export type Attribution = { [K in CampaignKey | 'landingPage' | 'referrer']?: string };

/** The longest value of each key, in UTF-16 code units (JavaScript's `length`). */
export const ATTRIBUTION_LIMITS = { campaign: 200, landingPage: 500, referrer: 500 } as const;

/** The longest value `key` may hold. */
export const attributionLimit = (key: keyof Attribution): number =>
  key === 'landingPage' || key === 'referrer' ? ATTRIBUTION_LIMITS[key] : ATTRIBUTION_LIMITS.campaign;
