import { type Messages, en } from './catalogs/en.js';
import type { Language } from './languages.js';

/** Imports one catalog; a literal `import()` each, so the bundler splits them. */
export type CatalogImports = Record<Exclude<Language, 'en'>, () => Promise<Messages>>;

/** Loads catalogs on demand and remembers the ones that arrived. */
export interface MessageLoader {
  /**
   * The language's messages, importing its catalog on first use. Concurrent
   * calls share one import. Never rejects: if the import fails the result is
   * English, and the next call tries the import again.
   */
  load(language: Language): Promise<Messages>;
  /**
   * The language's messages if its catalog has already arrived, else
   * undefined, so a second widget in that language starts in it instead of
   * flashing English for a microtask.
   */
  loaded(language: Language): Messages | undefined;
}

/**
 * A {@link MessageLoader} over `imports`. English is always at hand; it is the
 * source catalog every widget needs before anything else has loaded.
 */
export function createMessageLoader(imports: CatalogImports): MessageLoader {
  const pending = new Map<Language, Promise<Messages>>();
  const arrived = new Map<Language, Messages>([['en', en]]);

  return {
    load(language) {
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
            return en;
          },
        );
        pending.set(language, loading);
      }
      return loading;
    },
    loaded: (language) => arrived.get(language),
  };
}
