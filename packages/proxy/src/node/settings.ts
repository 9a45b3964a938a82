/**
 * Every environment variable the proxy reads, once: whether it is required, its default, a line for
 * `--help` and its meaning for the tables. `booking-widget-proxy --help` (cli-help.ts) and the
 * "Environment" tables of the package's README.md and of docs/proxy.md are all made from these rows
 * (`npm run docs:proxy` writes the tables; test/node/proxy-docs.test.ts fails when one differs), so
 * they cannot drift. A new variable is one name in `ProxyEnv` and one row here: the type wants a row
 * for every name. Defaults are the constants the code uses, not copies of them.
 */
import { DEFAULT_CATALOG_CACHING } from '../http/cache-policy.js';
import { DEFAULT_HOLD_SECONDS, DEFAULT_LIMITS, MAX_HOLD_SECONDS } from '../resolve-options.js';
import { DEFAULT_STATE_PREFIX } from '../state/proxy-state.js';
import { MIN_SIGNING_KEY_LENGTH } from '../tokens/signing.js';
import { DEFAULT_HOST, DEFAULT_PORT, ProxyEnv } from './server-config.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './server-defaults.js';

export interface ProxySetting {
  /** `yes`, `no`, or when it is needed (`partner scheme`). */
  required: string;
  /** The value used when it is unset, as text (`—` for a required one). */
  default: string;
  /** One line of `--help`. */
  help: string;
  /** The tables' "meaning", in Markdown; `[text](#anchor)` links into docs/proxy.md. */
  meaning: string;
}

const NONE = 'none';
const REQUIRED = '—';

