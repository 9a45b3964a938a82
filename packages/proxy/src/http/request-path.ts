import { forbidden, Refusal, RefusalReason } from './refusal.js';

/**
 * Turns the request's path into decoded segments that can be compared with the
 * allowlist, or refuses it. Runtimes already resolve plain `.`/`..` segments when
 * they parse the URL; what remains dangerous is what a later decoder (the service's,
 * or a reverse proxy's) could still turn into structure: encoded slashes and
 * backslashes, encoded dots, double encoding, control characters and empty segments.
 * The allowlist then compares every segment exactly, so anything that survives
 * here still has to be one of the known paths.
 */
export function pathSegments(pathname: string, basePath: string): string[] {
  const rest = stripBasePath(pathname, basePath);
  if (!rest.startsWith('/') || rest.length === 1) throw forbidden(RefusalReason.pathNotAllowed);
  if (rest.includes('//') || rest.endsWith('/')) throw forbidden(RefusalReason.unsafePath);
  return rest.slice(1).split('/').map(decodeSegment);
}

function stripBasePath(pathname: string, basePath: string): string {
  if (!basePath) return pathname;
  if (pathname === basePath || !pathname.startsWith(basePath + '/')) throw forbidden(RefusalReason.pathNotAllowed);
  return pathname.slice(basePath.length);
}

// `%` after decoding means the segment was encoded twice; whoever decodes it next
// would see something other than what was checked here.
// eslint-disable-next-line no-control-regex
const UNSAFE_DECODED = /[\u0000-\u001f\u007f/\\%]/;

function decodeSegment(raw: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    throw new Refusal(400, 'INVALID_PARAMETER', 'The request path is not valid percent-encoding.', RefusalReason.malformedPath, 'path');
  }
  if (segment === '.' || segment === '..' || UNSAFE_DECODED.test(segment)) throw forbidden(RefusalReason.unsafePath);
  return segment;
}

/**
 * Checks a `basePath` option: empty, or `/`-separated plain segments without a
 * trailing slash, so that it can be compared with the still-encoded request path.
 */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/\/+$/, '');
  if (trimmed !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) {
    throw new TypeError(`booking proxy: basePath "${basePath}" must look like "/booking-api" (letters, digits, ".", "_", "~", "-").`);
  }
  if (trimmed.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`booking proxy: basePath "${basePath}" must not contain "." or ".." segments.`);
  }
  return trimmed;
}
