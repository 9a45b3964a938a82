/**
 * How many requests ran one after another: the critical path in round trips.
 * A request that starts after another has ended is a later round trip than it;
 * requests that overlap are the same one.
 */

export interface TimedRequest {
  url: string;
  /** Milliseconds since the navigation started. */
  start: number;
  end: number;
}

export interface CriticalPath<T extends TimedRequest> {
  roundTrips: number;
  /** The requests of each round trip: `levels[0]` started first, `levels[n]` each waited for one of `levels[n - 1]`. */
  levels: T[][];
}

export function criticalPath<T extends TimedRequest>(requests: readonly T[]): CriticalPath<T> {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<T, number>();
  for (const request of sorted) {
    const before = sorted.filter((earlier) => earlier.end <= request.start).map((earlier) => depth.get(earlier)!);
    depth.set(request, 1 + Math.max(0, ...before));
  }
  const levels: T[][] = [];
  for (const request of sorted) (levels[depth.get(request)! - 1] ??= []).push(request);
  return { roundTrips: levels.length, levels };
}
