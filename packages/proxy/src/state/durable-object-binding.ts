/**
 * The part of a Durable Object namespace binding (`env.X`) the proxy uses: its state's
 * objects (durable-objects.ts) and the live channel's (live/durable-object-live.ts) are
 * reached through it, with `fetch`, so no `cloudflare:workers` type is needed.
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> };
}
