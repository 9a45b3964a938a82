import { type Language, isSupportedLanguage } from './languages.js';

/** The outcome of {@link negotiateLocale}. */
export interface NegotiatedLocale {
  /** Which catalog the messages come from. */
  language: Language;
  /**
   * The tag `Intl` formats with. It keeps the candidate's region, script and
   * extensions, so a `fr-CA` visitor reads French messages with Canadian dates
   * and numbers (`9 h 00`), not those of France.
   */
  formatLocale: string;
}

/**
 * Picks the language and the formatting locale from candidates in order of
 * preference: the first candidate whose language we support wins, exactly or
 * by its language subtag (`pt-BR` → `pt`, `zh-Hant-TW` → `zh`). Empty and
 * malformed tags are skipped rather than fatal, since they come from page
 * markup and settings we do not control. With no supported candidate the
 * result is English, formatted as English too, so text and dates never mix
 * two languages.
 *
 * @example
 * negotiateLocale([element.locale, settings.locale, pageLang, ...navigator.languages]);
 * // ['xx', 'fr-CA', 'de'] → { language: 'fr', formatLocale: 'fr-CA' }
 */
export function negotiateLocale(candidates: Iterable<string | null | undefined>): NegotiatedLocale {
  for (const candidate of candidates) {
    const formatLocale = canonical(candidate);
    if (!formatLocale) continue;
    const { language } = new Intl.Locale(formatLocale);
    if (isSupportedLanguage(language)) return { language, formatLocale };
  }
  return { language: 'en', formatLocale: 'en' };
}

/** The canonical form of a BCP 47 tag (`EN-us` → `en-US`), or undefined when it is not one. */
function canonical(tag: string | null | undefined): string | undefined {
  const trimmed = tag?.trim();
  if (!trimmed) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
}
