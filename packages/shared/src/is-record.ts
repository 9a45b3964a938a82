/** A JSON object: what a wire record is before its fields are read (an array is not one). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
