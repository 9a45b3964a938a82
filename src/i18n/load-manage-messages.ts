import { type ManageMessages, manageEn } from './catalogs/manage/en.js';
import { type Language, isSupportedLanguage } from './languages.js';
import { createMessageLoader } from './message-loader.js';

/** Manage mode's catalogs: one literal `import()` each, as load-messages.ts does for the main ones. */
const manageLoader = createMessageLoader<ManageMessages>(
  {
    fr: () => import('./catalogs/manage/fr.js').then((module) => module.manageFr),
    de: () => import('./catalogs/manage/de.js').then((module) => module.manageDe),
    es: () => import('./catalogs/manage/es.js').then((module) => module.manageEs),
    it: () => import('./catalogs/manage/it.js').then((module) => module.manageIt),
    nl: () => import('./catalogs/manage/nl.js').then((module) => module.manageNl),
    pt: () => import('./catalogs/manage/pt.js').then((module) => module.managePt),
    pl: () => import('./catalogs/manage/pl.js').then((module) => module.managePl),
    sv: () => import('./catalogs/manage/sv.js').then((module) => module.manageSv),
    ja: () => import('./catalogs/manage/ja.js').then((module) => module.manageJa),
    zh: () => import('./catalogs/manage/zh.js').then((module) => module.manageZh),
    ar: () => import('./catalogs/manage/ar.js').then((module) => module.manageAr),
  },
  manageEn,
);

/** The language of a localizer's formatting locale (`pt-BR` → `pt`); English when it is not one of ours. */
function languageOf(locale: string): Language {
  const language = locale.split('-')[0]!.toLowerCase();
  return isSupportedLanguage(language) ? language : 'en';
}

/** Manage mode's messages in the language of `locale`, if they have arrived. */
export const loadedManageMessages = (locale: string): ManageMessages | undefined => manageLoader.loaded(languageOf(locale));

/** Manage mode's messages in the language of `locale`: English when that catalog cannot load. */
export const loadManageMessages = (locale: string): Promise<ManageMessages> => manageLoader.load(languageOf(locale));
