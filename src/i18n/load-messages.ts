import type { Messages } from './catalogs/en.js';
import type { Language } from './languages.js';
import { type CatalogImports, createMessageLoader } from './message-loader.js';

/**
 * One literal `import()` per language: that is what lets Vite (and any other
 * bundler) emit each catalog as its own lazy chunk, so the English bundle
 * carries none of them. A computed path (`import(\`./catalogs/${x}.js\`)`)
 * would work too, but hides from the type check a language without a file.
 */
const imports: CatalogImports = {
  fr: () => import('./catalogs/fr.js').then((module) => module.fr),
  de: () => import('./catalogs/de.js').then((module) => module.de),
  es: () => import('./catalogs/es.js').then((module) => module.es),
  it: () => import('./catalogs/it.js').then((module) => module.it),
  nl: () => import('./catalogs/nl.js').then((module) => module.nl),
  pt: () => import('./catalogs/pt.js').then((module) => module.pt),
  pl: () => import('./catalogs/pl.js').then((module) => module.pl),
  sv: () => import('./catalogs/sv.js').then((module) => module.sv),
  ja: () => import('./catalogs/ja.js').then((module) => module.ja),
  zh: () => import('./catalogs/zh.js').then((module) => module.zh),
  ar: () => import('./catalogs/ar.js').then((module) => module.ar),
};

/** The page-wide loader: catalogs are immutable, so every widget can share what arrived. */
export const messageLoader = createMessageLoader(imports);

/**
 * The messages of `language`, importing its catalog on first use. Concurrent
 * calls share one import; a failed import resolves to English (with a console
 * warning) and the next call tries again.
 *
 * @example
 * const { language, formatLocale } = negotiateLocale([lang, navigator.language]);
 * const localizer = createLocalizer(formatLocale, await loadMessages(language));
 */
export function loadMessages(language: Language): Promise<Messages> {
  return messageLoader.load(language);
}
