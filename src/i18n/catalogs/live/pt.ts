import type { LiveMessages } from './en.js';

export const livePt: LiveMessages = {
  timeGone: (time) => `${time}: horário já indisponível.`,
  timesGone: {
    one: '# horário deixou de estar disponível.',
    many: '# horários deixaram de estar disponíveis.',
    other: '# horários deixaram de estar disponíveis.',
  },
  timeAdded: (time) => `Há um novo horário disponível: ${time}.`,
  timesAdded: { one: 'Há # novo horário disponível.', many: 'Há # novos horários disponíveis.', other: 'Há # novos horários disponíveis.' },
};
