import type { LiveMessages } from './en.js';

export const liveNl: LiveMessages = {
  timeGone: (time) => `${time} is niet meer beschikbaar.`,
  timesGone: { one: '# tijd is niet meer beschikbaar.', other: '# tijden zijn niet meer beschikbaar.' },
  timeAdded: (time) => `Er is een nieuwe tijd beschikbaar: ${time}.`,
  timesAdded: { one: 'Er is # nieuwe tijd beschikbaar.', other: 'Er zijn # nieuwe tijden beschikbaar.' },
};
