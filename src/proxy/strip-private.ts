const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a JSON value without `extendedProperties.private`, wherever it sits:
 * a company, a service inside a slot answer, a record in a list inside a list.
 * Copies are built with `Object.fromEntries`, so a `__proto__` key stays plain data.
 */
export function withoutPrivateProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrivateProperties);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'extendedProperties' ? publicPart(item) : withoutPrivateProperties(item)]),
  );
}

function publicPart(extendedProperties: unknown): unknown {
  if (!isPlainObject(extendedProperties)) return withoutPrivateProperties(extendedProperties);
  const { private: _private, ...rest } = extendedProperties;
  return withoutPrivateProperties(rest);
}
