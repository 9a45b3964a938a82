import { type CatalogImports, type Messages, SUPPORTED_LANGUAGES } from '../../../src/i18n/index.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/**
 * Catalog imports that wait for the test: each call is recorded under its
 * language with a promise the test resolves or rejects, so loading, arrival,
 * failure and races are each checked without timers.
 */
export function controlledImports() {
  const calls: Partial<Record<string, Deferred<Messages>[]>> = {};
  const imports = Object.fromEntries(
    SUPPORTED_LANGUAGES.filter((language) => language !== 'en').map((language) => [
      language,
      () => {
        const call = deferred<Messages>();
        (calls[language] ??= []).push(call);
        return call.promise;
      },
    ]),
  ) as CatalogImports;
  /** The pending import of `language`: the latest one, or the `index`th. */
  const call = (language: string, index = -1) => {
    const list = calls[language] ?? [];
    const found = list.at(index);
    if (!found) throw new Error(`no import of "${language}" was started`);
    return found;
  };
  return { imports, calls, call };
}

/** Runs `action` with `console.warn` captured, so an expected warning neither clutters the log nor goes unchecked. */
export async function captureWarnings<T>(action: () => Promise<T>): Promise<{ result: T; warnings: unknown[][] }> {
  const warn = console.warn;
  const warnings: unknown[][] = [];
  console.warn = (...args: unknown[]) => warnings.push(args);
  try {
    return { result: await action(), warnings };
  } finally {
    console.warn = warn;
  }
}
