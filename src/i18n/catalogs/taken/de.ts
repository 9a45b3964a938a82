import type { TakenMessages } from './en.js';

export const takenDe: TakenMessages = {
  takenOffer: {
    one: 'Dieser Termin wurde leider gerade vergeben. Dieser Termin ist noch frei:',
    other: 'Dieser Termin wurde leider gerade vergeben. Diese # Termine sind noch frei:',
  },
  bookAt: (time) => `${time} buchen`,
  chooseAnotherTime: 'Anderen Termin wählen',
};
