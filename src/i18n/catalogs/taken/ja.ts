import type { TakenMessages } from './en.js';

export const takenJa: TakenMessages = {
  takenOffer: { other: '申し訳ありません。この時間は先ほど予約が入りました。次の#件の時間はまだ空いています：' },
  bookAt: (time) => `${time}で予約`,
  chooseAnotherTime: '別の時間を選ぶ',
};
