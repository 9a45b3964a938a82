import type { PluralForms } from '../../plural.js';

/**
 * A walk-in line's messages (service contract §16), in a catalog of their own: only a
 * widget whose company has a line loads them, with the line's chunk, so the script-tag
 * bundle carries none. Names and the phone reuse the details form's labels.
 */
export const queueEn = {
  joinLine: 'Join the walk-in line',
  noTimeToday: 'No time free today? You can wait in line instead.',
  partySize: 'People in your party',
  phoneHint: 'We will text you when it is your turn.',
  join: 'Join the line',
  joining: 'Joining…',
  yourPlace: 'Your place in line',
  ahead: { one: '# person ahead of you', other: '# people ahead of you' } as PluralForms,
  /** No one ahead. */
  next: 'You’re next',
  about: (duration: string) => `about ${duration}`,
  yourTurn: 'It’s your turn',
  yourTurnText: 'Please come to the front desk now.',
  /** The party sizes the line takes, `min` and `max` as the locale writes them. */
  partyRange: (min: string, max: string) => `Please enter a number from ${min} to ${max}.`,
  leave: 'Leave the line',
  leaveQuestion: 'Leave the line?',
  confirmLeave: 'Yes, leave',
  stay: 'Stay in line',
  leaving: 'Leaving…',
  left: 'You have left the line.',
  joinAgain: 'Join the line again',
  ended: 'Your place in this line is over. Thank you!',
  closed: 'The walk-in line is closed.',
  opensAt: (when: string) => `It opens ${when}.`,
  /** A closed line that opens later the same day (the company's), `time` as the locale writes it. */
  opensToday: (time: string) => `It opens today at ${time}.`,
  /** …or the next day. */
  opensTomorrow: (time: string) => `It opens tomorrow at ${time}.`,
  keepLink: 'Keep this link to find your place again:',
  placeLink: 'My place in line',
  /** `seconds` as the locale writes numbers: Arabic's own digits beside Arabic's words. */
  updated: (seconds: string) => `Your place is updated every ${seconds} seconds.`,
  linkInvalid: 'This link is not valid or has expired.',
  gone: 'This place in line no longer exists.',
  tooMany: 'Too many people joined from here. Please try again later.',
  failed: 'That did not work. Please try again.',
};

export type QueueMessages = typeof queueEn;
