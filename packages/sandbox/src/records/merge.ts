/** `previous` with every field `changes` sets; an undefined change leaves the field as it was (update semantics). */
export function merge<T extends object>(previous: T, changes: { [K in keyof T]?: T[K] | undefined }): T {
  const result = { ...previous } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) result[key] = value;
  return result as T;
}
