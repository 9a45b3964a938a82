/**
 * The texts a reader could make of a body, so that the privacy filter checks the
 * body as every reader would see it, not only as a strict UTF-8 decoder does.
 *
 * A browser's `response.json()` and `text()` decode UTF-8 whatever the header
 * says, and replace bytes that are not UTF-8 rather than fail; other clients
 * honour a declared `charset`, and some guess UTF-16 from its byte pattern. A
 * body one of them reads as JSON must be cleaned as JSON.
 */

/** The `charset` parameter of a Content-Type, lower-cased; `undefined` when there is none. */
export function charsetOf(contentType: string | null): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/** A NUL byte or a UTF-16 byte-order mark: text in UTF-16 (or 32), which JSON never is in UTF-8. */
const looksUtf16 = (bytes: Uint8Array): boolean =>
  bytes.includes(0) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** Lenient decodings (bad bytes become U+FFFD, a BOM is dropped), the declared charset's first. */
export function possibleTexts(bytes: Uint8Array, contentType: string | null): string[] {
  const labels = new Set<string>();
  const declared = charsetOf(contentType);
  if (declared) labels.add(declared);
  labels.add('utf-8');
  if (looksUtf16(bytes)) labels.add('utf-16le').add('utf-16be');
  const texts: string[] = [];
  for (const label of labels) {
    try {
      texts.push(new TextDecoder(label).decode(bytes));
    } catch {
      // A label this runtime does not know: no text from it.
    }
  }
  return texts;
}

/**
 * Text that reads the same to everyone: valid UTF-8, no NUL, no other charset
 * declared. Only such a body may pass unchecked when it is not JSON.
 */
export function isPlainUtf8(bytes: Uint8Array, contentType: string | null): boolean {
  const declared = charsetOf(contentType);
  if ((declared && !UTF8_LABELS.has(declared)) || looksUtf16(bytes)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The Content-Type of the re-serialised JSON: the same type, now in UTF-8 whatever it said. */
export function inUtf8(contentType: string | null): string | null {
  if (contentType === null || charsetOf(contentType) === undefined) return contentType;
  return contentType.replace(/;\s*charset\s*=\s*"?[^";\s]+"?/i, '; charset=utf-8');
}
