/** Figures of several runs, summarised as the median with the spread. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** How many runs gave a figure. */
  runs: number;
}

/** The median, min and max of the defined values; `undefined` when no run gave one. */
export function summarize(values: readonly (number | undefined)[]): Summary | undefined {
  const sorted = values.filter((value): value is number => value !== undefined && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** `123 ms (118–131)`; integers stay integers, small times keep one decimal. */
export function formatSummary(summary: Summary | undefined, unit = 'ms'): string {
  if (!summary) return '–';
  const number = (value: number) => (Number.isInteger(value) || Math.abs(value) >= 100 ? Math.round(value).toString() : value.toFixed(1));
  const spread = summary.min === summary.max ? '' : ` (${number(summary.min)}–${number(summary.max)})`;
  return `${number(summary.median)}${unit ? ` ${unit}` : ''}${spread}`;
}

/** Rounds a measured time for results.json: a tenth of a millisecond is more than the clocks give. */
export const round = (value: number): number => Math.round(value * 10) / 10;
