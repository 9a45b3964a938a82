import type { LiveMessages } from './en.js';

export const liveZh: LiveMessages = {
  timeGone: (time) => `${time} 已不可预约。`,
  timesGone: { other: '# 个时间已不可预约。' },
  timeAdded: (time) => `有新的可预约时间：${time}。`,
  timesAdded: { other: '新增 # 个可预约时间。' },
};
