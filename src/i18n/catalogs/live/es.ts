import type { LiveMessages } from './en.js';

export const liveEs: LiveMessages = {
  timeGone: (time) => `${time} ya no está disponible.`,
  timesGone: { one: '# hora ya no está disponible.', many: '# horas ya no están disponibles.', other: '# horas ya no están disponibles.' },
  timeAdded: (time) => `Hay una nueva hora disponible: ${time}.`,
  timesAdded: { one: 'Hay # nueva hora disponible.', many: 'Hay # nuevas horas disponibles.', other: 'Hay # nuevas horas disponibles.' },
};
