import type { TakenMessages } from './en.js';

export const takenPt: TakenMessages = {
  takenOffer: {
    one: 'Lamentamos, esse horário acabou de ser reservado. # horário ainda está livre:',
    many: 'Lamentamos, esse horário acabou de ser reservado. Estes # horários ainda estão livres:',
    other: 'Lamentamos, esse horário acabou de ser reservado. Estes # horários ainda estão livres:',
  },
  bookAt: (time) => `Reservar: ${time}`,
  chooseAnotherTime: 'Escolher outro horário',
};
