/**
 * What the booking's details form and the walk-in line's form both ask the same way: the visitor's names and how
 * their contact fields read. One place, so the two forms cannot drift (the line once asked Japanese visitors their
 * given name first).
 */
import type { Messages } from '../../i18n/catalogs/en.js';

/** The given and the family name's fields, in the order the language writes names: family name first in Japanese and Chinese. */
export const inNameOrder = <T>({ nameOrder }: Pick<Messages, 'nameOrder'>, given: T, family: T): T[] =>
  nameOrder === 'family-given' ? [family, given] : [given, family];

/** E-mail addresses and phone numbers read left to right in every language: in an Arabic form, "abc@" showed as "@abc". */
export const contactDirection = (type: string): 'ltr' | undefined => (type === 'email' || type === 'tel' ? 'ltr' : undefined);
