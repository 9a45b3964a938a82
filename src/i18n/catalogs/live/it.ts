import type { LiveMessages } from './en.js';

export const liveIt: LiveMessages = {
  timeGone: (time) => `${time} non è più disponibile.`,
  timesGone: {
    one: '# orario non è più disponibile.',
    many: '# orari non sono più disponibili.',
    other: '# orari non sono più disponibili.',
  },
  timeAdded: (time) => `È disponibile un nuovo orario: ${time}.`,
  timesAdded: { one: 'È disponibile # nuovo orario.', many: 'Sono disponibili # nuovi orari.', other: 'Sono disponibili # nuovi orari.' },
};
