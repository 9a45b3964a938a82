import type { TakenMessages } from './en.js';

export const takenFr: TakenMessages = {
  takenOffer: {
    one: 'Désolé, cet horaire vient d’être réservé. # horaire est encore libre\u00a0:',
    many: 'Désolé, cet horaire vient d’être réservé. Ces # horaires sont encore libres\u00a0:',
    other: 'Désolé, cet horaire vient d’être réservé. Ces # horaires sont encore libres\u00a0:',
  },
  bookAt: (time) => `Réserver\u00a0: ${time}`,
  chooseAnotherTime: 'Choisir un autre horaire',
};
