import { type LiveMessages, liveEn } from './catalogs/live/en.js';
import { createMessageLoader } from './message-loader.js';

/** What the time step says of times that change under the visitor (#24): one literal `import()` each, as load-messages.ts does. */
const liveLoader = createMessageLoader<LiveMessages>(
  {
    fr: () => import('./catalogs/live/fr.js').then((module) => module.liveFr),
    de: () => import('./catalogs/live/de.js').then((module) => module.liveDe),
    es: () => import('./catalogs/live/es.js').then((module) => module.liveEs),
    it: () => import('./catalogs/live/it.js').then((module) => module.liveIt),
    nl: () => import('./catalogs/live/nl.js').then((module) => module.liveNl),
    pt: () => import('./catalogs/live/pt.js').then((module) => module.livePt),
    pl: () => import('./catalogs/live/pl.js').then((module) => module.livePl),
    sv: () => import('./catalogs/live/sv.js').then((module) => module.liveSv),
    ja: () => import('./catalogs/live/ja.js').then((module) => module.liveJa),
    zh: () => import('./catalogs/live/zh.js').then((module) => module.liveZh),
    ar: () => import('./catalogs/live/ar.js').then((module) => module.liveAr),
  },
  liveEn,
);

/** The messages in the language of `locale`: English when that catalog cannot load. */
export const loadLiveMessages = (locale: string): Promise<LiveMessages> => liveLoader.load(locale);
