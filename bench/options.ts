/**
 * The bench commands' command lines, read one way: node:util's `parseArgs` (strict: an
 * option the command does not know is a mistake), `--help`, each number a whole number
 * from a minimum, `--page` one of the bench's pages. A mistake is said in one line with
 * the command's usage, without a stack trace, and the command exits 1 before it builds
 * or starts anything.
 */
import { parseArgs } from 'node:util';
import { SCENARIOS, type Scenario } from './load.js';

type OptionSpec = { type: 'string'; short?: string; default?: string } | { type: 'boolean'; short?: string; default?: boolean };

/** The pages `--page` names, for a usage text. */
export const PAGE_KEYS = SCENARIOS.map((scenario) => scenario.key).join(', ');

/** Says what is wrong with the command line, and how to write it, and exits. */
function usageMistake(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

/**
 * Reads the command line against `options` (and `--help`, which prints `usage` and exits 0).
 * `whole` and `page` read an option's value, checked.
 */
export function commandLine<const O extends Record<string, OptionSpec>>(usage: string, options: O, { positionals = 0 } = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      strict: true,
      allowPositionals: positionals > 0,
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } } as const,
    });
  } catch (error) {
    usageMistake(error instanceof Error ? error.message : String(error), usage);
  }
  const values = parsed.values as unknown as { [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean : string | undefined } & {
    help: boolean;
  };
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== positionals) {
    usageMistake(`Expected ${positionals} argument${positionals === 1 ? '' : 's'}, got ${parsed.positionals.length}.`, usage);
  }
  return {
    values,
    positionals: parsed.positionals,
    /** The option's value as a whole number from `min` (its default, or `fallback`, when not given). */
    whole(name: keyof O & string, min: number, fallback?: string): number {
      const value = (values[name] as string | undefined) ?? fallback;
      const number = Number(value);
      if (value === undefined || !Number.isInteger(number) || number < min) {
        usageMistake(`--${name} must be a whole number from ${min}, not "${value}".`, usage);
      }
      return number;
    },
    /** The page `--page` names; `undefined` when it names none and has no default (every page). */
    page(): Scenario | undefined {
      const key = (values as Record<string, unknown>).page as string | undefined;
      if (key === undefined) return undefined;
      return SCENARIOS.find((scenario) => scenario.key === key) ?? usageMistake(`--page must be one of ${PAGE_KEYS}, not "${key}".`, usage);
    },
  };
}