/** In the order the tables and `--help` list them. */
export const PROXY_SETTINGS: { readonly [K in keyof typeof ProxyEnv]: ProxySetting } = {
  upstream: {
    required: 'yes',
    default: REQUIRED,
    help: "the service's base URL",
    meaning:
      'Base URL of the scheduling service, e.g. `https://api.scheduling.example`. May carry a path prefix; no credentials, query or fragment.',
  },
  apiKey: {
    required: 'partner scheme',
    default: REQUIRED,
    help: 'partner API key, with the token',
    meaning: 'Partner API key, sent as the `apiKey` header.',
  },
  token: {
    required: 'partner scheme',
    default: REQUIRED,
    help: "the account's single-sign-on token",
    meaning: "The account's single-sign-on token, sent as the `token` header.",
  },
  clientId: {
    required: 'OAuth scheme',
    default: REQUIRED,
    help: 'OAuth client id, or else the partner credentials',
    meaning: "OAuth application's client id.",
  },
  clientSecret: {
    required: 'OAuth scheme',
    default: REQUIRED,
    help: 'OAuth client secret',
    meaning: "OAuth application's client secret.",
  },
  refreshToken: {
    required: 'OAuth scheme',
    default: REQUIRED,
    help: 'a refresh token of your account',
    meaning: 'A refresh token of your account; the proxy gets access tokens with it.',
  },
  companies: {
    required: 'yes',
    default: REQUIRED,
    help: 'the company ids or externalIds it serves, comma-separated',
    meaning:
      'Comma-separated company ids or externalIds, exactly as the widget names them (list both forms if it may use either). Anything else: 403.',
  },
  origins: {
    required: 'yes',
    default: REQUIRED,
    help: "the pages' origins allowed to call it (CORS), comma-separated",
    meaning:
      "Comma-separated origins of the pages that embed the widget, `https://host[:port]`, exact match. Include your own site's origin even when the proxy is on the same site.",
  },
  basePath: {
    required: 'no',
    default: NONE,
    help: 'a path prefix it serves under, such as /booking-api',
    meaning: 'Path prefix the proxy is mounted under, e.g. `/booking-api`.',
  },
  host: {
    required: 'no',
    default: `\`${DEFAULT_HOST}\``,
    help: 'the address it listens on',
    meaning: 'Address to listen on (Node and Deno).',
  },
  port: {
    required: 'no',
    default: `\`${DEFAULT_PORT}\``,
    help: 'the port it listens on; 0 picks a free one',
    meaning: 'Port to listen on (Node and Deno). `0` picks a free one.',
  },
  trustForwarded: {
    required: 'no',
    default: '`false`',
    help: 'reverse proxies in front of it whose X-Forwarded-For counts',
    meaning:
      "`true` when one reverse proxy of yours sits in front; a number when there are several (a CDN in front of nginx: `2`). The rate limit then counts the address those proxies recorded in `X-Forwarded-For`, instead of the socket's. Leave it `false` otherwise: anyone can write that header.",
  },
  rateLimit: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.postRateLimit.max}\``,
    help: 'POSTs per client address per window; 0 turns the limit off',
    meaning: 'POSTs (client and appointment creation) allowed per client address per window. `0` turns the limit off.',
  },
  rateWindow: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.postRateLimit.windowSeconds}\``,
    help: 'the rate-limit window, in seconds',
    meaning: 'Length of the sliding rate-limit window, in seconds.',
  },
  manageReadRateLimit: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.manageReadRateLimit.max}\``,
    help: 'reads of a booking through its manage link, per address per window; 0: off',
    meaning:
      'Reads of a booking through its manage link allowed per client address per window (the same window), counted apart from the POSTs so that opening a link never uses up the moves and cancellations. `0` turns it off.',
  },
  readRateLimit: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.readRateLimit.max}\``,
    help: 'reads (the company, its lists, free slots) per client address per minute; 0: no limit',
    meaning:
      'Reads (the company, its lists, free slots) allowed per client address per minute, counted apart from the POSTs. `0` turns the limit off.',
  },
  concurrentReads: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.concurrentReads}\``,
    help: 'free-slot queries one address may have waiting on the service at once; 0: no cap',
    meaning:
      'Free-slot queries one client address may have waiting on the service at once, per process; more are answered 429 at once. `0`: no cap.',
  },
  slotCacheMs: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.slotCacheMs}\``,
    help: 'how long identical free-slot queries share one answer, in ms; 0: off',
    meaning:
      'How long an answer to a free-slot query is shared by every visitor asking exactly the same (per process; identical queries in flight share one call). Held times are taken out of each copy as it is sent. `0` turns it off.',
  },
  maxBodyBytes: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.maxBodyBytes}\``,
    help: 'the largest POST body accepted, in bytes',
    meaning: 'Largest POST body accepted.',
  },
  timeout: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.upstreamTimeoutMs}\``,
    help: 'how long the service may take to answer, in ms',
    meaning: 'How long the service may take to answer, token refresh included.',
  },
  bodyTimeout: {
    required: 'no',
    default: `\`${DEFAULT_LIMITS.bodyTimeoutMs}\``,
    help: 'how long a browser may take to send a POST body, in ms',
    meaning: 'How long a browser may take to send a POST body (408 past it).',
  },
  headersTimeout: {
    required: 'no',
    default: `\`${DEFAULT_HEADERS_TIMEOUT_MS}\``,
    help: 'Node only: ms a client may take to send its request line and headers',
    meaning: 'Node only: how long a client may take to send its request line and headers; past it, 408 and the connection is closed.',
  },
  maxConnections: {
    required: 'no',
    default: `\`${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS}\` (none with \`${ProxyEnv.trustForwarded}\`)`,
    help: 'Node only: connections one address may hold open at once; 0: no cap',
    meaning:
      'Node only: connections one socket address (an IPv6 /64) may hold open at once; more are closed as they arrive. `0`: no cap. Behind a front every connection comes from the front, so the cap is off there unless you set one: let the front cap its clients ([Limits](#limits)).',
  },
  cacheSeconds: {
    required: 'no',
    default: `\`${DEFAULT_CATALOG_CACHING.maxAgeSeconds}\``,
    help: 'how long browsers and CDNs may reuse the company and its lists',
    meaning: 'How long browsers and CDNs may reuse the company and its lists ([Caching](#caching)); `0` stores nothing.',
  },
  cacheStaleSeconds: {
    required: 'no',
    default: `\`${DEFAULT_CATALOG_CACHING.staleSeconds}\``,
    help: 'how long past that a CDN may serve its copy while it fetches anew',
    meaning: 'How long past that a CDN may serve its copy while it fetches a fresh one.',
  },
  signingKey: {
    required: 'several instances',
    default: 'random per process',
    help: `the key of the tokens it hands out: ${MIN_SIGNING_KEY_LENGTH}+ characters, the same on every instance`,
    meaning: `Signs the client tokens the proxy hands out ([security notes](#security-notes)); at least ${MIN_SIGNING_KEY_LENGTH} characters, e.g. from \`openssl rand -base64 32\`. Without it each process makes its own key at start, which is fine for one process; every instance behind a load balancer, and every Worker isolate, must be given the same one.`,
  },
  previousSigningKey: {
    required: 'no',
    default: NONE,
    help: 'the key before the current one, while rotating: its tokens stay valid',
    meaning:
      'The key used before the current one, during a rotation: tokens it signed stay valid. Remove it an hour after the rotation, or, with manage links on, once the bookings it signed links for are a week past.',
  },
  manageBookings: {
    required: 'no',
    default: '`false`',
    help: 'true: visitors reschedule and cancel through signed links; needs the key',
    meaning: `\`true\` lets visitors read, reschedule and cancel their own booking through the signed link the proxy adds to each booking ([Let visitors manage their booking](#let-visitors-manage-their-booking)). Requires \`${ProxyEnv.signingKey}\`: the proxy refuses to start without it.`,
  },
  walkInQueues: {
    required: 'no',
    default: '`false`',
    help: 'true: visitors join, read and leave a walk-in line; needs the key',
    meaning: `\`true\` lets visitors join a served company's walk-in line, read their place and leave it ([Walk-in lines](#walk-in-lines)). Requires \`${ProxyEnv.signingKey}\`.`,
  },
  holdSeconds: {
    required: 'no',
    default: `\`${DEFAULT_HOLD_SECONDS}\``,
    help: `how long a chosen time is held for its visitor, in seconds (0: off)`,
    meaning: `How long, in seconds, the time a visitor chose is held for them while they type their details: other visitors are not offered it and cannot book it ([Held times](#held-times)). \`0\` turns holds off; at most ${MAX_HOLD_SECONDS}.`,
  },
  publicUrl: {
    required: 'no',
    default: NONE,
    help: 'where the service reaches the proxy: hears of bookings made elsewhere',
    meaning: `The proxy's own public base URL, as the widget's \`api-base\` names it, e.g. \`https://shop.example/booking-api\`; the scheduling service must be able to reach it. With it the proxy registers the service's watches and tells open pages of times booked or cancelled elsewhere (the dashboard, the phone) within seconds ([Changes made elsewhere](#changes-made-elsewhere)). Give every instance the same \`${ProxyEnv.signingKey}\`. Without it, such changes reach a page when it next loads its times.`,
  },
  challenge: {
    required: 'no',
    default: '`false`',
    help: 'true: every booking carries a solved proof-of-work challenge (ALTCHA)',
    meaning: `\`true\` asks every booking for a proof of work that the widget solves while the visitor types, each accepted once ([Bots: the booking challenge](#bots-the-booking-challenge)). Several instances need the same \`${ProxyEnv.signingKey}\`, which the challenge's key is derived from.`,
  },
  redisUrl: {
    required: 'no',
    default: NONE,
    help: 'share rate limits, the OAuth token and booking records; npm install ioredis',
    meaning:
      '`redis://[:password@]host:port[/db]` (or `rediss://` for TLS): instances that name the same Redis share their rate-limit counts, OAuth token and booking records (see [Running more than one instance](#running-more-than-one-instance)). Node and Deno; install `ioredis` beside the proxy (`npm install ioredis`). Without it, each process keeps its own, in memory.',
  },
  redisPrefix: {
    required: 'no',
    default: `\`${DEFAULT_STATE_PREFIX}\``,
    help: 'put in front of every Redis key: one per merchant account sharing a Redis',
    meaning: 'Put in front of every Redis key: give each merchant account its own when several share one Redis.',
  },
  now: {
    required: 'no',
    default: 'real time',
    help: "previews and tests only: the instant the proxy's clock starts at",
    meaning: `Previews and tests only: an ISO 8601 instant with its offset, e.g. \`2026-03-04T15:00:00Z\`, that the proxy's clock starts at; from there it runs at the real clock's pace (a stopped clock would never let a rate-limit window slide or a record expire). Give it the sandbox's \`--now\` so that the booking window is checked on the sandbox's day. Anything that is not such an instant stops the proxy at start. Never set it in production.`,
  },
};

/** The settings as rows: the variable's name first. */
export const proxySettings = (): (ProxySetting & { name: ProxyEnv })[] =>
  (Object.keys(PROXY_SETTINGS) as (keyof typeof ProxyEnv)[]).map((key) => ({ name: ProxyEnv[key], ...PROXY_SETTINGS[key] }));

/**
 * The Markdown table of every variable. `links`: keep the `(#anchor)` links (docs/proxy.md, where the
 * anchors are), or leave their text alone (the package's README.md, which has no such sections).
 */
export function environmentTable(links: boolean): string {
  const text = (markdown: string) => (links ? markdown : markdown.replace(/\[([^\]]+)\]\(#[\w-]+\)/g, '$1'));
  return [
    '| variable | required | default | meaning |',
    '|---|---|---|---|',
    ...proxySettings().map((row) => `| \`${row.name}\` | ${row.required} | ${row.default} | ${text(row.meaning)} |`),
  ].join('\n');
}
