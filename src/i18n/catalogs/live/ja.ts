import type { LiveMessages } from './en.js';

export const liveJa: LiveMessages = {
  timeGone: (time) => `${time}は予約できなくなりました。`,
  timesGone: { other: '#件の時間が予約できなくなりました。' },
  timeAdded: (time) => `新しい時間が空きました：${time}。`,
  timesAdded: { other: '#件の新しい時間が空きました。' },
};
