import { ProxyEnv, type ProxyServerConfig } from './server-config.js';

/**
 * What `npm run proxy` prints once it listens: enough to see it is wired as meant,
 * and never a secret (only which kind of credentials it holds).
 */
export function describeServer(config: ProxyServerConfig, listenUrl: string): string {
  const { options, trustedHops } = config;
  const rate = options.limits?.postRateLimit;
  const reads = options.limits?.manageReadRateLimit;
  const counting = trustedHops ? `X-Forwarded-For, ${trustedHops} trusted proxy hop(s)` : 'socket address';
  return [
    `booking-proxy listening on ${listenUrl}`,
    `  upstream     ${options.upstream}`,
    `  companies    ${options.companies.join(', ')}`,
    `  origins      ${options.allowedOrigins.join(', ')} (a page of any other origin cannot read an answer; each refusal is logged with origin=…)`,
    `  credentials  ${'refreshToken' in options.credentials ? 'OAuth refresh token' : 'partner apiKey + token'} (not shown)`,
    `  limits       bodies up to ${options.limits?.maxBodyBytes} bytes; ` +
      (rate ? `${rate.max} POSTs per ${rate.windowSeconds} s per client (${counting})` : 'no POST rate limit') +
      (options.manageBookings && reads ? `, ${reads.max} manage-link reads per ${reads.windowSeconds} s` : '') +
      `; upstream timeout ${options.limits?.upstreamTimeoutMs} ms; body timeout ${options.limits?.bodyTimeoutMs} ms`,
    `  signing key  ${signingKeySource(options.signingKeys)}`,
    `  manage links ${options.manageBookings ? 'on: visitors reschedule and cancel through the links the proxy signs' : `off (${ProxyEnv.manageBookings})`}`,
    `  caching      ${cachingSummary(options.cache)}`,
    // Changes made elsewhere (service contract §14): whether the service can tell this proxy of them.
    `  watches      ${options.publicUrl ? `the service's, delivered to ${options.publicUrl}/proxy/… (registered at the first request)` : `off: changes made elsewhere reach pages at their next load (${ProxyEnv.publicUrl})`}`,
    `  state        ${config.redis ? `Redis at ${redisAddress(config.redis.url)}, keys under "${config.redis.prefix}", shared by every instance` : 'in this process (one instance)'}`,
    `  clock        ${config.pinnedNow === undefined ? 'real time' : `pinned to ${new Date(config.pinnedNow).toISOString()} at start, then running (${ProxyEnv.now}; previews and tests only)`}`,
  ].join('\n');
}

function cachingSummary(cache: { maxAgeSeconds?: number; staleSeconds?: number } | false | undefined): string {
  if (cache === false || cache?.maxAgeSeconds === 0) return 'nothing (free times and bookings never are)';
  return `the company and its lists for ${cache?.maxAgeSeconds} s, stale for ${cache?.staleSeconds} s more (free times and bookings never)`;
}

/** Where the key comes from, never the key; a random one is fine alone and wrong behind a load balancer. */
function signingKeySource(keys: readonly string[] | undefined): string {
  if (!keys) return `random, this process only (set ${ProxyEnv.signingKey} when several instances serve one site)`;
  return `${ProxyEnv.signingKey}${keys.length > 1 ? ` and ${ProxyEnv.previousSigningKey}` : ''} (not shown)`;
}

/** `host:port/db` of a Redis URL: never its user name or password. */
function redisAddress(url: string): string {
  const { protocol, host, pathname } = new URL(url);
  return `${protocol}//${host}${pathname.length > 1 ? pathname : ''}`;
}

/** `http://127.0.0.1:8788/booking-api`, with IPv6 hosts in brackets. */
export const listenUrl = (host: string, port: number, basePath = ''): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath.replace(/\/+$/, '')}`;
