import { isCalendarDate, type CalendarDate } from 'booking-widget-shared/calendar-date';
import { isTimeZone } from 'booking-widget-shared/zone';
import { invalid } from './api-error.js';

/** A value quoted for an error message, cut short. */
const shown = (value: string): string => JSON.stringify(value.slice(0, 64));

/** Reads query parameters, naming the one at fault. An empty value counts as absent. */
export class QueryReader {
  constructor(private readonly _params: URLSearchParams) {}

  static of(url: string): QueryReader {
    return new QueryReader(new URL(url).searchParams);
  }

  string(name: string, required = false): string | undefined {
    const value = this._params.get(name) ?? '';
    if (value !== '') return value;
    if (required) throw invalid(name, `The query parameter "${name}" is required.`);
    return undefined;
  }

  integer(name: string, min: number, max: number): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const number = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(number >= min && number <= max)) {
      throw invalid(name, `"${name}" must be a whole number from ${min} to ${max}, not ${shown(value)}.`);
    }
    return number;
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw invalid(name, `"${name}" must be true or false, not ${shown(value)}.`);
  }

  date(name: string, required = false): CalendarDate | undefined {
    const value = this.string(name, required);
    if (value !== undefined && !isCalendarDate(value)) {
      throw invalid(name, `"${name}" must be a day written yyyy-MM-dd, not ${shown(value)}.`);
    }
    return value;
  }

  timeZone(name: string): string | undefined {
    const value = this.string(name);
    if (value !== undefined && !isTimeZone(value)) {
      throw invalid(name, `"${name}" is not a known time zone: ${shown(value as string)}.`);
    }
    return value;
  }

  /** A comma-separated list: `fields=id,name`. */
  list(name: string): string[] | undefined {
    return this.string(name)
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
}
