/**
 * Where a booking came from (service contract §15): the campaign parameters of the
 * visitor's landing page, that page without its query, and the referrer's origin. The
 * widget sends it with an appointment, the proxy lets exactly these keys through and
 * the sandbox stores them; all three read it with these rules.
 */
import { type Attribution, CAMPAIGN_KEYS, attributionLimit, hasUnsafeCharacters } from './attribution-keys.js';
import { isRecord } from './is-record.js';

export * from './attribution-keys.js';

const ATTRIBUTION_KEYS: readonly string[] = [...CAMPAIGN_KEYS, 'landingPage', 'referrer'];

export interface AttributionProblem {
  /** Dotted path under `at`: `extendedProperties.private.attribution.utm_source`. */
  field: string;
  message: string;
}

/** True for an http(s) URL's origin and nothing more: `https://news.example`. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** True for a URL that carries a user name or password (`https://ada%40mail.example:pw@shop.example/`). */
const hasUserInfo = (value: string): boolean => {
  const url = new URL(value);
  return url.username !== '' || url.password !== '';
};

/** True for an absolute http(s) URL. */
export function isWebUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The first thing wrong with an attribution object, or `undefined` when it keeps to §15:
 * known keys only, each a string within its limit and without control or direction characters,
 * the referrer an origin, the landing page an absolute web URL without query, fragment, user name or password.
 */
export function attributionProblem(value: unknown, at = 'extendedProperties.private.attribution'): AttributionProblem | undefined {
  if (!isRecord(value)) return { field: at, message: `${at} must be an object.` };
  for (const [key, item] of Object.entries(value)) {
    const field = `${at}.${key}`;
    if (!ATTRIBUTION_KEYS.includes(key)) {
      return { field, message: `${field} is not an attribution key (${ATTRIBUTION_KEYS.join(', ')}).` };
    }
    if (typeof item !== 'string') return { field, message: `${field} must be a string.` };
    const limit = attributionLimit(key as keyof Attribution);
    if (item.length > limit) return { field, message: `${field} is longer than ${limit} characters.` };
    if (hasUnsafeCharacters(item)) return { field, message: `${field} holds a control, invisible or text-direction character.` };
    if (key === 'referrer' && !isOrigin(item)) return { field, message: `${field} must be an origin only, such as https://news.example.` };
    if (key === 'landingPage' && !isWebUrl(item)) return { field, message: `${field} must be an absolute http(s) URL.` };
    // Where a link's personal data sits (a prefilled e-mail, a token): the widget sends its own page without them.
    if (key === 'landingPage' && /[?#]/.test(item)) return { field, message: `${field} must be a URL without its query or fragment.` };
    if (key === 'landingPage' && hasUserInfo(item)) return { field, message: `${field} must be a URL without a user name or password.` };
  }
  return undefined;
}
