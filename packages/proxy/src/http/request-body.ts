import { DeadlineExceeded, startDeadline } from '../upstream/deadline.js';
import { invalidParameter, Refusal, RefusalReason } from './refusal.js';
import { findShapeProblem, type ObjectShape } from './shape.js';

const tooLarge = (maxBytes: number): Refusal =>
  new Refusal(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes} bytes.`, RefusalReason.bodyTooLarge);

const tooSlow = (timeoutMs: number): Refusal =>
  new Refusal(408, 'REQUEST_TIMEOUT', `The body did not arrive within ${timeoutMs} ms.`, RefusalReason.bodyTimeout);

// Nobody is left to read this answer; it is for the log, which must not count a
// visitor's dropped connection as a failure of the proxy.
const cutOff = (): Refusal => invalidParameter(RefusalReason.clientDisconnected, 'body', 'The body was cut off before its end.');

const invalidBody = (field: string, message: string): Refusal => invalidParameter(RefusalReason.invalidBody, field, message);

/**
 * A route without a body (GET, DELETE) refuses one at once: answering while the
 * announced bytes still trickle in would leave them outside every deadline.
 */
export function refuseUnexpectedBody(request: Request): void {
  const length = request.headers.get('Content-Length');
  if (request.headers.has('Transfer-Encoding') || (length !== null && length.trim() !== '0')) {
    throw new Refusal(400, 'INVALID_PARAMETER', 'This request carries no body.', RefusalReason.unexpectedBody, 'body');
  }
}

/**
 * Reads, parses and checks a POST body. The caller sends the service its own
 * serialisation of what was checked, never the visitor's bytes: a body with a key
 * given twice could otherwise be read one way here and another way upstream.
 */
export async function checkedJsonBody(request: Request, shape: ObjectShape, maxBytes: number, timeoutMs: number): Promise<unknown> {
  const value = await jsonBody(request, maxBytes, timeoutMs);
  const problem = findShapeProblem(value, shape);
  if (problem) throw invalidBody(problem.field, problem.message);
  return value;
}

/** Reads and parses a JSON body of any shape: what the service's watches deliver (service contract §14), read here and never forwarded. */
export async function jsonBody(request: Request, maxBytes: number, timeoutMs: number): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get('Content-Type'))) {
    throw invalidParameter(RefusalReason.invalidHeader, 'Content-Type', 'The body must be sent as application/json.');
  }
  const text = await readText(request, maxBytes, timeoutMs);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the input, which may hold personal data.
    throw invalidBody('body', 'The body is not valid JSON.');
  }
  return value;
}

function isJsonMediaType(contentType: string | null): boolean {
  return contentType?.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Reads at most `maxBytes` within `timeoutMs`. The time limit is its own, not the
 * upstream one: a POST that promises more bytes than it sends, or a chunked body
 * that stalls, would otherwise hold the connection until the runtime gives up
 * (five minutes on Node).
 */
async function readText(request: Request, maxBytes: number, timeoutMs: number): Promise<string> {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) throw invalidBody('body', 'The body is empty.');
  // Counted while streaming: a chunked body has no Content-Length to trust.
  const reader = request.body.getReader();
  const deadline = startDeadline(timeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    // Not awaited: a stalled stream may never confirm the cancellation.
    reader.cancel().catch(() => {});
    if (error instanceof Refusal) throw error;
    throw error instanceof DeadlineExceeded ? tooSlow(timeoutMs) : cutOff();
  } finally {
    deadline.clear();
  }
  // Fewer bytes than promised is a body cut off, even when the stream says it ended:
  // on Node, a request whose socket closed before the handler read it reads as empty.
  if (size < declared) throw cutOff();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidBody('body', 'The body is not valid UTF-8.');
  }
}
