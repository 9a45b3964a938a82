import { ApiError, invalid } from './api-error.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Deeper JSON is refused before anything walks it recursively. */
const MAX_JSON_DEPTH = 64;

const tooLarge = (): ApiError => new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${MAX_BODY_BYTES} bytes.`);

/**
 * The body as text, refused with 413 past the limit: at once when Content-Length
 * says so, otherwise as soon as the bytes read pass it (chunked or lying senders).
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string | undefined> {
  if (!request.body) return undefined;
  if (Number(request.headers.get('content-length')) > limit) throw tooLarge();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  for (let total = 0; ;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Blob(chunks as BlobPart[]).text();
}

/** The body as JSON; malformed, missing or too deeply nested is a 400 (no `field`: no one field is at fault). */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw invalid(undefined, 'A JSON body is required.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(undefined, `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (depthOf(value) > MAX_JSON_DEPTH) throw invalid(undefined, `The body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  return value;
}

/** Nesting depth, walked without recursion so that no input can overflow the stack. */
function depthOf(root: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) break;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return deepest;
}
