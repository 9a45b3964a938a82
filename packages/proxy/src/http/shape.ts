/**
 * A tiny structural check for the two POST bodies: which keys may appear (at any
 * depth) and the JSON type of each. Whether a field is required, or well-formed
 * beyond its type, is the service's to say; the proxy only makes sure nothing it
 * does not know about gets through.
 */
import { isRecord } from 'booking-widget-shared/is-record';

export type ScalarShape = 'string' | 'boolean' | 'integer';
export type FieldShape = ScalarShape | ObjectShape | readonly [ObjectShape];
export interface ObjectShape {
  readonly [key: string]: FieldShape;
}

/**
 * The shape of a wire record type: every key of `T`, no other, each with its JSON
 * type. Typing the shapes with it keeps them in step with the wire types (booking-widget-shared/types).
 */
export type ShapeOf<T> = { readonly [K in keyof T]-?: FieldShapeOf<NonNullable<T[K]>> };
type FieldShapeOf<V> = V extends string
  ? 'string'
  : V extends boolean
    ? 'boolean'
    : V extends number
      ? 'integer'
      : V extends readonly (infer E)[]
        ? readonly [ShapeOf<E>]
        : V extends object
          ? ShapeOf<V>
          : never;

export interface ShapeProblem {
  /** Dotted path of the offending field, `emailAddresses[0].email`; `body` for the whole body. */
  field: string;
  message: string;
}

const SCALAR_NAMES: Record<ScalarShape, string> = { string: 'a string', boolean: 'true or false', integer: 'a whole number' };

function matchesScalar(value: unknown, shape: ScalarShape): boolean {
  if (shape === 'integer') return Number.isSafeInteger(value);
  return typeof value === shape;
}

/** The first field of `value` that does not fit `shape`, or `undefined` when it all fits. */
export function findShapeProblem(value: unknown, shape: ObjectShape, at = ''): ShapeProblem | undefined {
  if (!isRecord(value)) return { field: at || 'body', message: `${at || 'The body'} must be a JSON object.` };
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    // The key is the visitor's choice: named in `field` only, never repeated in the message.
    if (!Object.hasOwn(shape, key)) return { field, message: 'This field is not accepted by the booking proxy.' };
    const problem = checkField(item, shape[key]!, field);
    if (problem) return problem;
  }
  return undefined;
}

function checkField(value: unknown, shape: FieldShape, field: string): ShapeProblem | undefined {
  if (typeof shape === 'string') {
    return matchesScalar(value, shape) ? undefined : { field, message: `${field} must be ${SCALAR_NAMES[shape]}.` };
  }
  if (!Array.isArray(shape)) return findShapeProblem(value, shape as ObjectShape, field);
  if (!Array.isArray(value)) return { field, message: `${field} must be a list.` };
  for (const [index, item] of value.entries()) {
    const problem = findShapeProblem(item, shape[0] as ObjectShape, `${field}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}
