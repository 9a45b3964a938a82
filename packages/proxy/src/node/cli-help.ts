/** `booking-widget-proxy --help`: what the Node entry reads from its environment, in brief. */
import { ProxyEnv } from './server-config.js';

export const PROXY_USAGE = `Usage: booking-widget-proxy   (in this repository: npm run proxy)

The booking proxy as a Node server: it holds the scheduling service's credentials
and forwards only what a booking page needs. It is configured from the environment:

  ${ProxyEnv.upstream}        the service's base URL (required)
  ${ProxyEnv.companies}       the company ids or externalIds it serves, comma-separated (required)
  ${ProxyEnv.apiKey}, ${ProxyEnv.token}
                                 partner credentials, or else the OAuth ones:
  ${ProxyEnv.clientId}, ${ProxyEnv.clientSecret}, ${ProxyEnv.refreshToken}
  ${ProxyEnv.origins}         the pages' origins allowed to call it (CORS), comma-separated
  ${ProxyEnv.host}, ${ProxyEnv.port}   where it listens (default 127.0.0.1, 8788)
  ${ProxyEnv.basePath}       a path prefix it serves under, such as /booking-api
  ${ProxyEnv.trustForwarded}  reverse proxies in front of it whose X-Forwarded-For counts
  ${ProxyEnv.signingKey}     the key of the tokens it hands out (32+ characters; the same on every instance)
  ${ProxyEnv.manageBookings}  true: visitors may reschedule and cancel through signed links (needs the key)
  ${ProxyEnv.redisUrl}       share rate limits, the OAuth token and booking records with other instances
  ${ProxyEnv.rateLimit}, ${ProxyEnv.rateWindow}, ${ProxyEnv.maxBodyBytes},
  ${ProxyEnv.readRateLimit}, ${ProxyEnv.concurrentReads}, ${ProxyEnv.slotCacheMs},
  ${ProxyEnv.timeout}, ${ProxyEnv.bodyTimeout},
  ${ProxyEnv.headersTimeout}, ${ProxyEnv.maxConnections}     limits

Every variable with its default: the package's README.md, "Environment".`;
