export { createBookingProxy } from './create-booking-proxy.js';
export type {
  BookingProxy,
  BookingProxyCredentials,
  BookingProxyLimits,
  BookingProxyLogEntry,
  BookingProxyOptions,
  OAuthCredentials,
  PartnerCredentials,
  PostRateLimit,
} from './options.js';
export { RefusalReason } from './refusal.js';
export { formatLogLine } from './log.js';
export { forwardedClientAddress } from './client-address.js';
export { ProxyEnv, readProxyEnv, type ProxyEnvReading, type ProxyServerConfig, type RedisConfig } from './server-config.js';
export { type ProxyState, StateUnavailable } from './state/proxy-state.js';
export { MemoryState, type MemoryStateOptions } from './state/memory-state.js';
