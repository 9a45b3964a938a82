import type { TakenMessages } from './en.js';

export const takenSv: TakenMessages = {
  takenOffer: {
    one: 'Tyvärr blev den tiden precis bokad. Den här tiden är fortfarande ledig:',
    other: 'Tyvärr blev den tiden precis bokad. De här # tiderna är fortfarande lediga:',
  },
  bookAt: (time) => `Boka ${time}`,
  chooseAnotherTime: 'Välj en annan tid',
};
