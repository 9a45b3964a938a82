import { parseArgs } from 'node:util';
import type { ForcedFailure } from './options.js';

export interface CliOptions {
  port: number;
  host: string;
  latencyMs: number;
  failures: ForcedFailure[];
  now?: string;
  dataFile?: string;
  help: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: booking-widget-sandbox [options]   (in this repository: npm run sandbox -- [options])

  --port N               port to listen on (default 8787; 0 picks a free one)
  --host HOST            address to listen on (default 127.0.0.1)
  --latency MS           milliseconds added to every response
  --fail [METHOD:]PATTERN=STATUS
                         answer STATUS to requests whose path contains PATTERN
                         (* matches anything); repeatable.
                         e.g. --fail freeSlots=503 --fail POST:/appointments=409
  --now ISO              fix the clock, e.g. 2026-03-04T15:00:00Z
  --data FILE            keep the state in FILE (JSON, written atomically)
  --help                 this text`;

function wholeNumber(flag: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`--${flag} takes a whole number up to ${max}, not "${value}".`);
  return Number(value);
}

/** `[METHOD:]PATTERN=STATUS` → a forced failure. */
export function parseFailure(text: string): ForcedFailure {
  const match = /^(?:([A-Za-z]+):)?(.+)=(\d{3})$/.exec(text);
  const status = Number(match?.[3]);
  if (!match || status < 400 || status > 599) {
    throw new UsageError(`--fail takes [METHOD:]PATTERN=STATUS with a status from 400 to 599, not "${text}".`);
  }
  return match[1] ? { path: match[2]!, status, method: match[1].toUpperCase() } : { path: match[2]!, status };
}

export function parseCliArgs(argv: string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        latency: { type: 'string', default: '0' },
        fail: { type: 'string', multiple: true, default: [] },
        now: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
    throw new UsageError(`--now takes an ISO date-time such as 2026-03-04T15:00:00Z, not "${values.now}".`);
  }
  return {
    port: wholeNumber('port', values.port, 65_535),
    host: values.host,
    latencyMs: wholeNumber('latency', values.latency, 600_000),
    failures: values.fail.map(parseFailure),
    now: values.now,
    dataFile: values.data,
    help: values.help,
  };
}
