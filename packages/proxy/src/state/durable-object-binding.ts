/**
 * The parts of the Durable Object API the proxy uses, for its state's objects
 * (durable-objects.ts) and the live channel's (live/durable-object-live.ts): reached
 * with `fetch`, so no `cloudflare:workers` type is needed.
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** The parts of `DurableObjectState` used here. */
export interface DurableObjectStateLike {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}
