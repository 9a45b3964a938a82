import { invalid } from '../http/api-error.js';
import { isRecord } from 'booking-widget-shared/is-record';

interface Presence {
  /** Missing, `null` and (for strings) blank values are refused. */
  required?: boolean;
}

export interface StringRule extends Presence {
  max?: number;
  pattern?: RegExp;
  /** What the pattern asks for, in the error message: `"HH:mm"`. */
  format?: string;
}

export interface NumberRule extends Presence {
  min?: number;
  max?: number;
  integer?: boolean;
}

export interface ListRule extends Presence {
  max?: number;
}

/**
 * Reads one JSON object of a request body, checking each field as it is read and
 * naming it by its dotted path (`start.dateTime`, `staff[0].id`) when it is wrong.
 * `null` counts as absent. Fields nobody reads are ignored, as the service does.
 */
export class Reader {
  private constructor(
    private readonly _value: Record<string, unknown>,
    private readonly _path: string,
  ) {}

  /** The whole body. */
  static body(value: unknown): Reader {
    if (!isRecord(value)) throw invalid(undefined, 'The body must be a JSON object.');
    return new Reader(value, '');
  }

  /** A nested object at `path`. */
  static at(value: unknown, path: string): Reader {
    if (!isRecord(value)) throw invalid(path, `"${path}" must be an object.`);
    return new Reader(value, path);
  }

  /** This object with `defaults` under the fields it does not set: an update read as a whole record. */
  withDefaults(defaults: Record<string, unknown>): Reader {
    const merged = { ...defaults };
    for (const [key, value] of Object.entries(this._value)) if (value !== undefined && value !== null) merged[key] = value;
    return new Reader(merged, this._path);
  }

  /** The dotted path of one of this object's fields. */
  field(key: string): string {
    return this._path ? `${this._path}.${key}` : key;
  }

  has(key: string): boolean {
    return this._value[key] !== undefined && this._value[key] !== null;
  }

  string(key: string, rule: StringRule = {}): string | undefined {
    const value = this._present(key, rule);
    if (value === undefined) return undefined;
    const field = this.field(key);
    if (typeof value !== 'string') throw invalid(field, `"${field}" must be a string.`);
    if (rule.required && value.trim() === '') throw invalid(field, `"${field}" must not be empty.`);
    if (rule.max !== undefined && value.length > rule.max) {
      throw invalid(field, `"${field}" is longer than ${rule.max} characters.`);
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      throw invalid(field, `"${field}" must be ${rule.format ?? 'well formed'}, not "${value.slice(0, 40)}".`);
    }
    return value;
  }

  number(key: string, rule: NumberRule = {}): number | undefined {
    const value = this._present(key, rule);
    if (value === undefined) return undefined;
    const field = this.field(key);
    const kind = rule.integer ? 'a whole number' : 'a number';
    if (typeof value !== 'number' || !Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) {
      throw invalid(field, `"${field}" must be ${kind}.`);
    }
    if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
      throw invalid(field, `"${field}" must be ${kind} from ${rule.min ?? '-∞'} to ${rule.max ?? '∞'}.`);
    }
    return value;
  }

  integer(key: string, rule: Omit<NumberRule, 'integer'> = {}): number | undefined {
    return this.number(key, { ...rule, integer: true });
  }

  boolean(key: string, rule: Presence = {}): boolean | undefined {
    const value = this._present(key, rule);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw invalid(this.field(key), `"${this.field(key)}" must be true or false.`);
    return value;
  }

  object(key: string, rule: Presence = {}): Reader | undefined {
    const value = this._present(key, rule);
    return value === undefined ? undefined : Reader.at(value, this.field(key));
  }

  /** A list, its items unchecked. */
  list(key: string, rule: ListRule = {}): unknown[] | undefined {
    const value = this._present(key, rule);
    if (value === undefined) return undefined;
    const field = this.field(key);
    if (!Array.isArray(value)) throw invalid(field, `"${field}" must be a list.`);
    if (rule.max !== undefined && value.length > rule.max) {
      throw invalid(field, `"${field}" has more than ${rule.max} entries.`);
    }
    return value;
  }

  /** A list of strings, each at most `maxLength` long. */
  strings(key: string, rule: ListRule & { maxLength?: number } = {}): string[] | undefined {
    return this.list(key, rule)?.map((item, index) => {
      const field = `${this.field(key)}[${index}]`;
      if (typeof item !== 'string') throw invalid(field, `"${field}" must be a string.`);
      if (rule.maxLength !== undefined && item.length > rule.maxLength) {
        throw invalid(field, `"${field}" is longer than ${rule.maxLength} characters.`);
      }
      return item;
    });
  }

  /** A list of objects, each read with its index in its path: `hours[2]`. */
  objects(key: string, rule: ListRule = {}): Reader[] | undefined {
    return this.list(key, rule)?.map((item, index) => Reader.at(item, `${this.field(key)}[${index}]`));
  }

  /** The raw value, for the few fields checked as a whole (extended properties). */
  raw(key: string): unknown {
    return this.has(key) ? this._value[key] : undefined;
  }

  private _present(key: string, rule: Presence): unknown {
    if (this.has(key)) return this._value[key];
    if (rule.required) throw invalid(this.field(key), `"${this.field(key)}" is required.`);
    return undefined;
  }
}
