import { type TakenMessages, takenEn } from './catalogs/taken/en.js';
import { createMessageLoader } from './message-loader.js';

/** A time just taken's catalogs (#24): one literal `import()` each, as load-messages.ts does for the main ones. */
const takenLoader = createMessageLoader<TakenMessages>(
  {
    fr: () => import('./catalogs/taken/fr.js').then((module) => module.takenFr),
    de: () => import('./catalogs/taken/de.js').then((module) => module.takenDe),
    es: () => import('./catalogs/taken/es.js').then((module) => module.takenEs),
    it: () => import('./catalogs/taken/it.js').then((module) => module.takenIt),
    nl: () => import('./catalogs/taken/nl.js').then((module) => module.takenNl),
    pt: () => import('./catalogs/taken/pt.js').then((module) => module.takenPt),
    pl: () => import('./catalogs/taken/pl.js').then((module) => module.takenPl),
    sv: () => import('./catalogs/taken/sv.js').then((module) => module.takenSv),
    ja: () => import('./catalogs/taken/ja.js').then((module) => module.takenJa),
    zh: () => import('./catalogs/taken/zh.js').then((module) => module.takenZh),
    ar: () => import('./catalogs/taken/ar.js').then((module) => module.takenAr),
  },
  takenEn,
);

/** A time just taken's messages in the language of `locale`, if they have arrived: else English, until they do. */
export const takenMessages = (locale: string): TakenMessages => takenLoader.loaded(locale) ?? takenEn;

/** A time just taken's messages in the language of `locale`: English when that catalog cannot load. */
export const loadTakenMessages = (locale: string): Promise<TakenMessages> => takenLoader.load(locale);
