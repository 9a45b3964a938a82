import type { LiveMessages } from './en.js';

export const liveSv: LiveMessages = {
  timeGone: (time) => `${time} är inte längre ledig.`,
  timesGone: { one: '# tid är inte längre ledig.', other: '# tider är inte längre lediga.' },
  timeAdded: (time) => `En ny tid är ledig: ${time}.`,
  timesAdded: { one: '# ny tid är ledig.', other: '# nya tider är lediga.' },
};
