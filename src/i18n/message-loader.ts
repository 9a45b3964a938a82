import { type Messages, en } from './catalogs/en.js';
import { type Language, isSupportedLanguage } from './languages.js';

/** Imports one catalog; a literal `import()` each, so the bundler splits them. */
export type CatalogImports<T = Messages> = Record<Exclude<Language, 'en'>, () => Promise<T>>;

/** Loads catalogs on demand and remembers the ones that arrived. */
export interface MessageLoader<T = Messages> {
  /**
   * The language's messages, importing its catalog on first use. Concurrent
   * calls share one import. Never rejects: if the import fails the result is
   * English, and the next call tries the import again.
   */
  load(language: Language | string): Promise<T>;
  /**
   * The language's messages if its catalog has already arrived, else
   * undefined, so a second widget in that language starts in it instead of
   * flashing English for a microtask.
   */
  loaded(language: Language | string): T | undefined;
}

/** A language, or a locale's (`pt-BR` → `pt`); English when it is not one of ours. */
function languageOf(locale: string): Language {
  const language = locale.split('-')[0]!.toLowerCase();
  return isSupportedLanguage(language) ? language : 'en';
}

/**
 * A {@link MessageLoader} over `imports`, asked by language or by a localizer's
 * locale (`pt-BR` reads `pt`). English is always at hand; it is the source
 * catalog every widget needs before anything else has loaded. The later parts'
 * catalogs (catalogs/manage/, queue/, taken/, live/) load through loaders of
 * their own, with their English.
 */
export function createMessageLoader<T = Messages>(imports: CatalogImports<T>, english: T = en as T): MessageLoader<T> {
  const pending = new Map<Language, Promise<T>>();
  const arrived = new Map<Language, T>([['en', english]]);

  return {
    load(locale) {
      const language = languageOf(locale);
      const ready = arrived.get(language);
      if (ready) return Promise.resolve(ready);
      let loading = pending.get(language);
      if (!loading) {
        loading = imports[language as Exclude<Language, 'en'>]().then(
          (messages) => {
            arrived.set(language, messages);
            pending.delete(language);
            return messages;
          },
          (error: unknown) => {
            // Forget the failure: a chunk that failed on a flaky network may load on the next try.
            pending.delete(language);
            console.warn(`<booking-widget>: the "${language}" messages could not be loaded, so English is shown.`, error);
            return english;
          },
        );
        pending.set(language, loading);
      }
      return loading;
    },
    loaded: (locale) => arrived.get(languageOf(locale)),
  };
}
