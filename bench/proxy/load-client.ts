/**
 * A closed-loop load generator: `concurrency` workers each send their next request
 * as soon as the last one is answered, round robin over the instances (what a load
 * balancer does). Keep-alive connections, as between a load balancer and its
 * back ends.
 */
import { Agent, request } from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Latencies in ms, sorted. */
  latencies: Float64Array;
  /** Statuses seen, with counts; `error` for a connection that failed. */
  statuses: Record<string, number>;
}

export const percentile = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function runLoad(
  bases: string[],
  total: number,
  concurrency: number,
  next: (index: number) => LoadRequest,
  /** Given: each answer's body is read and handed over (a created client's token, for the bookings after it). */
  answered?: (index: number, status: number, body: string) => void,
): Promise<LoadResult> {
  // Idle sockets are dropped before the proxy's 5 s keep-alive timeout would close
  // them under a request (what a load balancer's idle timeout is for).
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency, timeout: 4000 });
  const latencies = new Float64Array(total);
  const statuses: Record<string, number> = {};
  let issued = 0;
  const one = (base: string, load: LoadRequest, index: number) =>
    new Promise<number | string>((resolve, reject) => {
      const url = new URL(base + load.path);
      const outgoing = request(
        { agent, method: load.method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: load.headers },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          if (!answered) {
            incoming.resume();
            incoming.on('end', () => resolve(status));
            return;
          }
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (body += chunk));
          incoming.on('end', () => {
            answered(index, status, body);
            resolve(status);
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(load.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = issued++; index < total; index = issued++) {
        const sent = performance.now();
        // A reset connection is counted, not fatal: the figures say how many there were.
        const status = await one(bases[index % bases.length]!, next(index), index).catch(() => 'error');
        latencies[index] = performance.now() - sent;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: total, seconds, latencies: latencies.sort(), statuses };
}
