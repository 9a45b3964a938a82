import type { LiveMessages } from './en.js';

export const livePl: LiveMessages = {
  timeGone: (time) => `Termin ${time} nie jest już dostępny.`,
  timesGone: {
    one: '# termin nie jest już dostępny.',
    few: '# terminy nie są już dostępne.',
    many: '# terminów nie jest już dostępnych.',
    other: '# terminu nie jest już dostępne.',
  },
  timeAdded: (time) => `Dostępny jest nowy termin: ${time}.`,
  timesAdded: {
    one: 'Dostępny jest # nowy termin.',
    few: 'Dostępne są # nowe terminy.',
    many: 'Dostępnych jest # nowych terminów.',
    other: 'Dostępne jest # nowego terminu.',
  },
};
