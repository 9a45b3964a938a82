import { isRecord } from 'booking-widget-shared/is-record';

/**
 * Keys dropped wherever they sit. `selfLink` is an absolute URL on the service's
 * own address (the proxy's upstream, maybe an internal host): the widget never
 * follows it, and the browser has no business learning where the service lives.
 */
const DROPPED_KEYS = new Set(['selfLink']);

/**
 * A copy of a JSON value without `extendedProperties.private` and `selfLink`,
 * wherever they sit: a company, a service inside a slot answer, a record in a
 * list inside a list. Copies are built with `Object.fromEntries`, so a
 * `__proto__` key stays plain data.
 */
export function withoutPrivateProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrivateProperties);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DROPPED_KEYS.has(key))
      .map(([key, item]) => [key, key === 'extendedProperties' ? publicPart(item) : withoutPrivateProperties(item)]),
  );
}

function publicPart(extendedProperties: unknown): unknown {
  if (!isRecord(extendedProperties)) return withoutPrivateProperties(extendedProperties);
  const { private: _private, ...rest } = extendedProperties;
  return withoutPrivateProperties(rest);
}
