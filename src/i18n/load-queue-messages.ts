import { type QueueMessages, queueEn } from './catalogs/queue/en.js';
import { createMessageLoader } from './message-loader.js';

/** The walk-in line's catalogs, read through `PartMessages` (part-messages.ts): one literal `import()` each, as load-messages.ts does for the main ones. */
export const queueMessages = createMessageLoader<QueueMessages>(
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
