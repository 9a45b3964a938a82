/**
 * An appointment as a manage link may show it: what, with whom, when, the
 * reference, and the visitor's name. Never the client's id, e-mail or phone, the
 * notes or the form answers: whoever holds the link (a forwarded e-mail, a shared
 * calendar) sees only what the link is for.
 */
import { isRecord } from 'booking-widget-shared/is-record';

const TOP_LEVEL = ['id', 'reference', 'status', 'start', 'end', 'resourceCount', 'iterationCount'] as const;
const NAMED = {
  company: ['id', 'name'],
  service: ['id', 'name'],
  resource: ['id', 'name'],
  staff: ['id', 'firstName', 'lastName'],
  client: ['firstName', 'lastName'],
} as const;

const pick = (record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));

export function visitorView(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const view = pick(value, TOP_LEVEL);
  for (const [key, fields] of Object.entries(NAMED)) {
    const nested = value[key];
    if (isRecord(nested)) view[key] = pick(nested, fields);
  }
  return view;
}
