/**
 * The languages the widget speaks. English is the source; every other
 * language has a catalog in `catalogs/` and an entry in the loader map of
 * `load-messages.ts` (the map is typed by this list, so forgetting one fails
 * the type check).
 */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'ja', 'zh', 'ar'] as const;

/** A language subtag the widget has a catalog for: `'en'`, `'fr'`, … */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const supported: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);

/**
 * Whether `value` is one of {@link SUPPORTED_LANGUAGES}: a bare language
 * subtag, not a full tag (`'fr'` is, `'fr-CA'` is not).
 */
export function isSupportedLanguage(value: string): value is Language {
  return supported.has(value);
}
