import type { ReactiveController } from 'lit';

/** Does what Lit does around a render: controllers' `hostUpdate` first (`render`); counts the updates asked for. */
export class FakeHost extends EventTarget {
  updates = 0;
  readonly updateComplete = Promise.resolve(true);
  private readonly _controllers: ReactiveController[] = [];
  addController(controller: ReactiveController): void {
    this._controllers.push(controller);
  }
  removeController(controller: ReactiveController): void {
    const index = this._controllers.indexOf(controller);
    if (index >= 0) this._controllers.splice(index, 1);
  }
  requestUpdate(): void {
    this.updates++;
  }
  render(): void {
    for (const controller of this._controllers) controller.hostUpdate?.();
  }
  /** What Lit does as the element connects: controllers' `hostConnected`. */
  connect(): void {
    for (const controller of this._controllers) controller.hostConnected?.();
  }
}
