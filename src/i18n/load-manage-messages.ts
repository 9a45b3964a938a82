import { type ManageMessages, manageEn } from './catalogs/manage/en.js';
import { createMessageLoader } from './message-loader.js';

/** Manage mode's catalogs, read through `PartMessages` (part-messages.ts): one literal `import()` each, as load-messages.ts does for the main ones. */
export const manageMessages = createMessageLoader<ManageMessages>(
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
