import { type QueueMessages, queueEn } from './catalogs/queue/en.js';
import { createMessageLoader } from './message-loader.js';

/** The walk-in line's catalogs: one literal `import()` each, as load-messages.ts does for the main ones. */
const queueLoader = createMessageLoader<QueueMessages>(
  {
    fr: () => import('./catalogs/queue/fr.js').then((module) => module.queueFr),
    de: () => import('./catalogs/queue/de.js').then((module) => module.queueDe),
    es: () => import('./catalogs/queue/es.js').then((module) => module.queueEs),
    it: () => import('./catalogs/queue/it.js').then((module) => module.queueIt),
    nl: () => import('./catalogs/queue/nl.js').then((module) => module.queueNl),
    pt: () => import('./catalogs/queue/pt.js').then((module) => module.queuePt),
    pl: () => import('./catalogs/queue/pl.js').then((module) => module.queuePl),
    sv: () => import('./catalogs/queue/sv.js').then((module) => module.queueSv),
    ja: () => import('./catalogs/queue/ja.js').then((module) => module.queueJa),
    zh: () => import('./catalogs/queue/zh.js').then((module) => module.queueZh),
    ar: () => import('./catalogs/queue/ar.js').then((module) => module.queueAr),
  },
  queueEn,
);

/** The walk-in line's messages in the language of `locale`, if they have arrived. */
export const loadedQueueMessages = (locale: string): QueueMessages | undefined => queueLoader.loaded(locale);

/** The walk-in line's messages in the language of `locale`: English when that catalog cannot load. */
export const loadQueueMessages = (locale: string): Promise<QueueMessages> => queueLoader.load(locale);
