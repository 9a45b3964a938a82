/** The Node entry's own limits, beside the handler's (resolve-options.ts): read by the server and by its environment. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
/** Far above what one visitor's browser opens (six per origin over HTTP/1.1), far below the descriptors a process has. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;
