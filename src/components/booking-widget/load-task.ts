/**
 * A load that starts again whenever its inputs change, and renders as it stands: what the
 * catalog needs of Lit's `Task` (@lit/task), which the script-tag bundle carried whole for
 * these lines (0.4 KB brotli). As there: the inputs are read before each update, the last load
 * started is the one that lands (an earlier one is aborted), and a load may answer
 * `NOTHING_TO_LOAD` to go back to the initial state.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A load's answer when there is nothing to load yet (several locations, none chosen). */
export const NOTHING_TO_LOAD = Symbol();

export interface LoadTaskOptions<T> {
  /** Loads for `inputs`; `signal` aborts once other inputs have started another load. */
  load(inputs: readonly unknown[], options: { signal: AbortSignal }): Promise<T | typeof NOTHING_TO_LOAD>;
  /** What the load depends on, read before each update of the host. */
  inputs(): readonly unknown[];
  loaded(value: T): void;
  failed(error: unknown): void;
}

/** What to render in each state; nothing where a renderer is left out. */
export interface LoadRenderers {
  initial?: () => unknown;
  pending?: () => unknown;
  complete?: () => unknown;
  error?: (error: unknown) => unknown;
}

export class LoadTask<T> implements ReactiveController {
  private _state: keyof LoadRenderers = 'initial';
  private _error: unknown;
  private _inputs: readonly unknown[] | undefined;
  private _load: AbortController | undefined;

  constructor(
    private readonly _host: ReactiveControllerHost,
    private readonly _options: LoadTaskOptions<T>,
  ) {
    _host.addController(this);
  }

  /**
   * The load starts as the host connects (after what the page sets in the same task), not at its first
   * update, which the host may hold back to a later task.
   */
  hostConnected(): void {
    queueMicrotask(() => this.hostUpdate());
  }

  hostUpdate(): void {
    const inputs = this._options.inputs();
    if (!this._inputs || inputs.some((input, index) => !Object.is(input, this._inputs![index]))) void this.run(inputs);
  }

  /** Loads again, with the inputs as they are (`Try again`). */
  async run(inputs = this._options.inputs()): Promise<void> {
    this._inputs = inputs;
    this._load?.abort();
    const load = (this._load = new AbortController());
    this._state = 'pending';
    this._host.requestUpdate();
    let value: T | typeof NOTHING_TO_LOAD | undefined;
    let failed = false;
    try {
      value = await this._options.load(inputs, { signal: load.signal });
    } catch (error) {
      failed = true;
      this._error = error;
    }
    if (load !== this._load) return;
    this._state = failed ? 'error' : value === NOTHING_TO_LOAD ? 'initial' : 'complete';
    this._host.requestUpdate();
    if (failed) this._options.failed(this._error);
    else if (value !== NOTHING_TO_LOAD) this._options.loaded(value as T);
  }

  render(renderers: LoadRenderers): unknown {
    return this._state === 'error' ? renderers.error?.(this._error) : renderers[this._state]?.();
  }
}
