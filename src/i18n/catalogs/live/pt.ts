import type { LiveMessages } from './en.js';

export const livePt: LiveMessages = {
  timeGone: (time) => `O horário das ${time} deixou de estar disponível.`,
  timesGone: { one: '# horário deixou de estar disponível.', other: '# horários deixaram de estar disponíveis.' },
  timeAdded: (time) => `Há um novo horário disponível: ${time}.`,
  timesAdded: { one: 'Há # novo horário disponível.', other: 'Há # novos horários disponíveis.' },
};
