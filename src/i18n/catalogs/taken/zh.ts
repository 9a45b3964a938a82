import type { TakenMessages } from './en.js';

export const takenZh: TakenMessages = {
  takenOffer: { other: '抱歉，该时间刚刚被预订。以下 # 个时间仍可预订：' },
  bookAt: (time) => `预订 ${time}`,
  chooseAnotherTime: '选择其他时间',
};
