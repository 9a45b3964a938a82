import type { LiveMessages } from './en.js';

export const liveIt: LiveMessages = {
  timeGone: (time) => `${time} non è più disponibile.`,
  timesGone: { one: '# orario non è più disponibile.', other: '# orari non sono più disponibili.' },
  timeAdded: (time) => `È disponibile un nuovo orario: ${time}.`,
  timesAdded: { one: 'È disponibile # nuovo orario.', other: 'Sono disponibili # nuovi orari.' },
};
