export { createBookingProxy } from './create-booking-proxy.js';
export type {
  BookingProxy,
  BookingProxyContext,
  BookingProxyCredentials,
  BookingProxyLimits,
  BookingProxyLogEntry,
  BookingProxyOptions,
  OAuthCredentials,
  PartnerCredentials,
  PostRateLimit,
} from './options.js';
export { RefusalReason } from './http/refusal.js';
export { formatLogLine } from './http/log.js';
export { forwardedClientAddress } from './http/client-address.js';
export { ProxyEnv, readProxyEnv, type ProxyEnvReading, type ProxyServerConfig, type RedisConfig } from './node/server-config.js';
export { type ProxyState, StateUnavailable } from './state/proxy-state.js';
export { MemoryState, type MemoryStateOptions } from './state/memory-state.js';
export {
  type CatalogChanged,
  type LiveBus,
  type LiveListener,
  type LiveMessage,
  MemoryLiveBus,
  type SlotsChanged,
} from './live/live-bus.js';
