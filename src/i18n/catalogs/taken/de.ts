import type { TakenMessages } from './en.js';

export const takenDe: TakenMessages = {
  takenOffer: {
    one: 'Dieser Termin wurde leider gerade vergeben. Diese Zeit ist noch frei:',
    other: 'Dieser Termin wurde leider gerade vergeben. Diese # Zeiten sind noch frei:',
  },
  bookAt: (time) => `Buchen: ${time}`,
  chooseAnotherTime: 'Andere Zeit wählen',
};
