import type { LiveMessages } from './en.js';

export const liveFr: LiveMessages = {
  timeGone: (time) => `${time} n’est plus disponible.`,
  timesGone: {
    one: '# horaire n’est plus disponible.',
    many: '# horaires ne sont plus disponibles.',
    other: '# horaires ne sont plus disponibles.',
  },
  timeAdded: (time) => `Un nouvel horaire est disponible\u00a0: ${time}.`,
  timesAdded: {
    one: '# nouvel horaire est disponible.',
    many: '# nouveaux horaires sont disponibles.',
    other: '# nouveaux horaires sont disponibles.',
  },
};
