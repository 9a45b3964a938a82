import type { TakenMessages } from './en.js';

export const takenEs: TakenMessages = {
  takenOffer: {
    one: 'Lo sentimos, esa hora se acaba de reservar. Esta hora sigue libre:',
    many: 'Lo sentimos, esa hora se acaba de reservar. Estas # horas siguen libres:',
    other: 'Lo sentimos, esa hora se acaba de reservar. Estas # horas siguen libres:',
  },
  bookAt: (time) => `Reservar: ${time}`,
  chooseAnotherTime: 'Elegir otra hora',
};
