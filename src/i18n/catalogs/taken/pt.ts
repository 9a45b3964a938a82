import type { TakenMessages } from './en.js';

export const takenPt: TakenMessages = {
  takenOffer: {
    one: 'Lamentamos, esse horário acabou de ser reservado. Este horário ainda está livre:',
    other: 'Lamentamos, esse horário acabou de ser reservado. Estes # horários ainda estão livres:',
  },
  bookAt: (time) => `Reservar: ${time}`,
  chooseAnotherTime: 'Escolher outro horário',
};
