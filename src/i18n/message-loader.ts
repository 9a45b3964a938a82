import { type Messages, en } from './catalogs/en.js';
import type { Language } from './languages.js';

/** Imports one catalog; a literal `import()` each, so the bundler splits them. */
export type CatalogImports<T = Messages> = Record<Exclude<Language, 'en'>, () => Promise<T>>;

/** Loads catalogs on demand and remembers the ones that arrived. */
export interface MessageLoader<T = Messages> {
  /**
   * The language's messages, importing its catalog on first use. Concurrent
   * calls share one import. Never rejects: if the import fails the result is
   * English, and the next call tries the import again.
   */
  load(language: Language): Promise<T>;
  /**
   * The language's messages if its catalog has already arrived, else
   * undefined, so a second widget in that language starts in it instead of
   * flashing English for a microtask.
   */
  loaded(language: Language): T | undefined;
}

/**
 * A {@link MessageLoader} over `imports`. English is always at hand; it is the
 * source catalog every widget needs before anything else has loaded. Manage
 * mode's catalogs (catalogs/manage/) load through a loader of their own, with
 * their English.
 */
export function createMessageLoader<T = Messages>(imports: CatalogImports<T>, english: T = en as T): MessageLoader<T> {
  const pending = new Map<Language, Promise<T>>();
  const arrived = new Map<Language, T>([['en', english]]);

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
            return english;
          },
        );
        pending.set(language, loading);
      }
      return loading;
    },
    loaded: (language) => arrived.get(language),
  };
}
