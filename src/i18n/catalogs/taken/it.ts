import type { TakenMessages } from './en.js';

export const takenIt: TakenMessages = {
  takenOffer: {
    one: 'Ci dispiace, questo orario è appena stato prenotato. Questo orario è ancora libero:',
    many: 'Ci dispiace, questo orario è appena stato prenotato. Questi # orari sono ancora liberi:',
    other: 'Ci dispiace, questo orario è appena stato prenotato. Questi # orari sono ancora liberi:',
  },
  bookAt: (time) => `Prenota: ${time}`,
  chooseAnotherTime: 'Scelga un altro orario',
};
