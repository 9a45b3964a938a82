import type { TakenMessages } from './en.js';

export const takenZh: TakenMessages = {
  takenOffer: { other: '抱歉，该时间刚刚被预约。以下 # 个时间仍可预约：' },
  bookAt: (time) => `预约 ${time}`,
  chooseAnotherTime: '选择其他时间',
};
