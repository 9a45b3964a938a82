import type { LiveMessages } from './en.js';

export const liveDe: LiveMessages = {
  timeGone: (time) => `${time} ist nicht mehr frei.`,
  timesGone: { one: '# Termin ist nicht mehr frei.', other: '# Termine sind nicht mehr frei.' },
  timeAdded: (time) => `Ein neuer Termin ist frei: ${time}.`,
  timesAdded: { one: '# neuer Termin ist frei.', other: '# neue Termine sind frei.' },
};
