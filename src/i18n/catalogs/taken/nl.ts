import type { TakenMessages } from './en.js';

export const takenNl: TakenMessages = {
  takenOffer: {
    one: 'Sorry, die tijd is net geboekt. Deze tijd is nog vrij:',
    other: 'Sorry, die tijd is net geboekt. Deze # tijden zijn nog vrij:',
  },
  bookAt: (time) => `Boeken: ${time}`,
  chooseAnotherTime: 'Een andere tijd kiezen',
};
