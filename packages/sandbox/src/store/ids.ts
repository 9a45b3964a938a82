// Lower-case letters and digits without look-alikes (l/1, o/0), so ids read well in a URL.
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
// What a person reads out on the phone: capitals and digits, no I/1 or O/0.
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomString(alphabet: string, length: number): string {
  // Both alphabets have 32 letters, so `byte % 32` picks each with the same chance.
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The id of an inserted record (seed records have stable numeric ids instead). */
export const randomId = (): string => randomString(ID_ALPHABET, 12);

/** A booking reference a visitor can read out: `SBX-7K3M9Q`. */
export const bookingReference = (): string => `SBX-${randomString(REFERENCE_ALPHABET, 6)}`;

/** OAuth codes and tokens. */
export const randomSecret = (): string => randomString(ID_ALPHABET, 32);
