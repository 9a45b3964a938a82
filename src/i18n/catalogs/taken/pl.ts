import type { TakenMessages } from './en.js';

export const takenPl: TakenMessages = {
  takenOffer: {
    one: 'Niestety ten termin został właśnie zajęty. Ten termin jest jeszcze wolny:',
    few: 'Niestety ten termin został właśnie zajęty. Te # terminy są jeszcze wolne:',
    many: 'Niestety ten termin został właśnie zajęty. Tych # terminów jest jeszcze wolnych:',
    other: 'Niestety ten termin został właśnie zajęty. Te # terminu są jeszcze wolne:',
  },
  bookAt: (time) => `Zarezerwuj: ${time}`,
  chooseAnotherTime: 'Wybierz inny termin',
};
